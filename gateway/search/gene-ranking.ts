/** How well a gene matches a text term: lower is better (the order of the gene search results). */
export const MATCH_RANK = {
  exactSymbol: 0,
  exactAlias: 1,
  symbolPrefix: 2,
  aliasPrefix: 3,
  proteinName: 4,
} as const;

export interface RankableGene {
  id: number;
  symbol: string;
  aliases: string[];
  proteinName: string | null;
}

export interface RankedGene {
  id: number;
  name: string;
  rank: number;
}

/** The stored form of a search key: trimmed, lower-cased, at most 255 characters (as gene_term holds it). */
const searchKey = (value: string | null | undefined) => value?.trim().toLowerCase().slice(0, 255) ?? "";

interface Key {
  key: string;
  gene: number;
  rank: number;
}

/**
 * Gene search for text terms, in memory: exact symbol, exact alias, symbol prefix, alias prefix,
 * then protein-name substring. Exact and prefix matches come from one sorted key list (binary
 * search), so only the protein-name substring test looks at every gene; the database is not scanned.
 */
export class GeneRanking {
  /** Symbol and alias keys, sorted, each with the rank its exact match earns. */
  private readonly keys: Key[] = [];
  private readonly names: { key: string; gene: number }[] = [];
  private readonly symbols = new Map<number, string>();

  constructor(genes: readonly RankableGene[]) {
    for (const g of genes) {
      this.symbols.set(g.id, g.symbol);
      const seen = new Set<string>();
      const add = (value: string, rank: number) => {
        const key = searchKey(value);
        if (key === "" || seen.has(`${rank}|${key}`)) return;
        seen.add(`${rank}|${key}`);
        this.keys.push({ key, gene: g.id, rank });
      };
      add(g.symbol, MATCH_RANK.exactSymbol);
      for (const alias of g.aliases) add(alias, MATCH_RANK.exactAlias);
      const name = searchKey(g.proteinName);
      if (name !== "") this.names.push({ key: name, gene: g.id });
    }
    this.keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  /** Every gene matching the term, each with its best rank (unsorted: the caller orders them). */
  rank(term: string): RankedGene[] {
    const lower = searchKey(term);
    const best = new Map<number, number>();
    const keep = (gene: number, rank: number) => {
      const previous = best.get(gene);
      if (previous === undefined || rank < previous) best.set(gene, rank);
    };
    if (lower !== "") {
      for (let i = this.firstAtOrAfter(lower); i < this.keys.length; i++) {
        const k = this.keys[i]!;
        if (!k.key.startsWith(lower)) break;
        const exact = k.key === lower;
        // A prefix match ranks two below the exact match of the same kind (symbol 0 → 2, alias 1 → 3).
        keep(k.gene, exact ? k.rank : k.rank + 2);
      }
      for (const n of this.names) if (n.key.includes(lower)) keep(n.gene, MATCH_RANK.proteinName);
    }
    return [...best].map(([id, rank]) => ({ id, name: this.symbols.get(id) ?? "", rank }));
  }

  private firstAtOrAfter(key: string): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keys[mid]!.key < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
