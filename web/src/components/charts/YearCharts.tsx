import { ResponsiveBar } from "@nivo/bar";
import { ResponsiveLine } from "@nivo/line";
import { useRef } from "react";
import { useMediaQuery } from "../../hooks/useMediaQuery";
import { yearTicks } from "../../lib/history";
import { FigureDownload, type FigureSpec } from "../figures/FigureDownload";
import { chartTheme } from "./chartTheme";
import "./charts.css";
import { formatCount } from "../../lib/format";
import { countOf } from "../../lib/plural";

/** Chart height of the history screen (spec 2 §9). */
export const YEAR_CHART_HEIGHT = 400;
/** Year labels are angled (spec 2 §9). */
const TICK_ROTATION = -45;
const MARGIN = { top: 16, right: 24, bottom: 78, left: 72 };

export interface YearSeries {
  id: string;
  label: string;
  colour: string;
  points: { year: number; value: number }[];
}

/** How many year labels fit: fewer on a phone. */
function useMaxYearTicks(): number {
  return useMediaQuery("(min-width: 760px)") ? 26 : 10;
}

const formatNumber = (value: number | string | Date) => formatCount(Number(value));

/** The legend of a chart, as an HTML list (wraps on narrow screens, read by screen readers). */
export function ChartLegend({ items }: { items: { id: string; label: string; colour: string }[] }) {
  return (
    <ul className="chart-legend" aria-label="Legend" data-testid="chart-legend">
      {items.map((item) => (
        <li key={item.id}>
          <span
            className="chart-swatch"
            style={{ background: item.colour }}
            aria-hidden="true"
            data-figure-swatch
          />
          <span data-figure-text>{item.label}</span>
        </li>
      ))}
    </ul>
  );
}

interface YearLineChartProps {
  series: YearSeries[];
  yLegend: string;
  /** One-sentence text alternative. */
  summary: string;
  testId?: string;
  /** When given, the chart offers its figure as SVG and PNG. */
  figure?: FigureSpec;
}

/** Lines over the years (linear year axis, angled labels, one tooltip per year). */
export function YearLineChart({ series, yLegend, summary, testId, figure }: YearLineChartProps) {
  const figureRef = useRef<HTMLElement>(null);
  const maxTicks = useMaxYearTicks();
  const years = [...new Set(series.flatMap((s) => s.points.map((p) => p.year)))].sort((a, b) => a - b);
  const pointCount = Math.max(0, ...series.map((s) => s.points.length));
  const data = series.map((s) => ({
    id: s.id,
    data: s.points.map((p) => ({ x: p.year, y: p.value })),
  }));
  const colours = new Map(series.map((s) => [s.id, s.colour]));
  const labels = new Map(series.map((s) => [s.id, s.label]));
  return (
    <figure className="chart-figure" data-testid={testId} data-series={series.length} ref={figureRef}>
      {figure && <FigureDownload target={figureRef} className="is-block" {...figure} />}
      <div style={{ height: YEAR_CHART_HEIGHT }}>
        <ResponsiveLine
          data={data}
          role="img"
          ariaLabel={summary}
          margin={MARGIN}
          theme={chartTheme}
          colors={(s) => colours.get(String(s.id)) ?? "#7F7F7F"}
          xScale={{ type: "linear", min: years[0] ?? 0, max: years[years.length - 1] ?? 1, nice: false }}
          yScale={{ type: "linear", min: 0, max: "auto" }}
          curve="linear"
          lineWidth={2.5}
          enablePoints={pointCount <= 40}
          pointSize={6}
          pointColor={{ theme: "background" }}
          pointBorderWidth={2}
          pointBorderColor={{ from: "seriesColor" }}
          enableGridX={false}
          axisBottom={{
            tickValues: yearTicks(years, maxTicks),
            tickRotation: TICK_ROTATION,
            tickPadding: 6,
            format: (value) => String(value),
            legend: "Year",
            legendPosition: "middle",
            legendOffset: 62,
          }}
          axisLeft={{
            tickValues: 6,
            format: formatNumber,
            legend: yLegend,
            legendPosition: "middle",
            legendOffset: -62,
          }}
          enableSlices="x"
          sliceTooltip={({ slice }) => (
            <div className="chart-tooltip">
              <strong>{String(slice.points[0]?.data.x ?? "")}</strong>
              {slice.points.map((point) => (
                <span key={point.id} className="chart-tooltip-row">
                  <span
                    className="chart-swatch"
                    style={{ background: point.seriesColor }}
                    aria-hidden="true"
                  />
                  {labels.get(String(point.seriesId)) ?? point.seriesId}: {formatCount(Number(point.data.y))}
                </span>
              ))}
            </div>
          )}
          animate={false}
        />
      </div>
      <ChartLegend items={series.map((s) => ({ id: s.id, label: s.label, colour: s.colour }))} />
    </figure>
  );
}

interface YearBarChartProps {
  points: { year: number; value: number }[];
  colour: string;
  label: string;
  yLegend: string;
  summary: string;
  unit: [string, string];
  testId?: string;
  /** When given, the chart offers its figure as SVG and PNG. */
  figure?: FigureSpec;
}

/** One bar per year (angled year labels, thinned to fit). */
export function YearBarChart({
  points,
  colour,
  label,
  yLegend,
  summary,
  unit,
  testId,
  figure,
}: YearBarChartProps) {
  const figureRef = useRef<HTMLElement>(null);
  const maxTicks = useMaxYearTicks();
  const years = points.map((p) => p.year);
  const data = points.map((p) => ({ year: String(p.year), value: p.value }));
  return (
    <figure className="chart-figure" data-testid={testId} data-series={1} ref={figureRef}>
      {figure && <FigureDownload target={figureRef} className="is-block" {...figure} />}
      <div style={{ height: YEAR_CHART_HEIGHT }}>
        <ResponsiveBar
          data={data}
          role="img"
          ariaLabel={summary}
          keys={["value"]}
          indexBy="year"
          margin={MARGIN}
          padding={points.length > 60 ? 0.12 : 0.25}
          theme={chartTheme}
          colors={[colour]}
          valueScale={{ type: "linear", min: 0 }}
          enableLabel={false}
          enableGridY
          axisBottom={{
            tickValues: yearTicks(years, maxTicks)
              .filter((year) => years.includes(year))
              .map(String),
            tickRotation: TICK_ROTATION,
            tickPadding: 6,
            legend: "Year",
            legendPosition: "middle",
            legendOffset: 62,
          }}
          axisLeft={{
            tickValues: 6,
            format: formatNumber,
            legend: yLegend,
            legendPosition: "middle",
            legendOffset: -62,
          }}
          tooltip={({ indexValue, value }) => (
            <div className="chart-tooltip">
              <strong>{indexValue}</strong>
              <span>{countOf(value, unit[0], unit[1])}</span>
            </div>
          )}
          animate={false}
        />
      </div>
      <ChartLegend items={[{ id: "value", label, colour }]} />
    </figure>
  );
}
