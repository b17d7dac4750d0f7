import { formatInheritance } from "./inheritance";

/**
 * The chapter search of the ICD-11 explorer (spec 2 §5, "Chapter search matches disease name, OMIM id,
 * description, inheritance, ICD code, and the gene name, Entrez id, full name, alias or location of its
 * genes; text is trimmed and lowercased"): a disease is listed when its own fields or any of its genes
 * match; matching genes are counted once each. The gateway runs it over a chapter it holds
 * (ClassificationService.chapterDiseases); the dialog and the chapter page show its pages.
 */

/** At most this many matching gene names are answered (the dialog's chips); the count says how many match. */
export const MATCHING_GENE_NAMES_SHOWN = 10;

export interface SearchableChapterGene {
  entrezId: number;
  gene: {
    humanName: string;
    description?: string | null;
    aliases: readonly string[];
    chromosomeLocation?: string | null;
  };
}

export interface SearchableChapterDisease<G extends SearchableChapterGene = SearchableChapterGene> {
  name: string;
  omimId?: number | null;
  description?: string | null;
  inheritance?: string | null;
  icdCode?: string | null;
  genes: readonly G[];
}

/** The search text: trimmed and lowercased. */
export function normalizeChapterSearch(term: string): string {
  return term.trim().toLowerCase();
}

type Value = string | number | null | undefined;

/** The values a term is looked for in, lowercased (each on its own: a term never spans two). */
const lowered = (values: Value[]): string[] =>
  values
    .filter((v): v is string | number => v !== null && v !== undefined)
    .map((v) => String(v).toLowerCase());

/** A gene is searched in its symbol, Entrez id, full name, aliases and location. */
export function chapterGeneText(gene: SearchableChapterGene): string[] {
  const g = gene.gene;
  return lowered([g.humanName, gene.entrezId, g.description, ...g.aliases, g.chromosomeLocation]);
}

/** A disease is searched in its name, OMIM id, description, inheritance (as shown) and ICD code. */
export function chapterDiseaseText(disease: SearchableChapterDisease): string[] {
  return lowered([
    disease.name,
    disease.omimId,
    disease.description,
    formatInheritance(disease.inheritance),
    disease.icdCode,
  ]);
}

const matches = (text: readonly string[], needle: string) => text.some((value) => value.includes(needle));

/** A gene matches on its symbol, Entrez id, full name, any alias or its location. */
export function chapterGeneMatches(gene: SearchableChapterGene, needle: string): boolean {
  return !needle || matches(chapterGeneText(gene), needle);
}

/** A disease matches on its own name, OMIM id, description, inheritance or ICD code. */
export function chapterDiseaseOwnFieldsMatch(disease: SearchableChapterDisease, needle: string): boolean {
  return !needle || matches(chapterDiseaseText(disease), needle);
}

/**
 * A chapter's diseases with their text lowercased once: the chapter is searched as the reader types,
 * and a gene linked to many of its diseases is tested once per search.
 */
export interface ChapterSearchIndex<D> {
  diseases: readonly D[];
  /** Each disease's own text (chapterDiseaseText). */
  diseaseText: string[][];
  /** Each disease's genes, as positions in `genes`. */
  diseaseGenes: number[][];
  /** The chapter's distinct genes: the symbol and the text (chapterGeneText). */
  genes: { name: string; text: string[] }[];
}

/**
 * `geneText` holds each gene's text by its key (Entrez id and symbol): several chapters indexed with
 * one map share the text of the genes they have in common.
 */
export function indexChapter<D extends SearchableChapterDisease>(
  diseases: readonly D[],
  geneText: Map<string, string[]> = new Map(),
): ChapterSearchIndex<D> {
  const genes: { name: string; text: string[] }[] = [];
  const positions = new Map<string, number>();
  const diseaseGenes = diseases.map((disease) =>
    disease.genes.map((gene) => {
      const key = `${gene.entrezId} ${gene.gene.humanName}`;
      let at = positions.get(key);
      if (at === undefined) {
        at = genes.length;
        let text = geneText.get(key);
        if (!text) {
          text = chapterGeneText(gene);
          geneText.set(key, text);
        }
        genes.push({ name: gene.gene.humanName, text });
        positions.set(key, at);
      }
      return at;
    }),
  );
  return { diseases, diseaseText: diseases.map(chapterDiseaseText), diseaseGenes, genes };
}

export interface ChapterSearchHit<D> {
  disease: D;
  /** True when at least one of the disease's genes matches the search. */
  hasMatchingGenes: boolean;
}

export interface ChapterSearchResult<D> {
  /** The normalised search text ('' = no search). */
  term: string;
  /** Diseases matching on their own fields or through a gene, in the chapter's order. */
  hits: ChapterSearchHit<D>[];
  /** Distinct symbols of the matching genes, alphabetically (empty without a search). */
  matchingGeneNames: string[];
}

/** The chapter's diseases that match `rawTerm` (all of them without a term). */
export function searchChapter<D>(index: ChapterSearchIndex<D>, rawTerm: string): ChapterSearchResult<D> {
  const term = normalizeChapterSearch(rawTerm);
  if (!term) {
    return {
      term,
      hits: index.diseases.map((disease) => ({ disease, hasMatchingGenes: false })),
      matchingGeneNames: [],
    };
  }
  const geneMatches = index.genes.map((gene) => matches(gene.text, term));
  const names = new Set<string>();
  const hits: ChapterSearchHit<D>[] = [];
  index.diseases.forEach((disease, i) => {
    let hasMatchingGenes = false;
    for (const at of index.diseaseGenes[i]) {
      if (!geneMatches[at]) continue;
      hasMatchingGenes = true;
      names.add(index.genes[at].name);
    }
    if (hasMatchingGenes || matches(index.diseaseText[i], term)) hits.push({ disease, hasMatchingGenes });
  });
  return { term, hits, matchingGeneNames: [...names].sort((a, b) => a.localeCompare(b)) };
}

/** searchChapter over diseases not indexed beforehand. */
export function searchChapterDiseases<D extends SearchableChapterDisease>(
  diseases: readonly D[],
  rawTerm: string,
): ChapterSearchResult<D> {
  return searchChapter(indexChapter(diseases), rawTerm);
}
