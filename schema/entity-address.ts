/**
 * The canonical address of each record's own page (/gene/DLG4, /disease/DOID:1826, /study/10862698):
 * the web app links to it, the gateway renders it, redirects other identifiers to it and lists it in
 * the sitemap, and GraphQL, REST and the MCP tools give it as `url`. Plain TypeScript, no decorators:
 * the web bundle imports it.
 */

/** The first path segment of each kind of record page. */
export const ENTITY_PAGE_PREFIXES = {
  gene: "gene",
  disease: "disease",
  study: "study",
  region: "brain-region",
  chapter: "icd-chapter",
  compartment: "compartment",
} as const;
export type EntityPageKind = keyof typeof ENTITY_PAGE_PREFIXES;

/**
 * PubMed ids from this one on are placeholders (99000001+ for real studies whose PMID is unknown,
 * 99100001+ and 99200001+ for synthetic sample studies): such a study is addressed by its name.
 */
export const FIRST_PLACEHOLDER_PMID = 99_000_001;

/** A path segment: every character a path may hold as it is stays readable (`DOID:1826`). */
const segment = (value: string) => encodeURIComponent(value).replace(/%3A/gi, ":");

/** A name as an address segment: lower case, words joined by hyphens (`Cerebral cortex` -> `cerebral-cortex`). */
export function slug(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export const geneAddress = (symbol: string) => `/${ENTITY_PAGE_PREFIXES.gene}/${segment(symbol)}`;

export const diseaseAddress = (hdoid: string) => `/${ENTITY_PAGE_PREFIXES.disease}/${segment(hdoid)}`;

/** Whether a study's PubMed id is a real one (not a placeholder or a synthetic study's). */
export const isRealPmid = (pmid: number) => pmid > 0 && pmid < FIRST_PLACEHOLDER_PMID;

/** A study by its PubMed id where that is real, else by its name (HUSI_2000). */
export const studyAddress = (study: { pmid: number; name: string }) =>
  `/${ENTITY_PAGE_PREFIXES.study}/${segment(isRealPmid(study.pmid) ? String(study.pmid) : study.name)}`;

/** A study by its PubMed id, where its name is not at hand: the gateway sends a placeholder PMID on to the name (301). */
export const studyPmidAddress = (pmid: number) => `/${ENTITY_PAGE_PREFIXES.study}/${pmid}`;

export const regionAddress = (name: string) => `/${ENTITY_PAGE_PREFIXES.region}/${slug(name)}`;

/** An ICD-11 chapter by its two-digit number (`08`). */
export const chapterAddress = (chapter: string) => `/${ENTITY_PAGE_PREFIXES.chapter}/${segment(chapter)}`;

export const compartmentAddress = (name: string) => `/${ENTITY_PAGE_PREFIXES.compartment}/${slug(name)}`;

/** `path` under the deployment's public base URL (no trailing slash): what canonical links and the sitemap carry. */
export const absoluteAddress = (baseUrl: string, path: string) => `${baseUrl.replace(/\/+$/, "")}${path}`;
