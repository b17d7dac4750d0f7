import { lowerBound } from "./sorted";

/**
 * A word index of short texts with MiniSearch's query semantics and scores (BM25+, prefix and fuzzy
 * weights, AND of the query's words), stored in a sorted term list and typed-array postings.
 *
 * Why not MiniSearch itself: it keeps several Maps per document. The portal's texts are short (a symbol,
 * an alias, a protein or disease name) and many: at 10x data, 514,630 texts with only 39,806 distinct
 * words took 205 MiB of heap in MiniSearch, which every full garbage collection marks. A unit test holds
 * this index to MiniSearch's results and scores (tests/unit/search-index.test.ts).
 */

/** MiniSearch's default tokeniser: any run of Unicode spaces, newlines or punctuation separates words. */
const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}]+/u;

/** MiniSearch's defaults: BM25+ parameters, and the weights of prefix and fuzzy matches. */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
const MAX_FUZZY = 6;

export interface WordSearchOptions {
  /** Words also match the index's words that start with them. */
  prefix: boolean;
  /** Per query word: a fraction of its length (edit distance allowed), or false for exact words only. */
  fuzzy: (word: string) => number | false;
  /** Only these documents are scored and returned (the others still count in word frequencies). */
  only?: ReadonlySet<number> | null;
}

export interface WordMatch {
  id: number;
  score: number;
}

const words = (text: string) => text.split(SPACE_OR_PUNCTUATION);

/** The order of the sorted term list. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Levenshtein distance (insertions, deletions and substitutions of UTF-16 code units). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      current.push(Math.min(previous[j - 1]! + cost, previous[j]! + 1, current[j - 1]! + 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

export class WordIndex {
  /** Distinct lower-cased words, sorted: a prefix's words are one run of it. */
  private readonly terms: string[];
  /** Letters each term shares with the one before it (at most 255): the typo search walks them as a trie. */
  private readonly sharedPrefix: Uint8Array;
  /** Postings of terms[t]: documents docs[offsets[t]] ... docs[offsets[t + 1] - 1], with their counts. */
  private readonly offsets: Int32Array;
  private readonly docs: Int32Array;
  private readonly counts: Uint16Array;
  /**
   * The same postings by document: the terms of document d are docTerms[docOffsets[d]] ...
   * docTerms[docOffsets[d + 1] - 1], ascending (so in code-unit order), with their counts. Scoring a few
   * hundred given documents reads them here instead of splitting and counting each text again.
   */
  private readonly docOffsets: Int32Array;
  private readonly docTerms: Int32Array;
  private readonly docCounts: Uint16Array;
  /** Distinct raw words per document, indexed by document id (MiniSearch's field length). */
  private readonly lengths: Uint16Array;
  private readonly averageLength: number;
  private readonly documentCount: number;

  /**
   * Index the texts of the documents `ids` (ascending, small non-negative integers below `idLimit`),
   * yielding to the event loop between chunks so a running gateway keeps answering meanwhile.
   */
  static async build(
    ids: ArrayLike<number>,
    idLimit: number,
    textOf: (id: number) => string,
    chunkSize = 5000,
  ): Promise<WordIndex> {
    const postings = new Map<string, number[]>(); // term -> [doc, count, doc, count, ...]
    const lengths = new Uint16Array(idLimit);
    let averageLength = 0;
    for (let count = 0; count < ids.length; count++) {
      if (count > 0 && count % chunkSize === 0) await new Promise((resolve) => setImmediate(resolve));
      const id = ids[count]!;
      const tokens = words(textOf(id));
      const length = new Set(tokens).size;
      lengths[id] = length;
      // MiniSearch's running average, step by step: the same floating-point value, so the same scores.
      averageLength = (averageLength * count + length) / (count + 1);
      for (const token of tokens) {
        const term = token.toLowerCase();
        if (term === "") continue;
        const list = postings.get(term);
        if (!list) postings.set(term, [id, 1]);
        else if (list[list.length - 2] === id) list[list.length - 1]!++;
        else list.push(id, 1);
      }
    }
    return new WordIndex(postings, lengths, averageLength, ids.length);
  }

  private constructor(
    postings: Map<string, number[]>,
    lengths: Uint16Array,
    averageLength: number,
    documentCount: number,
  ) {
    this.lengths = lengths;
    this.averageLength = averageLength;
    this.documentCount = documentCount;
    this.terms = [...postings.keys()].sort(byCodeUnits);
    this.sharedPrefix = new Uint8Array(this.terms.length);
    for (let t = 1; t < this.terms.length; t++) {
      const a = this.terms[t - 1]!;
      const b = this.terms[t]!;
      let n = 0;
      while (n < 255 && n < a.length && n < b.length && a.charCodeAt(n) === b.charCodeAt(n)) n++;
      this.sharedPrefix[t] = n;
    }
    this.offsets = new Int32Array(this.terms.length + 1);
    let total = 0;
    for (const [t, term] of this.terms.entries()) {
      this.offsets[t] = total;
      total += postings.get(term)!.length / 2;
    }
    this.offsets[this.terms.length] = total;
    this.docs = new Int32Array(total);
    this.counts = new Uint16Array(total);
    let at = 0;
    for (const term of this.terms) {
      const list = postings.get(term)!;
      for (let i = 0; i < list.length; i += 2) {
        this.docs[at] = list[i]!;
        this.counts[at++] = list[i + 1]!;
      }
    }
    this.docOffsets = new Int32Array(lengths.length + 1);
    for (const doc of this.docs) this.docOffsets[doc + 1]!++;
    for (let d = 0; d < lengths.length; d++) this.docOffsets[d + 1]! += this.docOffsets[d]!;
    this.docTerms = new Int32Array(total);
    this.docCounts = new Uint16Array(total);
    const next = this.docOffsets.slice(0, lengths.length);
    for (let t = 0; t < this.terms.length; t++)
      for (let p = this.offsets[t]!; p < this.offsets[t + 1]!; p++) {
        const slot = next[this.docs[p]!]!++;
        this.docTerms[slot] = t;
        this.docCounts[slot] = this.counts[p]!;
      }
  }

  /**
   * Documents holding every word of `query` (as a word, or by prefix or typo when allowed), best first;
   * equal scores in document order.
   */
  search(query: string, options: WordSearchOptions): WordMatch[] {
    const queryTerms = words(query)
      .map((w) => w.toLowerCase())
      .filter((w) => w !== "");
    if (queryTerms.length === 0) return [];
    const combined = options.only
      ? this.searchAmong(queryTerms, options, options.only)
      : this.searchAll(queryTerms, options);
    const quality = new Set(queryTerms).size; // MiniSearch multiplies by the distinct query words matched
    const results: WordMatch[] = [];
    for (const [id, score] of combined) results.push({ id, score: score * quality });
    return results.sort((a, b) => b.score - a.score || a.id - b.id);
  }

  /** Documents holding every query word, with the sum of their scores. */
  private searchAll(queryTerms: readonly string[], options: WordSearchOptions): Map<number, number> {
    let combined = this.termScores(queryTerms[0]!, options);
    for (const term of queryTerms.slice(1)) {
      if (combined.size === 0) break;
      const next = new Map<number, number>();
      for (const [doc, score] of this.termScores(term, options)) {
        const before = combined.get(doc);
        if (before !== undefined) next.set(doc, before + score);
      }
      combined = next;
    }
    return combined;
  }

  /**
   * `search` within `only`: each document's own words are matched against the query, not every word of
   * the index (a typo search over all of them costs ~0.5 ms a query word). Contributions are added in
   * the order the full search adds them (the word, longer words it begins, typos; each in term order),
   * so every score is the same number.
   */
  private searchAmong(
    queryTerms: readonly string[],
    options: WordSearchOptions,
    only: ReadonlySet<number>,
  ): Map<number, number> {
    const combined = new Map<number, number>();
    const maxDistances = queryTerms.map((term) => this.maxDistance(term, options));
    for (const doc of only) {
      let total = 0;
      let matchesAll = true;
      for (const [i, term] of queryTerms.entries()) {
        const score = this.documentTermScore(doc, term, maxDistances[i]!, options.prefix);
        if (score === null) {
          matchesAll = false;
          break;
        }
        total = i === 0 ? score : total + score;
      }
      if (matchesAll) combined.set(doc, total);
    }
    return combined;
  }

  /**
   * One query word's score in one document, or null if none of its words matches: the exact word, then
   * the longer words it begins, then the typos, each kind in term order as the full search adds them.
   */
  private documentTermScore(doc: number, term: string, maxDistance: number, prefix: boolean): number | null {
    const from = this.docOffsets[doc]!;
    const to = this.docOffsets[doc + 1]!;
    let score: number | null = null;
    const add = (p: number, weight: number) => {
      const contribution = this.score(this.docTerms[p]!, weight, doc, this.docCounts[p]!);
      score = score === null ? contribution : score + contribution;
    };
    for (let p = from; p < to; p++) if (this.terms[this.docTerms[p]!] === term) add(p, 1);
    if (prefix)
      for (let p = from; p < to; p++) {
        const word = this.terms[this.docTerms[p]!]!;
        if (word !== term && word.startsWith(term)) add(p, this.prefixWeight(word, term));
      }
    if (maxDistance > 0)
      for (let p = from; p < to; p++) {
        const word = this.terms[this.docTerms[p]!]!;
        if (word === term || (prefix && word.startsWith(term))) continue;
        if (Math.abs(word.length - term.length) > maxDistance) continue;
        const distance = editDistance(term, word);
        if (distance <= maxDistance) add(p, (FUZZY_WEIGHT * word.length) / (word.length + distance));
      }
    return score;
  }

  private maxDistance(term: string, options: WordSearchOptions): number {
    const fuzzy = options.fuzzy(term);
    if (fuzzy === false) return 0;
    return fuzzy < 1 ? Math.min(MAX_FUZZY, Math.round(term.length * fuzzy)) : fuzzy;
  }

  private prefixWeight(word: string, term: string): number {
    return (PREFIX_WEIGHT * word.length) / (word.length + 0.3 * (word.length - term.length));
  }

  /** One query word's documents and scores: the word itself, then longer words it begins, then typos. */
  private termScores(term: string, options: WordSearchOptions): Map<number, number> {
    const scores = new Map<number, number>();
    const exact = this.find(term);
    if (exact >= 0) this.addPostings(exact, 1, scores);
    const prefixed = new Set<number>();
    if (options.prefix) {
      const start = exact >= 0 ? exact + 1 : this.lowerBound(term);
      for (let t = start; t < this.terms.length && this.terms[t]!.startsWith(term); t++) {
        prefixed.add(t);
        this.addPostings(t, this.prefixWeight(this.terms[t]!, term), scores);
      }
    }
    const maxDistance = this.maxDistance(term, options);
    if (maxDistance > 0)
      for (const [t, distance] of this.withinDistance(term, maxDistance)) {
        if (distance === 0 || prefixed.has(t)) continue;
        const derived = this.terms[t]!;
        this.addPostings(t, (FUZZY_WEIGHT * derived.length) / (derived.length + distance), scores);
      }
    return scores;
  }

  private addPostings(t: number, weight: number, scores: Map<number, number>): void {
    for (let p = this.offsets[t]!; p < this.offsets[t + 1]!; p++) {
      const doc = this.docs[p]!;
      const score = this.score(t, weight, doc, this.counts[p]!);
      const before = scores.get(doc);
      scores.set(doc, before === undefined ? score : before + score);
    }
  }

  /** BM25+ of term t, seen `frequency` times in `doc`, times the weight of how it matched. */
  private score(t: number, weight: number, doc: number, frequency: number): number {
    const matching = this.offsets[t + 1]! - this.offsets[t]!;
    const inverseFrequency = Math.log(1 + (this.documentCount - matching + 0.5) / (matching + 0.5));
    return (
      weight *
      inverseFrequency *
      (BM25.d +
        (frequency * (BM25.k + 1)) /
          (frequency + BM25.k * (1 - BM25.b + (BM25.b * this.lengths[doc]!) / this.averageLength)))
    );
  }

  private lowerBound(term: string): number {
    return lowerBound(this.terms.length, (t) => this.terms[t]!, term);
  }

  private find(term: string): number {
    const at = this.lowerBound(term);
    return this.terms[at] === term ? at : -1;
  }

  /**
   * Terms within `maxDistance` edits (Levenshtein) of `query`, with their distance. The sorted terms
   * are walked like a trie: rows for a shared prefix are reused, and once a prefix is out of reach
   * every term beginning with it is skipped.
   */
  private withinDistance(query: string, maxDistance: number): [number, number][] {
    const found: [number, number][] = [];
    const n = query.length + 1;
    const longest = query.length + maxDistance;
    // Cells outside the band |i - j| <= maxDistance are never computed: they stay above the limit.
    const rows = new Uint8Array((longest + 1) * n).fill(maxDistance + 1);
    for (let j = 0; j < n; j++) rows[j] = j;
    for (let i = 1; i <= longest; i++) rows[i * n] = i;
    let validRows = 0; // rows 1..validRows hold the prefixes of the last term computed
    let t = 0;
    while (t < this.terms.length) {
      const term = this.terms[t]!;
      let deadAt = 0;
      const last = Math.min(term.length, longest);
      for (let i = Math.min(this.sharedPrefix[t]!, validRows) + 1; i <= last; i++) {
        const row = i * n;
        const above = row - n;
        let rowMin = i;
        const char = term.charCodeAt(i - 1);
        const to = Math.min(n - 1, i + maxDistance);
        for (let j = Math.max(1, i - maxDistance); j <= to; j++) {
          const cost = query.charCodeAt(j - 1) === char ? 0 : 1;
          const value = Math.min(rows[above + j - 1]! + cost, rows[above + j]! + 1, rows[row + j - 1]! + 1);
          rows[row + j] = value;
          if (value < rowMin) rowMin = value;
        }
        if (rowMin > maxDistance) {
          deadAt = i;
          break;
        }
      }
      if (deadAt > 0) {
        // No term beginning with these deadAt letters is in reach: go past them all.
        validRows = deadAt - 1;
        do t++;
        while (t < this.terms.length && this.sharedPrefix[t]! >= deadAt);
        continue;
      }
      validRows = last;
      if (term.length <= longest) {
        const distance = rows[term.length * n + n - 1]!;
        if (distance <= maxDistance) found.push([t, distance]);
      }
      t++;
    }
    return found;
  }
}
