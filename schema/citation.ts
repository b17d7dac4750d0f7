/**
 * How to cite one record of the portal (a gene, a disease, a study) or a release: the portal as
 * author and publisher, the release's version and date, the record's canonical URL and the day it was
 * read, as plain text, BibTeX, RIS and CSL-JSON (what reference managers import). Pure functions: the
 * web app's Cite control and the gateway call them. Plain TypeScript: the web bundle imports it.
 */

export interface CitationInput {
  /** What is cited, e.g. "DLG4 in SynaptopathyDB, release 0.1.0" (citationTitle). */
  title: string;
  portalName: string;
  releaseVersion: string;
  /** The release's date, YYYY-MM-DD. */
  releaseDate: string;
  /** The record's canonical absolute URL. */
  url: string;
  /** The day the record was read, YYYY-MM-DD. */
  accessed: string;
}

/**
 * What a release with synthetic rows adds to every title that cites it: a reader of the reference
 * must know the cited data are a sample, not research data.
 */
export const SAMPLE_DATASET_MARK = " (sample dataset)";

const marked = (title: string, sample: boolean) => (sample ? `${title}${SAMPLE_DATASET_MARK}` : title);

/**
 * The title of a record's citation: "DLG4 in SynaptopathyDB, release 0.1.0", with " (sample dataset)"
 * after it when the release holds synthetic rows.
 */
export const citationTitle = (record: string, portalName: string, releaseVersion: string, sample = false) =>
  marked(`${record} in ${portalName}, release ${releaseVersion}`, sample);

/** The title of a release's own citation: "SynaptopathyDB release 0.1.0" (marked like a record's). */
export const releaseCitationTitle = (portalName: string, releaseVersion: string, sample = false) =>
  marked(`${portalName} release ${releaseVersion}`, sample);

/** The release a citation names, as the portal knows it. */
export interface CitedRelease {
  portalName: string;
  version: string;
  /** YYYY-MM-DD. */
  date: string;
  /** The release holds synthetic sample rows. */
  sample: boolean;
}

/**
 * The citation of a record (`record` its name, e.g. "DLG4") or, with `record` null, of the release
 * itself, read at `url` on `accessed` (YYYY-MM-DD).
 */
export function citationOf(
  cited: { record: string | null; url: string; accessed: string },
  release: CitedRelease,
): CitationInput {
  return {
    title:
      cited.record === null
        ? releaseCitationTitle(release.portalName, release.version, release.sample)
        : citationTitle(cited.record, release.portalName, release.version, release.sample),
    portalName: release.portalName,
    releaseVersion: release.version,
    releaseDate: release.date,
    url: cited.url,
    accessed: cited.accessed,
  };
}

/** A date's parts as CSL-JSON and RIS want them (2026-11-22 -> [2026, 11, 22]). */
const dateParts = (date: string): [number, number, number] => {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
};

/** Plain text, in the order of a dataset reference: author. title [dataset]. version, date. URL (accessed). */
export function citationText(input: CitationInput): string {
  return `${input.portalName}. ${input.title} [dataset]. Version ${input.releaseVersion}, ${input.releaseDate}. ${input.url} (accessed ${input.accessed}).`;
}

/**
 * How to cite a whole release (the Dataset JSON-LD's citation when no paper is configured), in the same
 * order: author. title [dataset]. version, date. URL. No access date: the markup is written once per
 * release, not per reader.
 */
export function releaseCitationText(
  input: Omit<CitationInput, "title" | "accessed"> & { sample: boolean },
): string {
  const title = releaseCitationTitle(input.portalName, input.releaseVersion, input.sample);
  return `${input.portalName}. ${title} [dataset]. Version ${input.releaseVersion}, ${input.releaseDate}. ${input.url}`;
}

/** Characters BibTeX (LaTeX) reads as commands, each written as LaTeX prints it literally. */
const BIBTEX_SPECIALS: Record<string, string> = {
  "\\": "\\textbackslash{}",
  "{": "\\{",
  "}": "\\}",
  $: "\\$",
  "&": "\\&",
  "%": "\\%",
  "#": "\\#",
  _: "\\_",
  "^": "\\textasciicircum{}",
  "~": "\\textasciitilde{}",
};

/** A text as a BibTeX field value: every LaTeX special character escaped. */
export const bibtexEscape = (text: string): string =>
  text.replace(/[\\{}$&%#_^~]/g, (c) => BIBTEX_SPECIALS[c]!);

/** The entry's key: the portal, the release and the record, letters and digits only (SynaptopathyDB_0_1_0_DLG4). */
export function citationKey(input: CitationInput): string {
  const record = input.url.replace(/\/+$/, "").split("/").pop() ?? "";
  return [input.portalName, input.releaseVersion, decodeURIComponent(record)]
    .map((part) => part.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, ""))
    .filter(Boolean)
    .join("_");
}

/**
 * BibTeX: a @misc entry (what BibTeX styles print for online data), with biblatex's version, url and
 * urldate. The author is the portal, in braces so it is one corporate name, not a first and last name.
 * The URL stays as it is (the url field is read verbatim); every other field is escaped.
 */
export function citationBibtex(input: CitationInput): string {
  const [year, month] = dateParts(input.releaseDate);
  const fields: [string, string][] = [
    ["author", `{${bibtexEscape(input.portalName)}}`],
    ["title", bibtexEscape(input.title)],
    ["howpublished", `\\url{${input.url}}`],
    ["year", String(year)],
    ["month", String(month)],
    ["version", bibtexEscape(input.releaseVersion)],
    ["publisher", bibtexEscape(input.portalName)],
    ["url", input.url],
    ["urldate", input.accessed],
    [
      "note",
      bibtexEscape(`Release ${input.releaseVersion} of ${input.releaseDate}; accessed ${input.accessed}`),
    ],
  ];
  return `@misc{${citationKey(input)},\n${fields.map(([name, value]) => `  ${name} = {${value}},`).join("\n")}\n}\n`;
}

const risDate = (date: string) => {
  const [year, month, day] = dateParts(date);
  return `${year}/${String(month).padStart(2, "0")}/${String(day).padStart(2, "0")}/`;
};

/** RIS (a dataset, TY DATA): one `TAG  - value` line each, CRLF-terminated, ending with ER. */
export function citationRis(input: CitationInput): string {
  const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
  const lines: [string, string][] = [
    ["TY", "DATA"],
    ["TI", oneLine(input.title)],
    ["AU", oneLine(input.portalName)],
    ["PB", oneLine(input.portalName)],
    ["PY", String(dateParts(input.releaseDate)[0])],
    ["DA", risDate(input.releaseDate)],
    ["ET", oneLine(input.releaseVersion)],
    ["UR", input.url],
    ["Y2", risDate(input.accessed)],
    ["ER", ""],
  ];
  // Every tag is six characters, "ER  - " included.
  return `${lines.map(([tag, value]) => `${tag}  - ${value}`).join("\r\n")}\r\n`;
}

/** One CSL-JSON item (a dataset; the portal as a literal author), what Zotero and pandoc read. */
export interface CslItem {
  id: string;
  type: "dataset";
  title: string;
  author: { literal: string }[];
  publisher: string;
  version: string;
  issued: { "date-parts": [[number, number, number]] };
  accessed: { "date-parts": [[number, number, number]] };
  URL: string;
}

export function citationCsl(input: CitationInput): CslItem {
  return {
    id: citationKey(input),
    type: "dataset",
    title: input.title,
    author: [{ literal: input.portalName }],
    publisher: input.portalName,
    version: input.releaseVersion,
    issued: { "date-parts": [dateParts(input.releaseDate)] },
    accessed: { "date-parts": [dateParts(input.accessed)] },
    URL: input.url,
  };
}

/** The formats a citation is offered in: the label a reader sees, the file's extension and media type. */
export const CITATION_FORMATS = [
  { key: "text", label: "Text", extension: "txt", mediaType: "text/plain" },
  { key: "bibtex", label: "BibTeX", extension: "bib", mediaType: "application/x-bibtex" },
  { key: "ris", label: "RIS", extension: "ris", mediaType: "application/x-research-info-systems" },
  { key: "csl", label: "CSL-JSON", extension: "json", mediaType: "application/vnd.citationstyles.csl+json" },
] as const;

export type CitationFormat = (typeof CITATION_FORMATS)[number]["key"];

/** The file a citation is saved as: its key and the format's extension (SynaptopathyDB_0_1_0_DLG4.bib). */
export function citationFileName(input: CitationInput, format: CitationFormat): string {
  const { extension } = CITATION_FORMATS.find((f) => f.key === format)!;
  return `${citationKey(input)}.${extension}`;
}

/** Every format at once, as the Cite control offers them (CSL-JSON as a one-item array's text). */
export function citationFormats(input: CitationInput): Record<CitationFormat, string> {
  return {
    text: citationText(input),
    bibtex: citationBibtex(input),
    ris: citationRis(input),
    csl: `${JSON.stringify([citationCsl(input)], null, 2)}\n`,
  };
}
