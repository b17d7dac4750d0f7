import { forwardRef } from "react";
import { seriesColour } from "../../components/charts/chartTheme";
import { formatCount } from "../../lib/format";
import { type PlotIntersection, type PlotSet, sameSets } from "./UpSetPlot";

interface VennDiagramProps {
  sets: PlotSet[];
  intersections: PlotIntersection[];
  selected: number[] | null;
  onSelect: (sets: number[]) => void;
}

const WIDTH = 520;
const RADIUS = 112;

/** Circle centres and region label points of the two- and three-set layouts (not area-proportional). */
const LAYOUTS: Record<
  2 | 3,
  {
    centres: [number, number][];
    labels: [number, number][];
    regions: { sets: number[]; at: [number, number] }[];
    height: number;
  }
> = {
  2: {
    centres: [
      [195, 170],
      [325, 170],
    ],
    labels: [
      [150, 36],
      [370, 36],
    ],
    regions: [
      { sets: [0], at: [140, 170] },
      { sets: [1], at: [380, 170] },
      { sets: [0, 1], at: [260, 170] },
    ],
    height: 310,
  },
  3: {
    centres: [
      [205, 165],
      [315, 165],
      [260, 260],
    ],
    labels: [
      [150, 32],
      [370, 32],
      [260, 398],
    ],
    regions: [
      { sets: [0], at: [160, 135] },
      { sets: [1], at: [360, 135] },
      { sets: [2], at: [260, 315] },
      { sets: [0, 1], at: [260, 125] },
      { sets: [0, 2], at: [205, 235] },
      { sets: [1, 2], at: [315, 235] },
      { sets: [0, 1, 2], at: [260, 195] },
    ],
    height: 410,
  },
};

const clip = (label: string, max = 34) => (label.length > max ? `${label.slice(0, max - 1)}…` : label);

/**
 * A Venn diagram of two or three sets (plain SVG, text as text). Circles are of equal size: the
 * numbers, not the areas, are the region sizes. Each region's number is a button choosing it.
 */
export const VennDiagram = forwardRef<SVGSVGElement, VennDiagramProps>(function VennDiagram(
  { sets, intersections, selected, onSelect },
  ref,
) {
  const layout = LAYOUTS[sets.length === 3 ? 3 : 2];
  const sizeOf = (s: number[]) => intersections.find((x) => sameSets(x.sets, s))?.exclusiveSize ?? 0;
  return (
    <svg
      ref={ref}
      xmlns="http://www.w3.org/2000/svg"
      width={WIDTH}
      height={layout.height}
      viewBox={`0 0 ${WIDTH} ${layout.height}`}
      fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
      className="venn-diagram"
      data-testid="venn-diagram"
    >
      <title>{`Venn diagram of ${sets.length} sets`}</title>
      <rect x={0} y={0} width={WIDTH} height={layout.height} fill="#ffffff" />
      {layout.centres.map(([cx, cy], i) => (
        <circle
          key={`${cx},${cy}`}
          cx={cx}
          cy={cy}
          r={RADIUS}
          fill={seriesColour(i)}
          fillOpacity={0.18}
          stroke={seriesColour(i)}
          strokeWidth={2}
        />
      ))}
      {layout.labels.map(([x, y], i) => (
        <text key={`${x},${y}`} x={x} y={y} textAnchor="middle" fontSize={13} fontWeight={600} fill="#17212b">
          <title>{sets[i]?.label}</title>
          {clip(sets[i]?.label ?? "")} ({formatCount(sets[i]?.size ?? 0)})
        </text>
      ))}
      {layout.regions.map((region) => {
        const size = sizeOf(region.sets);
        const chosen = sameSets(selected, region.sets);
        const names = region.sets.map((s) => sets[s]?.label ?? String(s));
        const label = `${names.join(" and ")} only: ${formatCount(size)} genes`;
        const text = formatCount(size);
        const boxWidth = Math.max(34, text.length * 8 + 14);
        return (
          // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a <button>; it takes the role and keys
          <g
            key={region.sets.join("-")}
            role="button"
            tabIndex={0}
            aria-pressed={chosen}
            aria-label={label}
            className={`venn-region${chosen ? " is-chosen" : ""}`}
            onClick={() => onSelect(region.sets)}
            onKeyDown={(event) => {
              if (event.key === "Enter" || event.key === " ") {
                event.preventDefault();
                onSelect(region.sets);
              }
            }}
            data-testid="venn-region"
            data-sets={region.sets.join("-")}
          >
            <title>{label}</title>
            <rect
              x={region.at[0] - boxWidth / 2}
              y={region.at[1] - 13}
              width={boxWidth}
              height={24}
              rx={12}
              fill={chosen ? "#D55E00" : "#ffffff"}
              stroke={chosen ? "#D55E00" : "#5a6878"}
            />
            <text
              x={region.at[0]}
              y={region.at[1] + 4}
              textAnchor="middle"
              fontSize={13}
              fontWeight={600}
              fill={chosen ? "#ffffff" : "#17212b"}
            >
              {text}
            </text>
          </g>
        );
      })}
    </svg>
  );
});
