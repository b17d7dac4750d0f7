import type { DataSource } from "typeorm";
import { Disease, Gene, Paper } from "../../schema";
import { BadInputError } from "../errors";
import type { RankedGene } from "../search/gene-ranking";
import type { ProteinFallback } from "../search/protein-fallback";
import { SearchIndex } from "../search/search-index";
import {
  type SearchSource,
  SUGGESTION_SCOPES,
  type Suggestion,
  type SuggestionScope,
} from "../search/suggestion";
import { checkSearchTerm } from "./list-query";
import { readReleaseBinary, SEARCH_INDEX } from "./read-models/release-documents";
import type { ReleaseWatcher } from "./release-watcher";

/** Shortest term that gets suggestions. */
export const MIN_SUGGEST_LENGTH = 2;
export const MAX_SUGGESTIONS = 50;
export const MAX_PROTEIN_GENES = 100;

export interface ProteinGenes {
  genes: string[];
  total: number;
}

/** The protein-name lookup of a search or filter term, as the result lists report it. */
export interface ProteinLookupResult extends ProteinGenes {
  name: string;
}

/** The genes matching a term and the protein-name lookup (null when it found no gene) that added some. */
export interface RankedGenes {
  ranked: RankedGene[];
  lookup: ProteinLookupResult | null;
}

/** Shortest term the gene search looks up as a protein name (as the web's protein-style terms). */
export const MIN_PROTEIN_LOOKUP_LENGTH = 3;

/** Whether a gene search term is looked up as a protein name: text, not an Entrez or MGI id. */
export const looksUpProtein = (term: string) =>
  term.length >= MIN_PROTEIN_LOOKUP_LENGTH && !/^\d+$/.test(term) && !/^mgi:?\d+$/i.test(term);

/**
 * Autocomplete and protein-name resolution over an in-memory index of the live release: the snapshot the
 * read-model build stored with it (SEARCH_INDEX), or, when it has none or other code wrote it, one built
 * from its tables.
 * It is read at start and again when the release watcher reports a switch.
 */
export class SearchService {
  private index: Promise<SearchIndex> | null = null;
  private indexKey: string | null = null;
  private unsubscribe: (() => void) | null = null;

  /**
   * @param fallback optional external lookup, asked only when the local index finds nothing; its
   * symbols are kept only when they are genes of the loaded dataset.
   */
  constructor(
    private readonly db: DataSource,
    private readonly releases: ReleaseWatcher,
    private readonly fallback: ProteinFallback | null = null,
  ) {}

  /**
   * Build the index now (at start) so the first search does not wait for it, and again when the
   * release watcher reports a switch (the key is not read on every use: it was a round trip and a
   * fifth of a cold suggestion's CPU at 10x data).
   */
  warm(): Promise<void> {
    this.unsubscribe ??= this.releases.subscribe(() => void this.checkRelease().catch(() => undefined));
    return this.checkRelease().then(
      () => undefined,
      () => undefined,
    );
  }

  /** Stops following release switches. */
  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  private current(): Promise<SearchIndex> {
    return this.index ?? this.checkRelease();
  }

  /** The index of the loaded release: built again when the release key has changed. */
  private async checkRelease(): Promise<SearchIndex> {
    const key = await this.releases.get();
    if (this.index === null || this.indexKey !== key) {
      this.indexKey = key;
      const building = this.restoreOrBuild();
      this.index = building;
      building.catch(() => {
        if (this.index === building) {
          this.index = null;
          this.indexKey = null;
        }
      });
    }
    return this.index;
  }

  /**
   * The live release's index as the release wrote it (SEARCH_INDEX), else, for a release loaded by
   * other code or before it carried one, built from its tables.
   */
  private async restoreOrBuild(): Promise<SearchIndex> {
    const snapshot = await readReleaseBinary(this.db, SEARCH_INDEX);
    return (
      (snapshot && SearchIndex.fromSnapshot(snapshot)) ?? SearchIndex.build(await readSearchSource(this.db))
    );
  }

  /**
   * Genes matching a term, with their match group (unsorted; gene-ranking.ts orders them): by id,
   * symbol, alias or protein name, plus the genes the protein-name lookup of the term adds.
   */
  async rankGenes(term: string): Promise<RankedGenes> {
    const index = await this.current();
    const name = term.trim();
    const genes = looksUpProtein(name) ? await this.lookupSymbols(index, name) : [];
    return {
      ranked: index.genes.rank(name, genes),
      lookup:
        genes.length === 0 ? null : { name, genes: genes.slice(0, MAX_PROTEIN_GENES), total: genes.length },
    };
  }

  /**
   * GeneIDs by human symbol, any case (keys as given), from the live release's index: a page's
   * gene(symbol:) without a statement (LOWER(human_name) cannot use an index: 13 ms a lookup at 10x).
   */
  async geneIdsBySymbol(symbols: readonly string[]): Promise<Map<string, number>> {
    const genes = (await this.current()).genes;
    const found = new Map<string, number>();
    for (const symbol of symbols) {
      const id = genes.idOfSymbol(symbol);
      if (id !== null) found.set(symbol, id);
    }
    return found;
  }

  /** Every symbol the lookup finds: the local index, else the external fallback's known genes. */
  private async lookupSymbols(index: SearchIndex, term: string): Promise<string[]> {
    const genes = index.proteinGenes(term);
    if (genes.length === 0 && this.fallback) return index.knownSymbols(await this.fallback(term));
    return genes;
  }

  /** Suggestions for the search box; none for terms shorter than two characters. */
  async suggest(q: string, scope: string, limit: number): Promise<Suggestion[]> {
    const term = checkSearchTerm(q);
    if (!(SUGGESTION_SCOPES as readonly string[]).includes(scope))
      throw new BadInputError(`type must be one of: ${SUGGESTION_SCOPES.join(", ")}`);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SUGGESTIONS)
      throw new BadInputError(`limit must be a whole number from 1 to ${MAX_SUGGESTIONS}`);
    if (term.length < MIN_SUGGEST_LENGTH) return [];
    return (await this.current()).suggest(term, scope as SuggestionScope, limit);
  }

  /**
   * Gene symbols for a protein name, from the local index; when it finds nothing and an external
   * fallback is configured, the fallback's symbols that are genes of the dataset.
   */
  async proteinGenes(name: string): Promise<ProteinGenes> {
    const term = checkSearchTerm(name, "Protein name");
    const genes = await this.lookupSymbols(await this.current(), term);
    return { genes: genes.slice(0, MAX_PROTEIN_GENES), total: genes.length };
  }
}

/** Everything the index is built from, in the release `db` reads: three statements. */
export async function readSearchSource(db: DataSource): Promise<SearchSource> {
  const [genes, diseases, papers] = await Promise.all([
    db
      .getRepository(Gene)
      .createQueryBuilder("g")
      .select([
        "g.id",
        "g.humanName",
        "g.description",
        "g.aliasesText",
        "g.humanEntrez",
        "g.mouseEntrez",
        "g.ratEntrez",
        "g.mgi",
        "g.uniprotId",
      ])
      .orderBy("g.id", "ASC")
      .getMany(),
    db
      .getRepository(Disease)
      .createQueryBuilder("d")
      .select(["d.hdoid", "d.description"])
      .orderBy("d.hdoid", "ASC")
      .getMany(),
    db
      .getRepository(Paper)
      .createQueryBuilder("p")
      .select(["p.pmid", "p.name", "p.title", "p.year"])
      .orderBy("p.pmid", "ASC")
      .getMany(),
  ]);
  return {
    genes: genes.map((g) => ({
      id: g.id,
      symbol: g.humanName,
      proteinName: g.description,
      aliases: g.aliases,
      humanEntrez: g.humanEntrez,
      mouseEntrez: g.mouseEntrez,
      ratEntrez: g.ratEntrez,
      mgi: g.mgi,
      uniprot: g.uniprotId,
    })),
    diseases: diseases.map((d) => ({ hdoid: d.hdoid, name: d.description })),
    papers: papers.map((p) => ({ pmid: p.pmid, name: p.name, title: p.title, year: p.year })),
  };
}
