#!/usr/bin/env node
/**
 * Times compareSets for the six largest diseases of the loaded release (disease-sized sets) against a
 * running gateway, one request at a time: the answer time a researcher meets. Start the gateway with
 * RESPONSE_CACHE_MB=0 so every call runs the database path (otherwise repeats are answered from memory).
 *   node bench/compare/run.mjs [baseUrl] [runs] [--record label]
 * With --record, the figures are written to bench/results/compare.json and compare.md.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const recordAt = args.indexOf("--record");
const label = recordAt >= 0 ? args.splice(recordAt, 2)[1] : null;
const base = args[0] ?? "http://127.0.0.1:3000";
const runs = Number(args[1] ?? 20);
const TARGET_MS = 300;

async function graphql(query, variables) {
  const response = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

// The six diseases with the most genes in the bundled release (810–2,315 genes each). The 10x dataset
// keeps every disease's gene count (its copies get HDOIDs like DOID:150.3), so these stay disease-sized.
const hdoids = (
  process.env.COMPARE_HDOIDS ?? "DOID:150,DOID:863,DOID:0060037,DOID:331,DOID:1561,DOID:5419"
).split(",");
const diseases = hdoids.map((hdoid) => ({ hdoid }));
const sets = diseases.map((d) => ({ kind: "DISEASE", value: d.hdoid }));

// What the /compare screen asks when an intersection is chosen: sets, every intersection, a gene page.
const QUERY = `query CompareBench($sets: [CompareSetInput!]!, $selected: [Int!]!) {
  compareSets(sets: $sets) {
    unionSize
    sets { index label size }
    intersections { sets exclusiveSize }
    intersection(sets: $selected) { exclusiveSize genes(page: 1, pageSize: 20) { genes { geneId symbol paperCount compartments mutationCount } } }
  }
}`;

const release = await graphql("{ datasetRelease { version } }");
// A trivial query timed between the calls: on a shared machine its time is the floor every answer pays.
const BASELINE = "{ datasetRelease { version } }";
const times = [];
const floor = [];
let shape = null;
for (let i = 0; i < runs; i++) {
  const before = performance.now();
  await graphql(BASELINE);
  floor.push(performance.now() - before);
  const started = performance.now();
  const data = await graphql(QUERY, { sets, selected: [0, 1] });
  times.push(performance.now() - started);
  shape ??= {
    sizes: data.compareSets.sets.map((s) => s.size),
    unionSize: data.compareSets.unionSize,
    intersections: data.compareSets.intersections.length,
  };
}
const sorted = [...times].sort((a, b) => a - b);
const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const floorSorted = [...floor].sort((a, b) => a - b);
const load = (await import("node:os")).loadavg()[0];
const result = {
  label,
  at: new Date().toISOString(),
  release: release.datasetRelease?.version ?? "?",
  diseases: diseases.map((d) => d.hdoid),
  ...shape,
  runs,
  medianMs: Math.round(at(0.5) * 10) / 10,
  p95Ms: Math.round(at(0.95) * 10) / 10,
  maxMs: Math.round(sorted.at(-1) * 10) / 10,
  trivialQueryMedianMs: Math.round(floorSorted[Math.floor(floorSorted.length / 2)] * 10) / 10,
  loadAverage: Math.round(load * 10) / 10,
  targetMs: TARGET_MS,
};
console.log(JSON.stringify(result, null, 2));

if (label) {
  const results = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "results");
  const file = path.join(results, "compare.json");
  let all = [];
  try {
    all = JSON.parse(readFileSync(file, "utf8"));
  } catch {}
  all = [...all.filter((r) => r.label !== label), result];
  writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
  const rows = all.map(
    (r) =>
      `| ${r.label} | ${r.release} | ${r.sizes.join(", ")} | ${r.unionSize} | ${r.intersections} | ${r.runs} | ${r.medianMs} | ${r.p95Ms} | ${r.maxMs} | ${r.trivialQueryMedianMs} | ${r.loadAverage} | ${r.maxMs < r.targetMs ? "met" : "missed"} |`,
  );
  writeFileSync(
    path.join(results, "compare.md"),
    [
      "# Compare: six disease-sized sets",
      "",
      `\`node bench/compare/run.mjs <url> <runs> --record <label>\` against the production gateway with the answer cache off (\`RESPONSE_CACHE_MB=0\`), one request at a time: compareSets of the six diseases with the most genes, every intersection and the first gene page (20 genes, with studies, compartments and mutations) of one intersection. Target: every answer under ${TARGET_MS} ms on the 10x bench dataset.`,
      "",
      "The trivial-query column times `{ datasetRelease { version } }` between the calls: on a shared machine it is the floor every answer pays; the load average is the machine's at the end of the run.",
      "",
      "In the 10x dataset the six diseases share no gene (the generator rewires each copy's links at random over ten times as many genes), so the 10x rows measure set size (10,013 genes, six one-set intersections) and the 1x rows measure overlap (3,100 genes in 18 intersections). The first 10x row was taken while five builds shared the machine (load 34): it measures the machine, not the query.",
      "",
      "| run | release | set sizes | union | intersections | calls | median ms | p95 ms | max ms | trivial query median ms | load average | target (max) |",
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
      ...rows,
      "",
    ].join("\n"),
  );
}
