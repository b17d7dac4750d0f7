import { ResponsiveBar } from "@nivo/bar";
import { chartTheme, seriesColour } from "../../components/charts/chartTheme";
import { countOf } from "../../lib/plural";

export interface ChartTerm {
  key: string;
  label: string;
  category: string;
  fdr: number;
  overlap: number;
  termSize: number;
}

/** −log10 of an FDR; an FDR that underflowed to 0 is shown at the smallest double's exponent. */
export function minusLog10(value: number): number {
  return value > 0 ? -Math.log10(value) : 323;
}

const CATEGORY_ORDER = ["COMPARTMENT", "BRAIN_REGION", "DISEASE", "ICD11_CHAPTER", "GO", "SYNGO"];

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Horizontal bars of the top terms by −log10 FDR, coloured by category (Okabe–Ito). */
export function EnrichmentChart({ terms, compact }: { terms: ChartTerm[]; compact: boolean }) {
  // nivo draws the first row at the bottom: reverse so the most significant is on top.
  const data = [...terms].reverse().map((t) => ({
    term: t.key,
    label: t.label,
    category: t.category,
    value: Number(minusLog10(t.fdr).toFixed(2)),
    overlap: t.overlap,
    termSize: t.termSize,
  }));
  const labelOf = new Map(data.map((d) => [d.term, d.label]));
  const maxLabel = compact ? 16 : 42;
  return (
    <div style={{ height: Math.max(220, 34 * data.length + 70) }} data-testid="enrichment-chart-canvas">
      <ResponsiveBar
        data={data}
        keys={["value"]}
        indexBy="term"
        layout="horizontal"
        margin={{ top: 8, right: 24, bottom: 52, left: compact ? 118 : 300 }}
        padding={0.25}
        theme={chartTheme}
        colors={({ data: d }) => seriesColour(Math.max(0, CATEGORY_ORDER.indexOf(String(d.category))))}
        enableLabel={false}
        enableGridX
        enableGridY={false}
        axisLeft={{
          tickSize: 0,
          tickPadding: 6,
          format: (v) => shorten(labelOf.get(String(v)) ?? String(v), maxLabel),
        }}
        axisBottom={{
          tickSize: 4,
          legend: "−log10 FDR",
          legendPosition: "middle",
          legendOffset: 38,
          tickValues: 5,
        }}
        tooltip={({ data: d }) => (
          <div className="chart-tooltip">
            <strong>{String(d.label)}</strong>
            <br />
            −log10 FDR {d.value} · {d.overlap} of {countOf(d.termSize, "gene")}
          </div>
        )}
        role="img"
        ariaLabel="Top enriched terms by −log10 FDR"
        animate={false}
      />
    </div>
  );
}
