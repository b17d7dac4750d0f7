import { lowerBound } from "./sorted";

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

/** Ends each protein name in `nameText`; a match running past a name's end is not that name's. */
const NAME_END = "\n";

/** Length of the letter sequences indexed for substring search: shorter terms scan every name. */
const GRAM = 3;

/**
 * Gene search for text terms, in memory: exact symbol, exact alias, symbol prefix, alias prefix,
 * then protein-name substring. Exact and prefix matches come from one sorted key list (binary
 * search), so only the protein-name substring test looks at every gene; the database is not scanned.
 */
export class GeneRanking {
  /**
   * Symbol and alias keys, sorted, with the gene of each and the rank its exact match earns: flat
   * arrays rather than an object per key (at 10x data, 360,000 keys).
   */
  private readonly keys: string[];
  private readonly keyGenes: Int32Array;
  private readonly keyRanks: Uint8Array;
  /**
   * The protein-name keys in one string, each followed by NAME_END, searched with `indexOf` over
   * contiguous memory: testing 80,000 separately allocated strings one by one took ~20 ms a search,
   * mostly cache misses; this takes ~1 ms.
   */
  private readonly nameText: string;
  /** Where each name starts in `nameText`, plus the end of the text. */
  private readonly nameStarts: number[] = [];
  /** The gene of each name. */
  private readonly nameGenes: number[] = [];
  /**
   * For each sequence of GRAM letters, the names holding it (ascending), in flat arrays: a term is
   * looked for only in the names holding its rarest sequence, not in all of them (at 10x data, scanning
   * every name was ~1.5 ms a search, and grew with the data).
   */
  private readonly gramIndex = new Map<string, number>();
  private readonly gramOffsets: Int32Array;
  private readonly gramNames: Int32Array;
  private readonly symbols = new Map<number, string>();

  constructor(genes: readonly RankableGene[]) {
    const names: string[] = [];
    const keys: { key: string; gene: number; rank: number }[] = [];
    let offset = 0;
    for (const g of genes) {
      this.symbols.set(g.id, g.symbol);
      const seen = new Set<string>();
      const add = (value: string, rank: number) => {
        const key = searchKey(value);
        if (key === "" || seen.has(`${rank}|${key}`)) return;
        seen.add(`${rank}|${key}`);
        keys.push({ key, gene: g.id, rank });
      };
      add(g.symbol, MATCH_RANK.exactSymbol);
      for (const alias of g.aliases) add(alias, MATCH_RANK.exactAlias);
      const name = searchKey(g.proteinName);
      if (name !== "") {
        names.push(name);
        this.nameStarts.push(offset);
        this.nameGenes.push(g.id);
        offset += name.length + NAME_END.length;
      }
    }
    this.nameStarts.push(offset);
    this.nameText = names.map((name) => name + NAME_END).join("");
    const lists = new Map<string, number[]>();
    for (const [i, name] of names.entries())
      for (let at = 0; at + GRAM <= name.length; at++) {
        const gram = name.slice(at, at + GRAM);
        const list = lists.get(gram);
        if (!list) lists.set(gram, [i]);
        else if (list[list.length - 1] !== i) list.push(i);
      }
    this.gramOffsets = new Int32Array(lists.size + 1);
    let total = 0;
    for (const [gram, list] of lists) {
      this.gramOffsets[this.gramIndex.size] = total;
      this.gramIndex.set(gram, this.gramIndex.size);
      total += list.length;
    }
    this.gramOffsets[lists.size] = total;
    this.gramNames = new Int32Array(total);
    let at = 0;
    for (const list of lists.values()) for (const name of list) this.gramNames[at++] = name;
    keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.keys = keys.map((k) => k.key);
    this.keyGenes = Int32Array.from(keys, (k) => k.gene);
    this.keyRanks = Uint8Array.from(keys, (k) => k.rank);
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
      for (let i = lowerBound(this.keys.length, (k) => this.keys[k]!, lower); i < this.keys.length; i++) {
        const key = this.keys[i]!;
        if (!key.startsWith(lower)) break;
        const rank = this.keyRanks[i]!;
        // A prefix match ranks two below the exact match of the same kind (symbol 0 → 2, alias 1 → 3).
        keep(this.keyGenes[i]!, key === lower ? rank : rank + 2);
      }
      for (const name of this.namesContaining(lower)) keep(this.nameGenes[name]!, MATCH_RANK.proteinName);
    }
    return [...best].map(([id, rank]) => ({ id, name: this.symbols.get(id) ?? "", rank }));
  }

  /** Indexes of the protein names containing `lower`, in order. */
  private namesContaining(lower: string): number[] {
    if (lower.length < GRAM) return this.scanNames(lower);
    let rarest = -1;
    for (let at = 0; at + GRAM <= lower.length; at++) {
      const gram = this.gramIndex.get(lower.slice(at, at + GRAM));
      if (gram === undefined) return [];
      if (rarest === -1 || this.gramSize(gram) < this.gramSize(rarest)) rarest = gram;
    }
    const found: number[] = [];
    const starts = this.nameStarts;
    for (let p = this.gramOffsets[rarest]!; p < this.gramOffsets[rarest + 1]!; p++) {
      const name = this.gramNames[p]!;
      if (
        lower.length === GRAM ||
        this.nameText.slice(starts[name]!, starts[name + 1]! - NAME_END.length).includes(lower)
      )
        found.push(name);
    }
    return found;
  }

  private gramSize(gram: number): number {
    return this.gramOffsets[gram + 1]! - this.gramOffsets[gram]!;
  }

  /** `namesContaining` by scanning every name: for terms shorter than GRAM letters. */
  private scanNames(lower: string): number[] {
    const starts = this.nameStarts;
    const found: number[] = [];
    let name = 0;
    let at = this.nameText.indexOf(lower);
    while (at !== -1) {
      // The name holding the match: the last one starting at or before it.
      let hi = starts.length - 1;
      while (name + 1 < hi) {
        const mid = (name + hi) >>> 1;
        if (starts[mid]! <= at) name = mid;
        else hi = mid;
      }
      const end = starts[name + 1]! - NAME_END.length;
      if (at + lower.length <= end) {
        found.push(name);
        at = this.nameText.indexOf(lower, end + NAME_END.length);
      } else {
        // Only a term holding NAME_END can run past a name's end: look on from the next character.
        at = this.nameText.indexOf(lower, at + 1);
      }
    }
    return found;
  }
}
