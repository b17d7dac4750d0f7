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

export class WordIndex {
  /** Distinct lower-cased words, sorted: a prefix's words are one run of it. */
  private readonly terms: string[];
  /** Postings of terms[t]: documents docs[offsets[t]] ... docs[offsets[t + 1] - 1], with their counts. */
  private readonly offsets: Int32Array;
  private readonly docs: Int32Array;
  private readonly counts: Uint16Array;
  /** Distinct raw words per document, indexed by document id (MiniSearch's field length). */
  private readonly lengths: Uint16Array;
  private readonly averageLength: number;
  private readonly documentCount: number;

  /**
   * Index the texts of `documents` (ids: small non-negative integers below `idLimit`), yielding to the
   * event loop between chunks so a running gateway keeps answering meanwhile.
   */
  static async build(
    documents: readonly { id: number; text: string }[],
    idLimit: number,
    chunkSize = 5000,
  ): Promise<WordIndex> {
    const postings = new Map<string, number[]>(); // term -> [doc, count, doc, count, ...]
    const lengths = new Uint16Array(idLimit);
    let averageLength = 0;
    for (const [count, { id, text }] of documents.entries()) {
      if (count > 0 && count % chunkSize === 0) await new Promise((resolve) => setImmediate(resolve));
      const tokens = words(text);
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
    return new WordIndex(postings, lengths, averageLength, documents.length);
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
    this.terms = [...postings.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
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
    let combined: Map<number, number> | null = null;
    for (const term of queryTerms) {
      const scores = this.termScores(term, options);
      if (combined === null) combined = scores;
      else {
        const next = new Map<number, number>();
        for (const [doc, score] of scores) {
          const before = combined.get(doc);
          if (before !== undefined) next.set(doc, before + score);
        }
        combined = next;
      }
      if (combined.size === 0) return [];
    }
    const quality = new Set(queryTerms).size; // MiniSearch multiplies by the distinct query words matched
    const results: WordMatch[] = [];
    for (const [id, score] of combined!) results.push({ id, score: score * quality });
    return results.sort((a, b) => b.score - a.score || a.id - b.id);
  }

  /** One query word's documents and scores: the word itself, then longer words it begins, then typos. */
  private termScores(term: string, options: WordSearchOptions): Map<number, number> {
    const scores = new Map<number, number>();
    const exact = this.find(term);
    if (exact >= 0) this.addPostings(exact, 1, scores, options.only);
    const prefixed = new Set<number>();
    if (options.prefix) {
      const start = exact >= 0 ? exact + 1 : this.lowerBound(term);
      for (let t = start; t < this.terms.length && this.terms[t]!.startsWith(term); t++) {
        const derived = this.terms[t]!;
        prefixed.add(t);
        const weight =
          (PREFIX_WEIGHT * derived.length) / (derived.length + 0.3 * (derived.length - term.length));
        this.addPostings(t, weight, scores, options.only);
      }
    }
    const fuzzy = options.fuzzy(term);
    if (fuzzy !== false) {
      const maxDistance = fuzzy < 1 ? Math.min(MAX_FUZZY, Math.round(term.length * fuzzy)) : fuzzy;
      if (maxDistance > 0)
        for (const [t, distance] of this.withinDistance(term, maxDistance)) {
          if (distance === 0 || prefixed.has(t)) continue;
          const derived = this.terms[t]!;
          this.addPostings(
            t,
            (FUZZY_WEIGHT * derived.length) / (derived.length + distance),
            scores,
            options.only,
          );
        }
    }
    return scores;
  }

  private addPostings(
    t: number,
    weight: number,
    scores: Map<number, number>,
    only: ReadonlySet<number> | null | undefined,
  ): void {
    const from = this.offsets[t]!;
    const to = this.offsets[t + 1]!;
    const matching = to - from;
    const inverseFrequency = Math.log(1 + (this.documentCount - matching + 0.5) / (matching + 0.5));
    for (let p = from; p < to; p++) {
      const doc = this.docs[p]!;
      if (only && !only.has(doc)) continue;
      const frequency = this.counts[p]!;
      const score =
        weight *
        inverseFrequency *
        (BM25.d +
          (frequency * (BM25.k + 1)) /
            (frequency + BM25.k * (1 - BM25.b + (BM25.b * this.lengths[doc]!) / this.averageLength)));
      const before = scores.get(doc);
      scores.set(doc, before === undefined ? score : before + score);
    }
  }

  /** Index of the first term not below `term`. */
  private lowerBound(term: string): number {
    let lo = 0;
    let hi = this.terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.terms[mid]! < term) lo = mid + 1;
      else hi = mid;
    }
    return lo;
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
    let previous = "";
    let validRows = 0; // rows 1..validRows hold the previous term's prefixes
    let t = 0;
    while (t < this.terms.length) {
      const term = this.terms[t]!;
      let common = 0;
      const limit = Math.min(previous.length, term.length, validRows);
      while (common < limit && previous.charCodeAt(common) === term.charCodeAt(common)) common++;
      let deadAt = 0;
      const last = Math.min(term.length, longest);
      for (let i = common + 1; i <= last; i++) {
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
      previous = term;
      if (deadAt > 0) {
        // No term beginning with these deadAt letters is in reach: go past them all.
        validRows = deadAt - 1;
        const stem = term.slice(0, deadAt);
        t = this.lowerBound(stem.slice(0, -1) + String.fromCharCode(stem.charCodeAt(deadAt - 1) + 1));
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
