/**
 * The caption printed under a downloaded figure: what it shows, the filters, the dataset release and
 * how to cite the portal. Pure text rules (the figure exporter draws the lines), unit-tested.
 */

export interface FigureFilter {
  label: string;
  value: string;
}

export interface FigureRelease {
  name: string;
  version: string;
  hasSyntheticData: boolean;
}

export interface CaptionSpec {
  /** What the figure shows, one sentence. */
  title: string;
  /** The filters of the view it was taken from; empty when the view has none. */
  filters: readonly FigureFilter[];
  /** Further facts a reader must know (e.g. that some values are synthetic). */
  notes?: readonly string[];
  /** The loaded dataset release, or null while it is unknown. */
  release: FigureRelease | null;
  /** The configured citation as one line (site.config.ts), or null when the lab configured none. */
  citation: string | null;
  productName: string;
  /** Address of the view the figure was taken from. */
  pageUrl: string;
  /** Day of the download, YYYY-MM-DD. */
  accessed: string;
}

/** The filters as one sentence: 'Filters: Localization: Presynaptic; Mode: consensus.' */
export function filtersLine(filters: readonly FigureFilter[]): string {
  const shown = filters.filter((f) => f.value.trim() !== "");
  if (shown.length === 0) return "Filters: none (all data shown).";
  return `Filters: ${shown.map((f) => `${f.label}: ${f.value}`).join("; ")}.`;
}

/** The release line; a release with synthetic rows says so, so a figure never passes them off as real. */
export function releaseLine(release: FigureRelease | null): string {
  if (!release) return "Dataset release: unknown.";
  const synthetic = release.hasSyntheticData
    ? " This release contains labelled synthetic sample data; it is not research data throughout."
    : "";
  return `Dataset release: ${release.name} ${release.version}.${synthetic}`;
}

/** How to cite: the configured paper, else the portal itself with its address and the access date. */
export function citationLine(
  spec: Pick<CaptionSpec, "citation" | "productName" | "pageUrl" | "accessed">,
): string {
  const source = `${spec.productName}, ${spec.pageUrl} (accessed ${spec.accessed})`;
  return spec.citation ? `Cite: ${spec.citation} Source: ${source}.` : `Cite: ${source}.`;
}

/** The caption's paragraphs, in order: title, filters, notes, release, citation. */
export function figureCaption(spec: CaptionSpec): string[] {
  return [
    spec.title,
    filtersLine(spec.filters),
    ...(spec.notes ?? []),
    releaseLine(spec.release),
    citationLine(spec),
  ].map((line) => line.replace(/\s+/g, " ").trim());
}

/** Breaks `text` into lines of at most `maxChars` characters at spaces; a longer word (an address) is cut. */
export function wrapText(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = "";
  const words = text
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) => word.match(new RegExp(`.{1,${Math.max(1, maxChars)}}`, "gu")) ?? []);
  for (const word of words) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A file name from a figure's name: lower case, dashes, no path characters. */
export function figureFileName(name: string, extension: "svg" | "png"): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `${slug || "figure"}.${extension}`;
}

/** Today as YYYY-MM-DD (UTC). */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
