// Scoring of the search relevance set (queries.json), shared by bench/relevance.mjs and
// tests/api/relevance.test.ts. A query's results are read through GraphQL, exactly as the search
// screens read them: geneSearch (gene search page), diseaseSearch, paperSearch, and autocomplete
// (the navigation box), and a disease's gene filter in mode All. Two figures per query: the reciprocal rank of the first expected result
// (0 when none is on the first page) and the share of the expected set found on the first page
// (of at most pageSize expected results).

const GENE = "query($q: String!, $n: Int!) { geneSearch(q: $q, pageSize: $n) { genes { humanName } } }";
const DISEASE = "query($q: String!, $n: Int!) { diseaseSearch(q: $q, pageSize: $n) { diseases { hdoid } } }";
const PAPER = "query($q: String!, $n: Int!) { paperSearch(q: $q, pageSize: $n) { papers { pmid } } }";
const SUGGEST =
  "query($q: String!, $n: Int!) { autocomplete(q: $q, type: ALL, limit: $n) { text entityType } }";
const LOOKUP = "query($q: String!) { proteinLookup(name: $q) { genes } }";
const FILTER = `query($hdoid: String!, $q: String!, $n: Int!) {
  disease(hdoid: $hdoid) { genes(term: $q, mode: ALL, pageSize: $n) { genes { humanName } } } }`;

/** The web's protein-style test (web/src/lib/proteinTerm.ts), for the emulation of the old page rule. */
const proteinStyle = (term) => term.length >= 3 && /^[A-Za-z0-9-]+$/.test(term) && !/^[0-9]+$/.test(term);

/**
 * The first page of results of one query, as ids comparable with its `expected` list. With
 * `oldPageRule`, the results the web pages showed before issue 22: a protein-style term that the
 * protein lookup mapped to genes (other than the term itself) showed only those genes, and the
 * navigation box put them above its suggestions, and the disease gene filter showed only the mapped
 * genes' own rows.
 */
export async function firstPage(graphql, query, pageSize, { oldPageRule = false } = {}) {
  const q = query.q;
  const vars = { q, n: pageSize };
  const term = q.trim();
  const lookup = async () =>
    oldPageRule && proteinStyle(term) ? ((await graphql(LOOKUP, { q: term })).proteinLookup.genes ?? []) : [];
  switch (query.type) {
    case "gene": {
      const mapped = await lookup();
      if (mapped.length > 0 && !mapped.some((s) => s.toUpperCase() === term.toUpperCase()))
        return mapped.slice(0, pageSize);
      return (await graphql(GENE, vars)).geneSearch.genes.map((g) => g.humanName);
    }
    case "filter": {
      const filter = async (term) =>
        (await graphql(FILTER, { hdoid: query.hdoid, q: term, n: 100 })).disease.genes.genes.map(
          (g) => g.humanName,
        );
      const mapped = await lookup();
      // The old filter searched each mapped gene in turn, keeping its exact symbol rows.
      if (mapped.length > 0) {
        const rows = [];
        for (const symbol of mapped.slice(0, 25))
          for (const name of await filter(symbol))
            if (same(name, symbol) && !rows.includes(name)) rows.push(name);
        return rows.slice(0, pageSize);
      }
      return (await filter(q)).slice(0, pageSize);
    }
    case "disease":
      return (await graphql(DISEASE, vars)).diseaseSearch.diseases.map((d) => d.hdoid);
    case "paper":
      return (await graphql(PAPER, vars)).paperSearch.papers.map((p) => p.pmid);
    case "suggest": {
      const texts = (await graphql(SUGGEST, vars)).autocomplete.map((s) => s.text);
      const mapped = await lookup();
      const added = mapped.filter((s) => !texts.some((t) => t.toUpperCase() === s.toUpperCase()));
      return [...added, ...texts].slice(0, pageSize);
    }
    default:
      throw new Error(`unknown query type ${query.type}`);
  }
}

const same = (a, b) => String(a).toUpperCase() === String(b).toUpperCase();

/** Reciprocal rank and first-page recall of one query's results. */
export function scoreResults(results, expected, pageSize) {
  const rank = results.findIndex((r) => expected.some((e) => same(e, r)));
  const found = expected.filter((e) => results.slice(0, pageSize).some((r) => same(e, r))).length;
  return { rr: rank === -1 ? 0 : 1 / (rank + 1), recall: found / Math.min(expected.length, pageSize) };
}

/** Scores every query of the set; `graphql(document, variables)` answers with the data. */
export async function scoreSet(set, graphql, options = {}) {
  const rows = [];
  for (const query of set.queries) {
    const results = await firstPage(graphql, query, set.pageSize, options);
    rows.push({ ...query, results, ...scoreResults(results, query.expected, set.pageSize) });
  }
  const mean = (key) => rows.reduce((sum, r) => sum + r[key], 0) / rows.length;
  const byKind = {};
  for (const kind of [...new Set(rows.map((r) => r.kind))]) {
    const of = rows.filter((r) => r.kind === kind);
    byKind[kind] = {
      queries: of.length,
      mrr: of.reduce((s, r) => s + r.rr, 0) / of.length,
      recall: of.reduce((s, r) => s + r.recall, 0) / of.length,
    };
  }
  return { queries: rows.length, mrr: mean("rr"), recall: mean("recall"), byKind, rows };
}
