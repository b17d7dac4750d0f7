import { readFileSync } from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { gunzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import MiniSearch from "minisearch";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GeneRanking, MATCH_RANK, type RankableGene } from "../../gateway/search/gene-ranking";
import { SearchIndex } from "../../gateway/search/search-index";
import { type SearchSource, SUGGESTION_SCOPES } from "../../gateway/search/suggestion";
import { WordIndex, type WordSearchOptions } from "../../gateway/search/word-index";
import { DERIVED_DATA_VERSION } from "../../gateway/services/read-models/version";
import { bundledReleaseDir } from "../../seeds/csv-release";
import { type Cells, int, optInt, optText, text } from "../../seeds/fields";

/** The bundled release's genes, diseases and studies as the search service reads them from the database. */
function bundledSource(): SearchSource {
  const read = (name: string): Cells[] =>
    parse(gunzipSync(readFileSync(path.join(bundledReleaseDir, `${name}.csv.gz`))), {
      columns: true,
      bom: true,
      skip_empty_lines: true,
    });
  const byNumber =
    <T>(key: (row: T) => number) =>
    (a: T, b: T) =>
      key(a) - key(b);
  return {
    genes: read("genes")
      .map((r) => ({
        id: int(r, "id"),
        symbol: text(r, "human_name"),
        proteinName: optText(r, "description"),
        aliases: (optText(r, "aliases") ?? "").split(";").filter((a) => a.length > 0),
        humanEntrez: optInt(r, "human_entrez"),
        mouseEntrez: optInt(r, "mouse_entrez"),
        ratEntrez: optInt(r, "rat_entrez"),
        mgi: optText(r, "mgi"),
        uniprot: optText(r, "uniprot_id"),
      }))
      .sort(byNumber((g) => g.id)),
    diseases: read("diseases")
      .map((r) => ({ hdoid: text(r, "hdoid"), name: text(r, "description") }))
      .sort((a, b) => (a.hdoid < b.hdoid ? -1 : a.hdoid > b.hdoid ? 1 : 0)),
    papers: read("papers")
      .map((r) => ({
        pmid: int(r, "pmid"),
        name: text(r, "name"),
        title: optText(r, "title"),
        year: int(r, "year"),
      }))
      .sort(byNumber((p) => p.pmid)),
  };
}

const source = bundledSource();

/** About `count` items spread evenly over the list: terms from the whole release, without randomness. */
const spread = <T>(items: readonly T[], count: number): T[] =>
  items.filter((_, i) => i % Math.max(1, Math.floor(items.length / count)) === 0);

const words = (text: string) => text.split(/[\s\p{P}]+/u).filter((w) => w.length > 0);

/** Terms of every kind the search box sees: short prefixes, whole symbols, aliases, ids, words. */
function termsOf(source: SearchSource): string[] {
  const terms = new Set(["DLG", "CAMK", "SYN", "GRIN", "SHANK", "HOMER", "NRXN", "SNAP"]);
  for (const t of ["psd-95", "PSD95", "sap", "mgi:", "MGI:12", "doid:", "DOID:01", "p7", "q9", "17", "1"])
    terms.add(t);
  for (const t of ["kinase", "protein", "synaptic ves", "receptor sub", "syndrome", "epilep", "autism"])
    terms.add(t);
  for (const t of ["--", "(", "a b", "α", "zzzq"]) terms.add(t);
  // One letter matches much of the index (slow to check against the full search): a few suffice.
  for (const t of ["S", "1"]) terms.add(t);
  for (const g of spread(source.genes, 25)) {
    for (let n = 2; n <= 4; n++) terms.add(g.symbol.slice(0, n));
    terms.add(g.symbol);
    for (const alias of g.aliases.slice(0, 2)) {
      terms.add(alias);
      terms.add(alias.slice(0, 3));
    }
    if (g.proteinName) {
      terms.add(g.proteinName.slice(0, 12));
      for (const w of words(g.proteinName).slice(0, 2)) terms.add(w.slice(0, 5));
    }
    if (g.uniprot) terms.add(g.uniprot.slice(0, 3));
    if (g.humanEntrez !== null) terms.add(String(g.humanEntrez).slice(0, 3));
  }
  for (const d of spread(source.diseases, 20)) {
    terms.add(d.name.slice(0, 8));
    terms.add(d.hdoid.slice(0, 7));
    for (const w of words(d.name).slice(0, 2)) terms.add(w.slice(0, 4));
  }
  for (const p of spread(source.papers, 10)) {
    terms.add(p.name.slice(0, 4));
    terms.add(String(p.pmid).slice(0, 4));
    if (p.title) for (const w of words(p.title).slice(0, 2)) terms.add(w.slice(0, 5));
  }
  return [...terms].filter((t) => t.trim() !== "");
}

describe("search index suggestions", () => {
  let index: SearchIndex;
  beforeAll(async () => {
    index = await SearchIndex.build(source);
  }, 60_000);

  it("gives, with the whole-text shortcut, exactly the suggestions of the full word search", {
    timeout: 60_000,
  }, () => {
    const fullSearch = vi.spyOn(index, "suggestFromAllWordMatches");
    const differences: unknown[] = [];
    let shortcuts = 0;
    // Disease and paper lists seldom fill from whole texts beyond one suggestion (mostly full searches).
    const limits = { all: [1, 10, 50], gene: [1, 10], disease: [1], paper: [1] };
    for (const term of termsOf(source))
      for (const scope of SUGGESTION_SCOPES)
        for (const limit of limits[scope]) {
          const before = fullSearch.mock.calls.length;
          const suggestions = index.suggest(term, scope, limit);
          if (fullSearch.mock.calls.length > before) continue; // answered by the full search itself
          shortcuts++;
          const expected = index.suggestFromAllWordMatches(term, scope, limit);
          // Same texts in the same order, same merged genes and descriptions.
          if (JSON.stringify(suggestions) !== JSON.stringify(expected))
            differences.push({ term, scope, limit, suggestions, expected });
        }
    fullSearch.mockRestore();
    expect(differences.slice(0, 3)).toEqual([]);
    // The comparison means something only if the shortcut answered many cases.
    expect(shortcuts).toBeGreaterThan(1000);
  });

  it("orders equally good texts by word relevance, not only by length", () => {
    // 'GRIN1' is also an alias of GPRIN1: a more common word scores lower, so the symbol GRIN1 comes
    // after the longer GRIN2A … GRIN3B. The whole-text shortcut must keep that relevance.
    const texts = index.suggest("GRIN", "gene", 10).map((s) => s.text);
    expect(texts.slice(0, 7)).toEqual(["GRIN2A", "GRIN2B", "GRIN2C", "GRIN2D", "GRIN3A", "GRIN3B", "GRIN1"]);
  });

  it("merges the genes of one alias text into one suggestion", () => {
    expect(index.suggest("SYN", "gene", 10)[0]).toEqual({
      text: "SYN",
      type: "Alias",
      entityType: "gene",
      description: "Alias of FYN, SYNM",
      title: null,
      genes: ["FYN", "SYNM"],
    });
  });
});

describe("search index snapshot (written with the release, restored at start)", () => {
  let index: SearchIndex;
  let snapshot: Buffer;
  let restored: SearchIndex | null;
  beforeAll(async () => {
    index = await SearchIndex.build(source);
    snapshot = index.toSnapshot();
    restored = SearchIndex.fromSnapshot(snapshot);
  }, 60_000);

  it("restores every structure of the built index, with its class, typed arrays and Maps", () => {
    expect(restored).not.toBeNull();
    expect(restored).toStrictEqual(index);
  });

  it("copies its typed arrays out of the snapshot (a view of it would keep the whole snapshot in memory)", () => {
    const views: ArrayBufferView[] = [];
    const collect = (value: unknown) => {
      if (ArrayBuffer.isView(value)) views.push(value);
      else if (value instanceof Map) for (const item of value.values()) collect(item);
      else if (value !== null && typeof value === "object")
        for (const item of Object.values(value)) collect(item);
    };
    collect(restored);
    expect(views.length).toBeGreaterThan(10);
    expect(views.filter((view) => view.buffer === snapshot.buffer)).toEqual([]);
  });

  it("answers suggestions, protein names and gene ranking as the built index does", () => {
    const terms = termsOf(source);
    expect(terms.length).toBeGreaterThan(300);
    for (const term of terms) {
      expect(restored!.suggest(term, "all", 10), term).toEqual(index.suggest(term, "all", 10));
      expect(restored!.proteinGenes(term), term).toEqual(index.proteinGenes(term));
      expect(restored!.genes.rank(term), term).toEqual(index.genes.rank(term));
    }
  });

  it("is not restored from a snapshot of another derived data version, nor from bytes that are not one", () => {
    const other = v8.deserialize(index.toSnapshot()) as { format: string };
    expect(other.format).toBe(`derived data ${DERIVED_DATA_VERSION}`);
    other.format = `derived data ${DERIVED_DATA_VERSION - 1}`;
    expect(SearchIndex.fromSnapshot(v8.serialize(other))).toBeNull();
    expect(SearchIndex.fromSnapshot(Buffer.from("not a snapshot"))).toBeNull();
  });
});

describe("word index, held to MiniSearch (whose results and scores it reproduces in less memory)", () => {
  // The word-indexed texts of the release, by id; every third id left out (ids need not be dense).
  const texts = [
    ...source.genes.flatMap((g) => [g.symbol, ...g.aliases, g.proteinName ?? ""]),
    ...source.diseases.map((d) => d.name),
    ...source.papers.flatMap((p) => [p.name, p.title ?? ""]),
  ].filter((t) => t.trim() !== "");
  const documents = texts.map((text, i) => ({ id: i + Math.floor(i / 2), text }));
  const idLimit = documents.at(-1)!.id + 1;
  let wordIndex: WordIndex;
  let mini: MiniSearch<{ id: number; text: string }>;
  beforeAll(async () => {
    const textOf = new Map(documents.map((d) => [d.id, d.text]));
    wordIndex = await WordIndex.build(
      documents.map((d) => d.id),
      idLimit,
      (id) => textOf.get(id)!,
    );
    mini = new MiniSearch({ fields: ["text"], searchOptions: { prefix: true, combineWith: "AND" } });
    mini.addAll(documents);
  }, 60_000);

  const fuzzy = (word: string) => (word.length >= 5 ? 0.2 : false);
  const modes: Record<string, WordSearchOptions> = {
    "prefix and typos": { prefix: true, fuzzy },
    "whole words": { prefix: false, fuzzy: () => false },
  };
  const miniOptions = (options: WordSearchOptions, only?: ReadonlySet<number>) => ({
    prefix: options.prefix,
    fuzzy: options.prefix ? fuzzy : false,
    ...(only ? { boostDocument: (id: number) => (only.has(id) ? 1 : 0) } : {}),
  });
  /** Same documents; scores equal to 1e-12 relative (sums may add in another order); order by score. */
  const differs = (got: { id: number; score: number }[], want: { id: number; score: number }[]) => {
    if (got.length !== want.length) return `${got.length} results, MiniSearch ${want.length}`;
    const wanted = new Map(want.map((r) => [r.id, r.score]));
    for (const [i, r] of got.entries()) {
      const score = wanted.get(r.id);
      if (score === undefined) return `document ${r.id} not found by MiniSearch`;
      if (Math.abs(score - r.score) > 1e-12 * Math.abs(score))
        return `document ${r.id}: ${r.score} vs ${score}`;
      if (i > 0 && got[i - 1]!.score < r.score) return "not ordered by score";
    }
    return null;
  };

  it("finds the same documents with the same scores, for every kind of term", { timeout: 60_000 }, () => {
    const terms = [...termsOf(source), "synaptic vesicle", "receptr", "glutamate recptor", "Kinaze", "x"];
    const differences: unknown[] = [];
    let results = 0;
    for (const term of terms)
      for (const [mode, options] of Object.entries(modes)) {
        const got = wordIndex.search(term, options);
        const want = mini.search(term, miniOptions(options));
        results += want.length;
        const difference = differs(got, want);
        if (difference) differences.push({ term, mode, difference });
      }
    expect(differences.slice(0, 5)).toEqual([]);
    expect(results).toBeGreaterThan(10_000); // the comparison covered real matches
  });

  it("scores a restricted set of documents as in the full search", () => {
    for (const term of ["syn", "glutamate rec", "kinase", "recptor", "syn syn"]) {
      const all = wordIndex.search(term, modes["prefix and typos"]!);
      const only = new Set(all.filter((_, i) => i % 3 === 0).map((r) => r.id));
      const got = wordIndex.search(term, { ...modes["prefix and typos"]!, only });
      expect(got).toEqual(all.filter((r) => only.has(r.id)));
      expect(differs(got, mini.search(term, miniOptions(modes["prefix and typos"]!, only)))).toBeNull();
    }
  });

  it("forgives typos by edit distance: one in five to seven letters, two in eight to twelve", () => {
    const found = (term: string) => wordIndex.search(term, modes["prefix and typos"]!).map((r) => r.id);
    const holding = (word: string) =>
      documents.filter((d) => words(d.text.toLowerCase()).includes(word)).map((d) => d.id);
    expect(found("kinaze")).toEqual(expect.arrayContaining(holding("kinase")));
    expect(found("recptor")).toEqual(expect.arrayContaining(holding("receptor")));
    expect(found("glutamatte")).toEqual(expect.arrayContaining(holding("glutamate")));
    expect(found("kinzze")).not.toEqual(expect.arrayContaining(holding("kinase"))); // two edits in six letters
  });
});

const searchKey = (value: string | null) => value?.trim().toLowerCase().slice(0, 255) ?? "";

/** Gene search by definition: each gene's best rank over its symbol, aliases and protein name. */
function bruteForceRanks(genes: readonly RankableGene[]): (term: string) => Map<number, number> {
  const keyed = genes.map((g) => ({
    id: g.id,
    symbol: searchKey(g.symbol),
    aliases: g.aliases.map(searchKey).filter((a) => a !== ""),
    name: searchKey(g.proteinName),
    ids: [g.humanEntrez, g.mgi].filter((x) => x != null).map((x) => String(x).toLowerCase()),
    orthologIds: [g.mouseEntrez, g.ratEntrez].filter((x) => x != null).map(String),
  }));
  // The genes of each alias: an alias of several genes is a shared alias.
  const aliasGenes = new Map<string, Set<number>>();
  for (const g of keyed)
    for (const alias of g.aliases) aliasGenes.set(alias, (aliasGenes.get(alias) ?? new Set()).add(g.id));
  return (term) => {
    const lower = searchKey(term);
    const ranks = new Map<number, number>();
    if (lower === "") return ranks;
    // A number is an Entrez id, 'mgi:123' an MGI id: those match ids only.
    const id = /^\d+$/.test(lower)
      ? String(Number(lower))
      : /^mgi:?\d+$/.test(lower)
        ? lower.replace(/^mgi:?/, "mgi:")
        : null;
    if (id !== null) {
      for (const g of keyed)
        if (g.ids.includes(id)) ranks.set(g.id, MATCH_RANK.exactId);
        else if (g.orthologIds.includes(id)) ranks.set(g.id, MATCH_RANK.orthologId);
      return ranks;
    }
    // The family: the term and a number (and at most one letter), or after a digit one letter.
    const family = /\d$/.test(lower) ? /^[a-z]$/ : /^\d+[a-z]?$/;
    for (const g of keyed) {
      let best = Number.POSITIVE_INFINITY;
      if (g.symbol === lower) best = MATCH_RANK.exactSymbol;
      else if (g.symbol.startsWith(lower))
        best = family.test(g.symbol.slice(lower.length)) ? MATCH_RANK.symbolFamily : MATCH_RANK.symbolPrefix;
      for (const alias of g.aliases) {
        if (alias === lower)
          best = Math.min(
            best,
            aliasGenes.get(alias)!.size > 1 ? MATCH_RANK.sharedAlias : MATCH_RANK.exactAlias,
          );
        else if (alias.startsWith(lower)) best = Math.min(best, MATCH_RANK.aliasPrefix);
      }
      if (g.name !== "" && g.name.includes(lower)) best = Math.min(best, MATCH_RANK.proteinName);
      if (best !== Number.POSITIVE_INFINITY) ranks.set(g.id, best);
    }
    return ranks;
  };
}

describe("gene search ranking over the bundled release", () => {
  const ranking = new GeneRanking(source.genes);

  it("ranks like the brute-force definition", () => {
    const expectedRanks = bruteForceRanks(source.genes);
    const differences: string[] = [];
    for (const term of termsOf(source)) {
      const expected = expectedRanks(term);
      const ranked = ranking.rank(term);
      const actual = new Map(ranked.map((r) => [r.id, r.rank]));
      if (ranked.length !== actual.size) differences.push(`${term}: a gene twice`);
      const sorted = (m: Map<number, number>) => JSON.stringify([...m].sort((a, b) => a[0] - b[0]));
      if (sorted(actual) !== sorted(expected)) differences.push(term);
    }
    expect(differences).toEqual([]);
  }, 60_000); // every term of the release against a scan of every gene: 3-6 s beside the API tests
});

describe("gene search ranking of protein names", () => {
  const genes = [
    { id: 1, symbol: "A1", aliases: [], proteinName: "alpha beta" },
    { id: 2, symbol: "B2", aliases: [], proteinName: "gamma\ndelta" },
    { id: 3, symbol: "C3", aliases: [], proteinName: null },
    { id: 4, symbol: "D4", aliases: [], proteinName: "beta gamma beta" },
    { id: 5, symbol: "E5", aliases: [], proteinName: "a\nb" },
  ];
  const ranking = new GeneRanking(genes);
  const found = (term: string) => ranking.rank(term).map((r) => r.name);

  it("matches within one name only, never across two", () => {
    expect(found("beta")).toEqual(["A1", "D4"]);
    expect(found("a\nd")).toEqual(["B2"]);
    expect(found("gamma\ndelta")).toEqual(["B2"]);
    expect(found("beta\ngamma")).toEqual([]);
    expect(found("delta\nbeta")).toEqual([]);
    // First found across B2 and D4, then inside E5.
    expect(found("a\nb")).toEqual(["E5"]);
  });
});
