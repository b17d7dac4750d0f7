#!/usr/bin/env node
/**
 * Times a gene-list analysis of 200 synaptic (consensus) genes against a running gateway.
 *   node bench/analyze/run.mjs [baseUrl] [runs]
 * The first call also counts the background's term sizes (kept per loaded release afterwards).
 */
const base = process.argv[2] ?? "http://127.0.0.1:3000";
const runs = Number(process.argv[3] ?? 5);

const ids = await fetch(`${base}/graphql`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ query: "{ consensusGeneEntrezIds }" }),
})
  .then((r) => r.json())
  .then((b) => b.data.consensusGeneEntrezIds.slice(0, 200));

const times = [];
for (let i = 0; i < runs; i++) {
  const started = performance.now();
  const response = await fetch(`${base}/api/analyze`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ identifiers: ids }),
  });
  const body = await response.json();
  const ms = performance.now() - started;
  times.push(ms);
  console.log(
    `run ${i + 1}: ${ms.toFixed(0)} ms — ${body.data.mapped.length} mapped, ${body.data.enrichment.length} terms tested`,
  );
}
const warm = times.slice(1).sort((a, b) => a - b);
if (warm.length > 0)
  console.log(`median after the first call: ${warm[Math.floor(warm.length / 2)].toFixed(0)} ms`);
