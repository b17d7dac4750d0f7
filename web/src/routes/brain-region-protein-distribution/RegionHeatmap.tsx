import { type CellComponentProps, ResponsiveHeatMap } from "@nivo/heatmap";
import { createContext, type KeyboardEvent, useContext, useMemo } from "react";
import { chartPalette, chartTheme } from "../../components/charts/chartTheme";
import { formatCellCount, heatmapIntensity, labelColourOn, shadeOf } from "../../lib/heatmap";
import { localizationLabel } from "../../lib/history";
import { countOf } from "../../lib/plural";

/** One colour-blind-safe hue (Okabe–Ito blue); intensity shades it towards white. */
export const HEATMAP_HUE = chartPalette[0];
const SELECTED_BORDER = "#17212b";
const ROW_HEIGHT = 38;

export interface HeatmapRow {
  id: number;
  name: string;
  counts: Record<string, number>;
}

interface CellDatum {
  x: string;
  y: number;
}

interface RegionHeatmapProps {
  rows: HeatmapRow[];
  compartments: string[];
  selectedRegionId: number | null;
  selectedCompartment: string | null;
  onRegion: (regionId: number) => void;
  onCell: (regionId: number, compartment: string, count: number) => void;
  onColumn: (compartment: string) => void;
}

function cellLabel(regionName: string, compartment: string, count: number): string {
  return `${regionName}, ${localizationLabel(compartment)}: ${count === 0 ? "no consensus proteins" : countOf(count, "consensus protein")}`;
}

interface CellContextValue {
  names: Map<string, string>;
  selectedRegionId: number | null;
  selectedCompartment: string | null;
  onCell: (regionId: number, compartment: string, count: number) => void;
}

const CellContext = createContext<CellContextValue | null>(null);

/** A heatmap cell: nivo's geometry, plus a label for screen readers and keyboard activation. */
function HeatCell({ cell, onClick, onMouseEnter, onMouseMove, onMouseLeave }: CellComponentProps<CellDatum>) {
  const context = useContext(CellContext);
  const count = cell.value ?? 0;
  const regionName = context?.names.get(cell.serieId) ?? cell.serieId;
  const clickable = count > 0;
  const selected =
    cell.serieId === String(context?.selectedRegionId) && cell.data.x === context?.selectedCompartment;
  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    if (clickable && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      context?.onCell(Number(cell.serieId), cell.data.x, count);
    }
  };
  const inset = selected ? 2 : 1.5;
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG cell cannot be a <button>; it takes the role instead
    <g
      transform={`translate(${cell.x}, ${cell.y})`}
      opacity={cell.opacity}
      role="button"
      tabIndex={clickable ? 0 : -1}
      aria-disabled={!clickable}
      aria-label={cellLabel(regionName, cell.data.x, count)}
      aria-pressed={selected}
      className={`brh-cell${clickable ? " is-clickable" : ""}${selected ? " is-selected" : ""}`}
      data-testid="heatmap-cell"
      data-region-id={cell.serieId}
      data-compartment={cell.data.x}
      data-count={count}
      onClick={onClick?.(cell)}
      onMouseEnter={onMouseEnter?.(cell)}
      onMouseMove={onMouseMove?.(cell)}
      onMouseLeave={onMouseLeave?.(cell)}
      onKeyDown={onKeyDown}
    >
      <rect
        x={-cell.width / 2 + inset}
        y={-cell.height / 2 + inset}
        width={Math.max(0, cell.width - inset * 2)}
        height={Math.max(0, cell.height - inset * 2)}
        rx={4}
        fill={cell.color}
        stroke={selected ? SELECTED_BORDER : "none"}
        strokeWidth={selected ? 2.5 : 0}
      />
      <text
        textAnchor="middle"
        dominantBaseline="central"
        fill={cell.labelTextColor}
        style={{ fontSize: 13, fontWeight: count > 0 ? 600 : 400, userSelect: "none", pointerEvents: "none" }}
      >
        {cell.label}
      </text>
    </g>
  );
}

/**
 * The region × compartment heatmap. Row and column headers are HTML buttons beside
 * the nivo chart (same row height, equal columns), so they are keyboard reachable;
 * non-zero cells are focusable too.
 */
export function RegionHeatmap({
  rows,
  compartments,
  selectedRegionId,
  selectedCompartment,
  onRegion,
  onCell,
  onColumn,
}: RegionHeatmapProps) {
  const max = Math.max(0, ...rows.flatMap((row) => compartments.map((c) => row.counts[c] ?? 0)));
  const names = useMemo(() => new Map(rows.map((row) => [String(row.id), row.name])), [rows]);
  const data = rows.map((row) => ({
    id: String(row.id),
    data: compartments.map((c) => ({ x: c, y: row.counts[c] ?? 0 })),
  }));

  const context = useMemo(
    () => ({ names, selectedRegionId, selectedCompartment, onCell }),
    [names, selectedRegionId, selectedCompartment, onCell],
  );

  return (
    <CellContext.Provider value={context}>
      <div className="brh-heatmap-scroll" data-testid="heatmap-scroll">
        <div className="brh-heatmap" style={{ ["--brh-cols" as string]: compartments.length }}>
          <div className="brh-corner" aria-hidden="true">
            <span data-figure-text>Region</span>
            <span data-figure-text>Compartment</span>
          </div>
          <div className="brh-col-heads">
            {compartments.map((c) => {
              const active = c === selectedCompartment;
              return (
                <button
                  key={c}
                  type="button"
                  className={`brh-col-head${active ? " is-active" : ""}`}
                  aria-pressed={active}
                  title={active ? "Click again to deselect" : `Select ${localizationLabel(c)}`}
                  onClick={() => onColumn(c)}
                  data-testid="heatmap-column"
                  data-compartment={c}
                  data-figure-text
                >
                  {localizationLabel(c)}
                </button>
              );
            })}
          </div>
          <div className="brh-row-heads">
            {rows.map((row) => {
              const active = row.id === selectedRegionId;
              return (
                <button
                  key={row.id}
                  type="button"
                  className={`brh-row-head${active ? " is-active" : ""}`}
                  style={{ height: ROW_HEIGHT }}
                  aria-pressed={active}
                  onClick={() => onRegion(row.id)}
                  data-testid="heatmap-row"
                  data-region-id={row.id}
                  data-figure-text
                >
                  {row.name}
                </button>
              );
            })}
          </div>
          <div className="brh-cells" style={{ height: rows.length * ROW_HEIGHT }}>
            <ResponsiveHeatMap<CellDatum, object>
              data={data}
              role="group"
              ariaLabel="Consensus proteins per brain region and compartment"
              margin={{ top: 0, right: 0, bottom: 0, left: 0 }}
              axisTop={null}
              axisRight={null}
              axisBottom={null}
              axisLeft={null}
              theme={chartTheme}
              colors={(cell) => shadeOf(HEATMAP_HUE, heatmapIntensity(cell.value ?? 0, max))}
              label={(cell) => formatCellCount(cell.value)}
              labelTextColor={(cell) => labelColourOn(cell.color)}
              borderWidth={0}
              hoverTarget="cell"
              activeOpacity={1}
              inactiveOpacity={1}
              animate={false}
              cellComponent={HeatCell}
              onClick={(cell) => onCell(Number(cell.serieId), cell.data.x, cell.value ?? 0)}
              tooltip={({ cell }) => (
                <div className="chart-tooltip">
                  <strong>{names.get(cell.serieId)}</strong>
                  <span>{localizationLabel(cell.data.x)}</span>
                  <span>{countOf(cell.value ?? 0, "consensus protein")}</span>
                </div>
              )}
            />
          </div>
        </div>
      </div>
    </CellContext.Provider>
  );
}
