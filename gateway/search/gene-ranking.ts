import { GeneMatchKind } from "../../schema/gene-match.enum";
import { idsOf, type KeyedIds, KeyedIdsBuilder } from "./keyed-ids";
import { columnLength, columnLowerBound, type StringColumn, stringAt, stringColumn } from "./string-column";

/**
 * The one gene search ranking of the portal (README "Search"): the gene search page, its download,
 * REST `gene/search`, the navigation box's submit and the disease gene filter all order genes by it.
 * Groups, best first (lower is better):
 *
 *  0 exact symbol · 1 exact human Entrez or MGI id · 2 exact mouse or rat Entrez id ·
 *  3 exact alias or previous symbol naming one gene (PSD-95 → DLG4; GKAP → DLGAP1) ·
 *  4 symbol of the term's family (the term and a number: SYN → SYN1; CAMK2 → CAMK2A) ·
 *  5 exact alias shared by several genes (SYN → FYN, SYNM) · 6 other symbol prefix · 7 alias prefix ·
 *  8 a gene the protein-name lookup adds (protein-derived) · 9 protein name or description holds the term ·
 *  10 (disease gene filter only) symbol or MGI substring, exact Entrez id.
 *
 * Within a group: protein names equal to the term, then starting with it, then holding it as a
 * word start, then elsewhere (groups 8 and 9), and then the symbol in natural order (SYN2 before SYN10).
 */
export const MATCH_RANK = {
  exactSymbol: 0,
  exactId: 1,
  orthologId: 2,
  exactAlias: 3,
  symbolFamily: 4,
  sharedAlias: 5,
  symbolPrefix: 6,
  aliasPrefix: 7,
  proteinLookup: 8,
  proteinName: 9,
  filterSubstring: 10,
} as const;

/** The kind of match of each group (index = group), as the APIs name it. */
export const MATCH_KINDS: readonly GeneMatchKind[] = [
  GeneMatchKind.SYMBOL,
  GeneMatchKind.ID,
  GeneMatchKind.ORTHOLOG_ID,
  GeneMatchKind.ALIAS,
  GeneMatchKind.SYMBOL_FAMILY,
  GeneMatchKind.SHARED_ALIAS,
  GeneMatchKind.SYMBOL_PREFIX,
  GeneMatchKind.ALIAS_PREFIX,
  GeneMatchKind.PROTEIN_LOOKUP,
  GeneMatchKind.PROTEIN_NAME,
  GeneMatchKind.SUBSTRING,
];
export type MatchKind = GeneMatchKind;

export interface RankableGene {
  id: number;
  symbol: string;
  aliases: string[];
  proteinName: string | null;
  humanEntrez?: number | null;
  mouseEntrez?: number | null;
  ratEntrez?: number | null;
  mgi?: string | null;
}

export interface RankedGene {
  id: number;
  name: string;
  rank: number;
  /** Order within the group: how the protein name holds the term (0 equal … 3 elsewhere); 0 otherwise. */
  tier: number;
  /** Found only through the protein-name lookup (group 8). */
  proteinDerived: boolean;
}

/** How one gene of a result list matched its term. */
export interface GeneMatch {
  geneId: number;
  match: MatchKind;
  proteinDerived: boolean;
}

export const matchKind = (rank: number): MatchKind => MATCH_KINDS[rank] ?? GeneMatchKind.SUBSTRING;

/** Natural (alphanumeric) text order: SYN2 before SYN10. */
const naturalCompare = new Intl.Collator("en", { numeric: true }).compare;

/** The search order: group, tier, symbol in natural order, id. */
export function compareRanked(
  a: Pick<RankedGene, "rank" | "tier" | "name" | "id">,
  b: Pick<RankedGene, "rank" | "tier" | "name" | "id">,
): number {
  return a.rank - b.rank || a.tier - b.tier || naturalCompare(a.name, b.name) || a.id - b.id;
}

/**
 * Matches from..to of the search order. Only the groups the page reaches are sorted: a short term
 * matches thousands of protein names (group 9), which a first page never shows.
 */
export function pageInRankOrder<T extends Pick<RankedGene, "rank" | "tier" | "name" | "id">>(
  matches: readonly T[],
  from: number,
  to: number,
): T[] {
  const groups = new Map<number, T[]>();
  for (const m of matches) {
    const group = groups.get(m.rank);
    if (group) group.push(m);
    else groups.set(m.rank, [m]);
  }
  const page: T[] = [];
  let before = 0; // matches in the groups already passed
  for (const rank of [...groups.keys()].sort((a, b) => a - b)) {
    const group = groups.get(rank)!;
    if (before + group.length > from && before < to) {
      group.sort(compareRanked);
      const end = Math.min(group.length, to - before);
      for (let i = Math.max(0, from - before); i < end; i++) page.push(group[i]!);
    }
    before += group.length;
  }
  return page;
}

/**
 * Whether a symbol is of the term's family: the term followed by a number and at most one letter
 * (SYN → SYN1, GRIN → GRIN2A, NLGN → NLGN4X), or, for a term ending in a digit, by one letter
 * (CAMK2 → CAMK2A, SCN1 → SCN1A). Both lower-cased; `symbol` starts with `term`.
 */
export function isFamilySymbol(symbol: string, term: string): boolean {
  const rest = symbol.slice(term.length);
  if (rest === "") return false;
  return /\d$/.test(term) ? /^[a-z]$/.test(rest) : /^\d+[a-z]?$/.test(rest);
}

/** How a protein name holds a term: 0 equal, 1 starts with it, 2 at a word start, 3 elsewhere. */
export function nameTier(name: string, lower: string): number {
  if (name === lower) return 0;
  if (name.startsWith(lower)) return 1;
  const at = name.indexOf(lower);
  if (at > 0 && !/[\p{L}\p{N}]/u.test(name[at - 1]!)) return 2;
  return 3;
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
  private readonly keys: StringColumn;
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
  /** Upper-cased symbol → gene ids (the protein lookup answers with symbols). */
  private readonly bySymbol: KeyedIds;
  /** Lower-cased protein name of each gene (for the order within groups 7 and 8). */
  private readonly proteinNames = new Map<number, string>();
  /** Human Entrez and MGI id (lower-cased) → genes; mouse and rat Entrez → genes. */
  private readonly ids: KeyedIds;
  private readonly orthologIds: KeyedIds;

  /** The GeneID whose symbol is `symbol` in any case (the lowest of several), or null. */
  idOfSymbol(symbol: string): number | null {
    const ids = idsOf(this.bySymbol, symbol.toUpperCase());
    return ids.length === 0 ? null : Math.min(...ids);
  }

  constructor(genes: readonly RankableGene[]) {
    const names: string[] = [];
    const keys: { key: string; gene: number; rank: number }[] = [];
    let offset = 0;
    const bySymbol = new KeyedIdsBuilder();
    const ids = new KeyedIdsBuilder();
    const orthologIds = new KeyedIdsBuilder();
    for (const g of genes) {
      this.symbols.set(g.id, g.symbol);
      bySymbol.add(g.symbol.toUpperCase(), g.id);
      if (g.humanEntrez != null) ids.add(String(g.humanEntrez), g.id);
      if (g.mgi) ids.add(g.mgi.toLowerCase(), g.id);
      if (g.mouseEntrez != null) orthologIds.add(String(g.mouseEntrez), g.id);
      if (g.ratEntrez != null && g.ratEntrez !== g.mouseEntrez) orthologIds.add(String(g.ratEntrez), g.id);
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
        this.proteinNames.set(g.id, name);
        names.push(name);
        this.nameStarts.push(offset);
        this.nameGenes.push(g.id);
        offset += name.length + NAME_END.length;
      }
    }
    this.bySymbol = bySymbol.build();
    this.ids = ids.build();
    this.orthologIds = orthologIds.build();
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
    // An alias that is the alias of several genes is ambiguous: it ranks below the term's family.
    for (let start = 0; start < keys.length; ) {
      let end = start;
      const genesOfAlias = new Set<number>();
      for (; end < keys.length && keys[end]!.key === keys[start]!.key; end++)
        if (keys[end]!.rank === MATCH_RANK.exactAlias) genesOfAlias.add(keys[end]!.gene);
      if (genesOfAlias.size > 1)
        for (let i = start; i < end; i++)
          if (keys[i]!.rank === MATCH_RANK.exactAlias) keys[i]!.rank = MATCH_RANK.sharedAlias;
      start = end;
    }
    this.keys = stringColumn(keys.map((k) => k.key));
    this.keyGenes = Int32Array.from(keys, (k) => k.gene);
    this.keyRanks = Uint8Array.from(keys, (k) => k.rank);
  }

  /**
   * Every gene matching the term, each with its best group (unsorted: `pageInRankOrder` or
   * `compareRanked` order them). `proteinGenes` are the symbols the protein-name lookup found for the
   * term: they join the matches (group 7, protein-derived) unless they already match better.
   * A number is an Entrez id and an MGI id (MGI:123, mgi123) an MGI id: those match ids only.
   */
  rank(term: string, proteinGenes: readonly string[] = []): RankedGene[] {
    const lower = searchKey(term);
    const best = new Map<number, number>();
    const keep = (gene: number, rank: number) => {
      const previous = best.get(gene);
      if (previous === undefined || rank < previous) best.set(gene, rank);
    };
    if (/^\d+$/.test(lower)) {
      const n = String(Number(lower));
      for (const id of idsOf(this.ids, n)) keep(id, MATCH_RANK.exactId);
      for (const id of idsOf(this.orthologIds, n)) keep(id, MATCH_RANK.orthologId);
    } else if (/^mgi:?\d+$/.test(lower)) {
      for (const id of idsOf(this.ids, `mgi:${lower.replace(/^mgi:?/, "")}`)) keep(id, MATCH_RANK.exactId);
    } else if (lower !== "") {
      const count = columnLength(this.keys);
      for (let i = columnLowerBound(this.keys, lower); i < count; i++) {
        const key = stringAt(this.keys, i);
        if (!key.startsWith(lower)) break;
        const rank = this.keyRanks[i]!;
        if (key === lower) keep(this.keyGenes[i]!, rank);
        else if (rank === MATCH_RANK.exactSymbol)
          keep(
            this.keyGenes[i]!,
            isFamilySymbol(key, lower) ? MATCH_RANK.symbolFamily : MATCH_RANK.symbolPrefix,
          );
        else keep(this.keyGenes[i]!, MATCH_RANK.aliasPrefix);
      }
      for (const name of this.namesContaining(lower)) keep(this.nameGenes[name]!, MATCH_RANK.proteinName);
      for (const symbol of proteinGenes)
        for (const id of idsOf(this.bySymbol, symbol.toUpperCase())) keep(id, MATCH_RANK.proteinLookup);
    }
    return [...best].map(([id, rank]) => {
      const name = this.proteinNames.get(id);
      return {
        id,
        name: this.symbols.get(id) ?? "",
        rank,
        tier: rank >= MATCH_RANK.proteinLookup && name !== undefined ? nameTier(name, lower) : 0,
        proteinDerived: rank === MATCH_RANK.proteinLookup,
      };
    });
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
