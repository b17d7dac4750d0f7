import { forwardRef, type KeyboardEvent } from "react";
import { seriesColour } from "../../components/charts/chartTheme";
import { formatCount } from "../../lib/format";

export interface PlotSet {
  label: string;
  size: number;
}
export interface PlotIntersection {
  sets: number[];
  exclusiveSize: number;
}

interface UpSetPlotProps {
  sets: PlotSet[];
  intersections: PlotIntersection[];
  /** The chosen intersection's sets (ascending), or null. */
  selected: number[] | null;
  onSelect: (sets: number[]) => void;
}

const LABEL_WIDTH = 200;
const SET_BAR_WIDTH = 110;
const GAP = 14;
const COLUMN = 30;
const BAR_AREA = 170;
const TOP = 24;
const ROW = 28;
const BOTTOM = 34;
const DOT = 7;

const INK = "#17212b";
const MUTED = "#5a6878";
const BAR = "#0072B2";
const CHOSEN = "#D55E00";
const EMPTY_DOT = "#d4dbe3";

export const sameSets = (a: number[] | null, b: number[]) =>
  a !== null && a.length === b.length && a.every((v, i) => v === b[i]);

/** A set's label cut to fit the label column (the full label is the element's title). */
const clip = (label: string, max = 27) => (label.length > max ? `${label.slice(0, max - 1)}…` : label);

/**
 * An UpSet plot drawn as plain SVG (text as text): one column per non-empty exclusive intersection,
 * its size as a bar above and its sets as filled dots in the matrix below; each set's size as a bar
 * to the left of its row. A column is a button: it chooses that intersection.
 */
export const UpSetPlot = forwardRef<SVGSVGElement, UpSetPlotProps>(function UpSetPlot(
  { sets, intersections, selected, onSelect },
  ref,
) {
  const matrixX = LABEL_WIDTH + SET_BAR_WIDTH + GAP;
  const matrixTop = TOP + BAR_AREA + 8;
  const width = matrixX + Math.max(intersections.length, 1) * COLUMN + 12;
  const height = matrixTop + sets.length * ROW + BOTTOM;
  const maxBar = Math.max(1, ...intersections.map((x) => x.exclusiveSize));
  const maxSet = Math.max(1, ...sets.map((s) => s.size));
  const rowY = (i: number) => matrixTop + i * ROW + ROW / 2;
  const ticks = [0, 0.5, 1].map((f) => Math.round(maxBar * f));

  const keyDown = (event: KeyboardEvent, chosen: number[]) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onSelect(chosen);
    }
  };

  return (
    <svg
      ref={ref}
      xmlns="http://www.w3.org/2000/svg"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      // Shrinks to a narrow screen down to 60% of its size (text stays legible); wider plots scroll.
      style={{ width: "100%", maxWidth: width, minWidth: Math.round(width * 0.6), height: "auto" }}
      fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
      data-testid="upset-plot"
    >
      <title>{`UpSet plot of ${sets.length} sets and ${intersections.length} non-empty intersections`}</title>
      <rect x={0} y={0} width={width} height={height} fill="#ffffff" />
      {/* Intersection-size axis */}
      <text
        x={matrixX - 44}
        y={TOP + BAR_AREA / 2}
        transform={`rotate(-90 ${matrixX - 44} ${TOP + BAR_AREA / 2})`}
        textAnchor="middle"
        fontSize={12}
        fontWeight={600}
        fill={INK}
      >
        Intersection size
      </text>
      <line x1={matrixX - 4} x2={matrixX - 4} y1={TOP} y2={TOP + BAR_AREA} stroke="#c5ced8" />
      {ticks.map((t) => {
        const y = TOP + BAR_AREA - (t / maxBar) * BAR_AREA;
        return (
          <g key={`tick-${t}`}>
            <line x1={matrixX - 8} x2={matrixX - 4} y1={y} y2={y} stroke="#c5ced8" />
            <text x={matrixX - 10} y={y + 4} textAnchor="end" fontSize={10} fill={MUTED}>
              {formatCount(t)}
            </text>
          </g>
        );
      })}

      {/* Set rows: stripes, labels and size bars */}
      {sets.map((set, i) => {
        // The longest bar leaves room on its left for its count.
        const barLength = (set.size / maxSet) * (SET_BAR_WIDTH - 44);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row is its set's position (two sets may share a label)
          <g key={`set-${i}`} data-testid="upset-set">
            {i % 2 === 0 && (
              <rect
                x={matrixX - 2}
                y={matrixTop + i * ROW}
                width={width - matrixX - 8}
                height={ROW}
                fill="#f3f6f9"
              />
            )}
            <rect x={6} y={rowY(i) - 5} width={10} height={10} rx={2} fill={seriesColour(i)} />
            <text x={22} y={rowY(i) + 4} fontSize={12} fill={INK}>
              <title>{set.label}</title>
              {clip(set.label)}
            </text>
            <rect
              x={LABEL_WIDTH + SET_BAR_WIDTH - barLength}
              y={rowY(i) - 8}
              width={barLength}
              height={16}
              fill="#7F7F7F"
            />
            <text
              x={LABEL_WIDTH + SET_BAR_WIDTH - barLength - 4}
              y={rowY(i) + 4}
              textAnchor="end"
              fontSize={10}
              fill={MUTED}
            >
              {formatCount(set.size)}
            </text>
          </g>
        );
      })}
      <text
        x={LABEL_WIDTH + SET_BAR_WIDTH / 2}
        y={matrixTop + sets.length * ROW + 22}
        textAnchor="middle"
        fontSize={12}
        fontWeight={600}
        fill={INK}
      >
        Set size
      </text>

      {/* One column per intersection */}
      {intersections.map((x, j) => {
        const left = matrixX + j * COLUMN;
        const centre = left + COLUMN / 2;
        const barHeight = (x.exclusiveSize / maxBar) * BAR_AREA;
        const chosen = sameSets(selected, x.sets);
        const names = x.sets.map((s) => sets[s]?.label ?? String(s));
        const label = `${names.join(" and ")} only: ${formatCount(x.exclusiveSize)} genes`;
        const first = Math.min(...x.sets);
        const last = Math.max(...x.sets);
        return (
          // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a <button>; it takes the role and keys
          <g
            key={x.sets.join("-")}
            role="button"
            tabIndex={0}
            aria-pressed={chosen}
            aria-label={label}
            className={`upset-column${chosen ? " is-chosen" : ""}`}
            onClick={() => onSelect(x.sets)}
            onKeyDown={(event) => keyDown(event, x.sets)}
            data-testid="upset-column"
            data-sets={x.sets.join("-")}
            data-size={x.exclusiveSize}
          >
            <title>{label}</title>
            <rect
              x={left}
              y={TOP - 14}
              width={COLUMN}
              height={height - TOP - BOTTOM + 14}
              fill={chosen ? "#fdebe1" : "transparent"}
            />
            <rect
              x={left + 5}
              y={TOP + BAR_AREA - barHeight}
              width={COLUMN - 10}
              height={barHeight}
              fill={chosen ? CHOSEN : BAR}
            />
            <text
              x={centre}
              y={TOP + BAR_AREA - barHeight - 4}
              textAnchor="middle"
              fontSize={x.exclusiveSize >= 10_000 ? 8 : 10}
              fill={INK}
            >
              {formatCount(x.exclusiveSize)}
            </text>
            {x.sets.length > 1 && (
              <line
                x1={centre}
                x2={centre}
                y1={rowY(first)}
                y2={rowY(last)}
                stroke={chosen ? CHOSEN : INK}
                strokeWidth={2}
              />
            )}
            {sets.map((_, i) => (
              <circle
                key={rowY(i)}
                cx={centre}
                cy={rowY(i)}
                r={DOT}
                fill={x.sets.includes(i) ? (chosen ? CHOSEN : INK) : EMPTY_DOT}
              />
            ))}
          </g>
        );
      })}
    </svg>
  );
});
