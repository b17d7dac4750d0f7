import v8 from "node:v8";
import { compareText } from "../collation";
import { GeneRanking } from "./gene-ranking";
import { type Entry, EntryTable } from "./index-entries";
import { indexFields, normaliseKey } from "./index-fields";
import { deserializeCopying, SNAPSHOT_FORMAT, withFields } from "./index-snapshot";
import { idsOf, type KeyedIds } from "./keyed-ids";
import { lowerBound } from "./sorted";
import { columnLength, columnLowerBound, type StringColumn, stringAt } from "./string-column";
import type { EntityType, SearchSource, Suggestion, SuggestionScope } from "./suggestion";
import { WordIndex, type WordSearchOptions } from "./word-index";

/** Most identifier candidates one prefix gathers before ranking (a one-digit prefix matches thousands). */
const MAX_ID_CANDIDATES = 2000;

/** Word search of the suggestions: prefixes of every word, typos forgiven in words of five letters or more. */
const WORD_SEARCH: WordSearchOptions = { prefix: true, fuzzy: (word) => (word.length >= 5 ? 0.2 : false) };

/** Protein names by whole words only. */
const WHOLE_WORDS: WordSearchOptions = { prefix: false, fuzzy: () => false };

/** An entry found for a term, with its word-search relevance (0 for identifiers, which are not word-indexed). */
interface Candidate {
  entry: Entry;
  score: number;
}

/** Above every priority: a (tier, priority) group is numbered tier * GROUPS_PER_TIER + priority. */
const GROUPS_PER_TIER = 100;

/** Entries with one key make one suggestion (their genes merged). */
const suggestionKey = (entry: Pick<Entry, "entityType" | "type" | "text">) =>
  `${entry.entityType}|${entry.type}|${entry.text.toLowerCase()}`;

/** Which entity types a scope shows: protein names resolve to genes, so the gene scope keeps them. */
const SCOPE_TYPES: Record<SuggestionScope, readonly EntityType[]> = {
  all: ["gene", "protein", "disease", "paper"],
  gene: ["gene", "protein"],
  disease: ["disease"],
  paper: ["paper"],
};

/** Whether an entry is shown in a scope. */
const scopeFilter = (scope: SuggestionScope) => {
  const types = SCOPE_TYPES[scope];
  return (entry: Entry) => types.includes(entry.entityType);
};

/**
 * The in-memory index behind autocomplete and protein-name resolution: gene symbols, aliases,
 * protein names, Entrez / MGI / UniProt ids, disease names and HDOIDs, study names, titles and PMIDs.
 */
export class SearchIndex {
  private readonly search!: WordIndex;
  private readonly entries!: EntryTable;
  /**
   * Lower-cased identifiers (and their numeric parts), sorted for prefix search, and the entry of each:
   * flat arrays rather than an object per identifier (at 10x data, half a million of them).
   */
  private readonly identifierKeys!: StringColumn;
  private readonly identifierEntries!: Int32Array;
  /** Ids of the word-indexed entries (not identifiers), ascending. */
  private readonly wordIds!: Int32Array;
  /**
   * Ids of the word-indexed entries ordered by lower-cased text: the entries whose whole text starts
   * with a term are one run of it. Ids only (4 bytes each): the lower-cased texts are not kept.
   */
  private readonly byText!: Int32Array;
  /**
   * Normalised symbol / alias / protein name / UniProt id → gene symbol(s), for protein lookup, as
   * numbers into `proteinSymbols` (at 10x data, 440,000 keys: a Map of them took 40 MB).
   */
  private readonly proteinKeys!: KeyedIds;
  /** The gene symbols `proteinKeys` names by number. */
  private readonly proteinSymbols!: string[];
  /** Upper-cased gene symbol → the symbol as stored. */
  private readonly symbols!: Map<string, string>;
  /** Gene search ranking for text terms (symbol, alias, protein name). */
  readonly genes!: GeneRanking;
  readonly size!: number;

  /**
   * Build the index in chunks so a running gateway keeps answering requests meanwhile (a full
   * build is a second or more of CPU).
   */
  static async build(source: SearchSource): Promise<SearchIndex> {
    const fields = indexFields(source);
    const { entries } = fields;
    const search = await WordIndex.build(fields.wordIds, entries.length, (id) => entries.text(id));
    return withFields(SearchIndex, { ...fields, search });
  }

  /**
   * The whole index as one buffer (v8.serialize: typed arrays, Maps and the entries' shared gene arrays
   * as they are), written with the release (read-models/build.ts) so a gateway restores it in a
   * fraction of a build: at 10x data a build is about 5 s of CPU and the restore about 1.5 s.
   */
  toSnapshot(): Buffer {
    return v8.serialize({
      format: SNAPSHOT_FORMAT,
      index: { ...this, entries: null, search: null, genes: null },
      entries: { ...this.entries },
      search: { ...this.search },
      genes: { ...this.genes },
    });
  }

  /** Made by build or fromSnapshot only. */
  private constructor() {}

  /** The index a snapshot holds, or null when other code wrote it (or it does not read). */
  static fromSnapshot(snapshot: Buffer): SearchIndex | null {
    let parts: { format: string; index: object; entries: object; search: object; genes: object };
    try {
      parts = deserializeCopying(snapshot) as typeof parts;
    } catch {
      return null;
    }
    if (parts.format !== SNAPSHOT_FORMAT) return null;
    return withFields(SearchIndex, {
      ...parts.index,
      entries: withFields(EntryTable, parts.entries),
      search: withFields(WordIndex, parts.search),
      genes: withFields(GeneRanking, parts.genes),
    });
  }

  /** Entries whose identifier starts with `lower` (binary search on the sorted identifiers). */
  private identifierMatches(lower: string): Entry[] {
    const keys = this.identifierKeys;
    const count = columnLength(keys);
    const found: Entry[] = [];
    for (
      let i = columnLowerBound(keys, lower);
      i < count && found.length < MAX_ID_CANDIDATES && stringAt(keys, i).startsWith(lower);
      i++
    )
      found.push(this.entries.at(this.identifierEntries[i]!));
    return found;
  }

  /**
   * Ids of the word-indexed entries whose lower-cased text starts with `lower`, in text order (so those
   * equal to it first). The run's end is binary-searched too: at 10x data 'syn' begins 1,780 texts.
   */
  private textsStartingWith(lower: string): Int32Array {
    const ids = this.byText;
    const textAt = (i: number) => this.entries.text(ids[i]!).toLowerCase();
    const from = lowerBound(ids.length, textAt, lower);
    let lo = from;
    let hi = ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (textAt(mid).startsWith(lower)) lo = mid + 1;
      else hi = mid;
    }
    return ids.subarray(from, lo);
  }

  /** Word-search matches with their relevance; with `only`, just those entries (the others are not scored). */
  private wordMatches(term: string, only: ReadonlySet<number> | null = null): Candidate[] {
    return this.search
      .search(term, only ? { ...WORD_SEARCH, only } : WORD_SEARCH)
      .map((r) => ({ entry: this.entries.at(r.id), score: r.score }));
  }

  /**
   * Best suggestions for `q`: exact text first, then texts starting with it, then other word
   * matches; among equals, symbols before aliases before ids, then by relevance and length.
   */
  suggest(q: string, scope: SuggestionScope, limit: number): Suggestion[] {
    return this.suggestFromWholeTexts(q, scope, limit) ?? this.suggestFromAllWordMatches(q, scope, limit);
  }

  /**
   * `suggest` by scoring every word match: what it did before the whole-text shortcut, and still
   * does when that shortcut cannot fill the list. Public as the reference the tests hold it to.
   */
  suggestFromAllWordMatches(q: string, scope: SuggestionScope, limit: number): Suggestion[] {
    const term = q.trim();
    const lower = term.toLowerCase();
    const inScope = scopeFilter(scope);
    const words = this.wordMatches(term).filter((c) => inScope(c.entry));
    const identifiers = this.identifierMatches(lower)
      .filter(inScope)
      .map((entry) => ({ entry, score: 0 }));
    return this.bestSuggestions([...words, ...identifiers], lower, limit);
  }

  /**
   * The suggestions when the texts equal to or starting with the term (tiers 0 and 1) fill the list,
   * found by binary search instead of word-searching the whole index: a short prefix word-matches
   * thousands of entries, and scoring them all was most of the time. Null when tier 2 is needed.
   *
   * Same result as `suggestFromAllWordMatches`, because:
   * - the word-search score breaks ties within a tier before length (a word more entries share scores
   *   lower: 'GRIN1', also an alias, comes after 'GRIN3B'), so the kept entries are still scored by
   *   the word search, limited to them (`only`). Word frequencies still count every entry, so each
   *   score, and the order of equal scores (by entry), is exactly as in the unrestricted search.
   * - left out are only entries of a later (tier, priority) group than the one that fills the list,
   *   with a key no kept entry has: they sort after all kept entries, once the list is full, and
   *   would be skipped.
   */
  private suggestFromWholeTexts(q: string, scope: SuggestionScope, limit: number): Suggestion[] | null {
    const term = q.trim();
    const lower = term.toLowerCase();
    if (lower === "") return null;
    const types = SCOPE_TYPES[scope];
    const entries = this.entries;
    // Entry ids by (tier, priority) group, in the order of the run and then of the identifiers; no
    // Entry objects yet, as most of a long run is in groups after the one that fills the list.
    const groups = new Map<number, number[]>();
    const place = (id: number, tier: number) => {
      const kind = entries.kind(id);
      if (!types.includes(kind.entityType)) return;
      const group = tier * GROUPS_PER_TIER + kind.priority;
      const members = groups.get(group);
      if (members) members.push(id);
      else groups.set(group, [id]);
    };
    const run = this.textsStartingWith(lower);
    let exact = 0; // the texts equal to the term lead the run
    while (exact < run.length && entries.text(run[exact]!).toLowerCase() === lower) place(run[exact++]!, 0);
    for (let i = exact; i < run.length; i++) place(run[i]!, 1);
    // place() keeps only the scope's entries, and only placed entries can be kept.
    const identifiers = this.identifierMatches(lower);
    for (const entry of identifiers) {
      const text = entry.text.toLowerCase();
      if (text.startsWith(lower)) place(entry.id, text === lower ? 0 : 1);
    }
    // The keys of the groups up to the one that fills the list.
    const order = [...groups.keys()].sort((a, b) => a - b);
    const keys = new Set<string>();
    const keyStarts = new Set<string>();
    const kept = new Set<number>();
    let filled = 0;
    for (; filled < order.length && keys.size < limit; filled++)
      for (const id of groups.get(order[filled]!)!) {
        const kind = entries.kind(id);
        keys.add(kind.keyStart + entries.text(id).toLowerCase());
        keyStarts.add(kind.keyStart);
        kept.add(id);
      }
    if (keys.size < limit) return null;
    // Entries of later groups join only to merge their genes into a kept key.
    for (const group of order.slice(filled))
      for (const id of groups.get(group)!) {
        const keyStart = entries.kind(id).keyStart;
        if (keyStarts.has(keyStart) && keys.has(keyStart + entries.text(id).toLowerCase())) kept.add(id);
      }
    const scored = new Set<number>();
    for (const id of kept) if (!entries.kind(id).identifier) scored.add(id);
    const words = scored.size === 0 ? [] : this.wordMatches(term, scored);
    // Every text starting with the term holds its words, so the word search finds them all; should
    // tokenising ever disagree (say, a term of punctuation only), the full search decides.
    if (words.length !== scored.size) return null;
    const ids = identifiers.filter((e) => kept.has(e.id)).map((entry) => ({ entry, score: 0 }));
    return this.bestSuggestions([...words, ...ids], lower, limit);
  }

  /** Rank in-scope candidates (word matches first, then identifiers) into at most `limit` suggestions. */
  private bestSuggestions(candidates: Candidate[], lower: string, limit: number): Suggestion[] {
    // Tiers: the whole text equals the term, starts with it, or only a word of it matches. Entries of
    // one suggestion share their text and so their tier: once the better tiers fill the list, the
    // (often thousands of) word matches need no sorting at all.
    const tiers: Candidate[][] = [[], [], []];
    for (const c of candidates) {
      const t = c.entry.text.toLowerCase();
      tiers[t === lower ? 0 : t.startsWith(lower) ? 1 : 2]!.push(c);
    }
    const seen = new Map<string, Suggestion>();
    for (const tier of tiers) {
      if (seen.size >= limit) break;
      tier.sort(
        (a, b) =>
          a.entry.priority - b.entry.priority ||
          b.score - a.score ||
          a.entry.text.length - b.entry.text.length ||
          compareText(a.entry.text, b.entry.text),
      );
      for (const { entry } of tier) {
        const key = suggestionKey(entry);
        const existing = seen.get(key);
        if (existing) {
          for (const g of entry.genes) if (!existing.genes.includes(g)) existing.genes.push(g);
          if (existing.type === "Alias") existing.description = `Alias of ${existing.genes.join(", ")}`;
          continue;
        }
        if (seen.size >= limit) continue;
        seen.set(key, {
          text: entry.text,
          type: entry.type,
          entityType: entry.entityType,
          description: entry.description,
          title: entry.title,
          genes: [...entry.genes],
        });
      }
    }
    return [...seen.values()];
  }

  /**
   * Gene symbols for a protein name: an exact match (letters and digits, any case) on a symbol,
   * alias, protein name or UniProt id; failing that, the genes whose protein name holds every word.
   */
  proteinGenes(name: string): string[] {
    const exact = idsOf(this.proteinKeys, normaliseKey(name));
    if (exact.length > 0) return Array.from(exact, (id) => this.proteinSymbols[id]!);
    const results = this.search.search(name.trim(), WHOLE_WORDS);
    const symbols: string[] = [];
    for (const r of results) {
      const entry = this.entries.at(r.id);
      if (entry.type !== "Protein Name") continue;
      for (const g of entry.genes) if (!symbols.includes(g)) symbols.push(g);
    }
    return symbols;
  }

  /** The candidates that are gene symbols of the loaded dataset (any case), as stored, without repeats. */
  knownSymbols(candidates: readonly string[]): string[] {
    const found: string[] = [];
    for (const candidate of candidates) {
      const symbol = this.symbols.get(candidate.trim().toUpperCase());
      if (symbol && !found.includes(symbol)) found.push(symbol);
    }
    return found;
  }
}
