import { ResponsiveBar } from "@nivo/bar";
import { useRef } from "react";
import { FigureDownload, type FigureSpec } from "../figures/FigureDownload";
import { chartTheme } from "./chartTheme";
import "./charts.css";
import { formatCount } from "../../lib/format";
import { countOf } from "../../lib/plural";

export interface BarItem {
  /** Stable key (e.g. the raw compartment name). */
  key: string;
  /** What the axis and tooltip show. */
  label: string;
  value: number;
}

interface HorizontalBarChartProps {
  items: BarItem[];
  /** Colour of a bar. */
  colour: (item: BarItem) => string;
  /** Axis legend under the bars, e.g. 'Consensus proteins'. */
  valueLegend: string;
  /** Unit in the tooltip, singular and plural, e.g. ['protein', 'proteins']. */
  unit: [string, string];
  /** One-sentence text alternative of the whole chart. */
  summary: string;
  onSelect?: (item: BarItem) => void;
  /** Width of the label column in px. */
  labelWidth?: number;
  testId?: string;
  /** When given, the chart offers its figure as SVG and PNG. */
  figure?: FigureSpec;
}

const BAR_ROW = 34;

/**
 * A small horizontal bar chart (one bar per item, labels on the left, value axis
 * below) in the shared chart theme. Loaded only with the routes that use it.
 */
export function HorizontalBarChart({
  items,
  colour,
  valueLegend,
  unit,
  summary,
  onSelect,
  labelWidth = 116,
  testId,
  figure,
}: HorizontalBarChartProps) {
  const figureRef = useRef<HTMLElement>(null);
  const byKey = new Map(items.map((item) => [item.key, item]));
  // nivo draws the first item at the bottom of a horizontal chart: reverse to read top-down.
  const data = [...items].reverse().map((item) => ({ key: item.key, value: item.value }));
  const height = items.length * BAR_ROW + 62;
  const max = Math.max(0, ...items.map((item) => item.value));
  return (
    <figure className="chart-figure" data-testid={testId} ref={figureRef}>
      {figure && (
        <FigureDownload target={figureRef} className="is-block" testId={`${testId}-figure`} {...figure} />
      )}
      <div style={{ height }}>
        <ResponsiveBar
          data={data}
          role="img"
          ariaLabel={summary}
          keys={["value"]}
          indexBy="key"
          layout="horizontal"
          margin={{ top: 4, right: 56, bottom: 50, left: labelWidth }}
          padding={0.28}
          valueScale={{ type: "linear", min: 0, max: max > 0 ? "auto" : 1 }}
          colors={(bar) => {
            const item = byKey.get(String(bar.indexValue));
            return item ? colour(item) : "#7F7F7F";
          }}
          theme={chartTheme}
          borderRadius={3}
          enableGridX
          enableGridY={false}
          axisLeft={{
            tickSize: 0,
            tickPadding: 8,
            format: (value) => byKey.get(String(value))?.label ?? String(value),
          }}
          axisBottom={{
            tickSize: 4,
            tickPadding: 4,
            tickValues: 4,
            format: (value) => formatCount(Number(value)),
            legend: valueLegend,
            legendPosition: "middle",
            legendOffset: 38,
          }}
          enableLabel={false}
          enableTotals
          totalsOffset={8}
          valueFormat={(value) => formatCount(value)}
          animate={false}
          onClick={(bar) => {
            const item = byKey.get(String(bar.indexValue));
            if (item && onSelect) onSelect(item);
          }}
          tooltip={({ indexValue, value }) => {
            const item = byKey.get(String(indexValue));
            return (
              <div className="chart-tooltip">
                <strong>{item?.label ?? indexValue}</strong>
                <span>{countOf(value, unit[0], unit[1])}</span>
              </div>
            );
          }}
        />
      </div>
    </figure>
  );
}
