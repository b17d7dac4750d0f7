// Search relevance of the portal: scores tests/relevance/queries.json against a running gateway and
// records the figures under a label in bench/results/relevance.json, then rewrites relevance.md.
//
//   node bench/relevance.mjs --url http://127.0.0.1:3000 --label after
//   node bench/relevance.mjs --url ... --label before-page --old-page-rule   (the web's old replace rule)
//
// The figures are the mean reciprocal rank of the first expected result and the recall of the
// expected set within the first page (tests/relevance/score.mjs). tests/api/relevance.test.ts holds
// the code to tests/relevance/floor.json, which may only go up.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { scoreSet } from "../tests/relevance/score.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : process.argv[at + 1];
};
const url = arg("url", "http://127.0.0.1:3000");
const label = arg("label", "latest");
const oldPageRule = process.argv.includes("--old-page-rule");
const set = JSON.parse(readFileSync(path.join(root, "tests/relevance/queries.json"), "utf8"));

const graphql = async (query, variables) => {
  const response = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  if (body.errors) throw new Error(`${variables.q}: ${body.errors[0].message}`);
  return body.data;
};

const score = await scoreSet(set, graphql, { oldPageRule });
const jsonPath = path.join(root, "bench/results/relevance.json");
const all = existsSync(jsonPath) ? JSON.parse(readFileSync(jsonPath, "utf8")) : { runs: {} };
all.runs[label] = {
  measured: new Date().toISOString(),
  commit: process.env.RELEVANCE_COMMIT ?? null,
  rule: oldPageRule ? "web pages before issue 22 (protein lookup replaces the search)" : "server search",
  queries: score.queries,
  mrr: Number(score.mrr.toFixed(3)),
  recall: Number(score.recall.toFixed(3)),
  byKind: Object.fromEntries(
    Object.entries(score.byKind).map(([k, v]) => [
      k,
      { queries: v.queries, mrr: Number(v.mrr.toFixed(3)), recall: Number(v.recall.toFixed(3)) },
    ]),
  ),
  misses: score.rows
    .filter((r) => r.rr < 1 || r.recall < 1)
    .map((r) => ({
      q: r.q,
      type: r.type,
      expected: r.expected,
      got: r.results.slice(0, 5),
      rr: r.rr,
      recall: r.recall,
    })),
};
writeFileSync(jsonPath, `${JSON.stringify(all, null, 1)}\n`);

const fmt = (n) => n.toFixed(3);
const lines = [
  "# Search relevance",
  "",
  `${set.queries.length} queries (tests/relevance/queries.json): gene families, exact symbols, aliases and previous`,
  "symbols, protein names, Entrez and MGI ids, disease names and DOIDs, PMIDs and study names, typos (case,",
  "spacing, hyphens), the navigation box and the disease gene filter (mode All). MRR: mean reciprocal rank of the",
  `first expected result; recall: share of the expected results on the first page (${set.pageSize} rows). Written by`,
  "`node bench/relevance.mjs`. BEFORE is commit efe751b (before issue 22): its server search, and its web pages",
  "(--old-page-rule: the protein lookup replaced the results). The 'de novo mutations' miss is the paper search",
  "(substring of the title, which says 'mutation'), outside this change.",
  "",
  "| run | rule | measured | MRR | recall |",
  "| --- | --- | --- | --- | --- |",
  ...Object.entries(all.runs).map(
    ([name, r]) => `| ${name} | ${r.rule} | ${r.measured.slice(0, 16)} | ${fmt(r.mrr)} | ${fmt(r.recall)} |`,
  ),
  "",
  "## By kind of query",
  "",
  `| kind | ${Object.keys(all.runs).join(" | ")} |`,
  `| --- | ${Object.keys(all.runs)
    .map(() => "---")
    .join(" | ")} |`,
  ...Object.keys(score.byKind).map(
    (kind) =>
      `| ${kind} (${score.byKind[kind].queries}) | ${Object.values(all.runs)
        .map((r) => (r.byKind[kind] ? `${fmt(r.byKind[kind].mrr)} / ${fmt(r.byKind[kind].recall)}` : "–"))
        .join(" | ")} |`,
  ),
  "",
  "## Queries not fully answered, per run",
  "",
  ...Object.entries(all.runs).flatMap(([name, r]) => [
    `- **${name}**: ${r.misses.length === 0 ? "none" : r.misses.map((m) => `\`${m.q}\` (${m.type}; got ${m.got.join(", ") || "nothing"})`).join("; ")}`,
  ]),
  "",
];
writeFileSync(path.join(root, "bench/results/relevance.md"), lines.join("\n"));
console.log(`${label}: ${score.queries} queries, MRR ${fmt(score.mrr)}, recall ${fmt(score.recall)}`);
