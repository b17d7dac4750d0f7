import { type BarDatum, ResponsiveBar } from "@nivo/bar";
import { memo, useMemo } from "react";
import { chartTheme, seriesColour } from "../../components/charts/chartTheme";
import { useMediaQuery } from "../../hooks/useMediaQuery";
import { formatCount } from "../../lib/format";

export interface ChartChapter {
  chapter: string;
  name: string;
  diseaseCount: number;
  geneCount: number;
}

interface ChapterBarChartProps {
  chapters: readonly ChartChapter[];
  onSelect: (chapter: string) => void;
}

interface ChapterDatum extends BarDatum {
  chapter: string;
  genes: number;
  diseases: number;
}

const SERIES = [
  { key: "genes", label: "Genes" },
  { key: "diseases", label: "Diseases" },
] as const;

const seriesLabel = (key: string | number) => SERIES.find((s) => s.key === key)?.label ?? String(key);
const colours: Record<string, string> = { genes: seriesColour(0), diseases: seriesColour(1) };

/** Phone widths get a horizontal chart (chapters down the side, one row each). */
const NARROW_QUERY = "(max-width: 720px)";

/**
 * Genes and diseases per ICD-11 chapter as a grouped bar chart. Clicking a bar opens the
 * chapter; the table-like caption below gives the same numbers as text.
 */
export const ChapterBarChart = memo(function ChapterBarChart({ chapters, onSelect }: ChapterBarChartProps) {
  const narrow = useMediaQuery(NARROW_QUERY);
  const names = useMemo(() => new Map(chapters.map((c) => [c.chapter, c.name])), [chapters]);
  const data = useMemo<ChapterDatum[]>(() => {
    const rows = chapters.map((c) => ({ chapter: c.chapter, genes: c.geneCount, diseases: c.diseaseCount }));
    // A horizontal band scale draws its first row at the bottom: reverse so chapter 01 is on top.
    return narrow ? rows.reverse() : rows;
  }, [chapters, narrow]);

  const height = narrow ? Math.max(360, chapters.length * 30 + 110) : 440;
  const valueLegend = "Number of genes / diseases";
  const indexLegend = "ICD-11 chapter";

  return (
    <div className="icd-chart" style={{ height }} data-testid="icd-chart">
      <ResponsiveBar<ChapterDatum>
        // The drawing takes its size from the box, measured once mounted and, on a later resize, a few
        // tasks after the box changed (a ResizeObserver and timers): a layout flip would paint the old
        // drawing in the new box (a phone's 590 px in the 440 px card, over the caption) until then,
        // long enough on a busy machine. A new drawing per layout is measured before its first paint.
        key={narrow ? "narrow" : "wide"}
        data={data}
        keys={SERIES.map((s) => s.key)}
        indexBy="chapter"
        groupMode="grouped"
        layout={narrow ? "horizontal" : "vertical"}
        margin={
          narrow ? { top: 44, right: 16, bottom: 52, left: 52 } : { top: 20, right: 24, bottom: 92, left: 68 }
        }
        padding={0.22}
        innerPadding={1}
        colors={({ id }) => colours[String(id)] ?? seriesColour(2)}
        theme={chartTheme}
        enableLabel={false}
        enableGridX={narrow}
        enableGridY={!narrow}
        axisBottom={
          narrow
            ? { legend: valueLegend, legendPosition: "middle", legendOffset: 40, tickValues: 5 }
            : { legend: indexLegend, legendPosition: "middle", legendOffset: 44, tickRotation: 0 }
        }
        axisLeft={
          narrow
            ? { legend: indexLegend, legendPosition: "middle", legendOffset: -42 }
            : { legend: valueLegend, legendPosition: "middle", legendOffset: -54 }
        }
        legendLabel={(d) => seriesLabel(d.id)}
        legends={[
          {
            dataFrom: "keys",
            anchor: narrow ? "top-left" : "bottom",
            direction: "row",
            translateX: narrow ? -40 : 0,
            translateY: narrow ? -40 : 84,
            itemWidth: 100,
            itemHeight: 20,
            itemsSpacing: 8,
            symbolSize: 14,
            symbolShape: "square",
          },
        ]}
        tooltip={({ id, value, indexValue, color }) => (
          <div className="icd-chart-tooltip">
            <strong>
              Chapter {indexValue}: {names.get(String(indexValue))}
            </strong>
            <span>
              <span className="icd-chart-swatch" style={{ background: color }} aria-hidden="true" />
              {seriesLabel(id)}: {formatCount(Number(value))}
            </span>
            <span className="muted small">Click to open the chapter</span>
          </div>
        )}
        onClick={(datum) => onSelect(String(datum.indexValue))}
        role="img"
        ariaLabel="Genes and diseases per ICD-11 chapter"
        animate={false}
      />
    </div>
  );
});
