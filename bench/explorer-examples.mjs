// `node bench/explorer-examples.mjs`: what each of the GraphQL explorer's example queries
// (web/src/routes/explorer/examples.ts) costs cold, on the bundled release and on the 10x one (issue 44:
// "where a connection's cost grows with the release, serve it from a read model"). One gateway per release
// and database, as `npm start` runs it but with the answer and page caches off; each example asked
// serially (p50, p95) and then at 16 connections (req/s). The column that matters is the growth: the
// 10x p50 over the 1x p50 of the same example, which stays near 1 when the answer is read from a
// model of its own size, and approaches 10 when it is computed over the whole release.
// Writes bench/results/explorer-examples.{json,md}.
// Environment: EXAMPLES_SCALES ("1,10"), EXAMPLES_DATABASES ("sqlite"; "sqlite,mysql"), EXAMPLES_SERIAL
// (requests per example, 40), EXAMPLES_DURATION (seconds at 16 connections, 3; 0 skips), BENCH_MYSQL.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { EXAMPLES } from "../web/src/routes/explorer/examples.ts";
import { startGateway } from "./lib/gateway.mjs";
import { machineFigures } from "./lib/machine.mjs";
import { releaseArgs } from "./lib/scaled-release.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const autocannon = createRequire(path.join(root, "package.json"))("autocannon");
const scales = (process.env.EXAMPLES_SCALES ?? "1,10").split(",").map(Number);
const databases = (process.env.EXAMPLES_DATABASES ?? "sqlite").split(",");
const serial = Number(process.env.EXAMPLES_SERIAL ?? 40);
const duration = Number(process.env.EXAMPLES_DURATION ?? 3);
const mysqlBase = (process.env.BENCH_MYSQL ?? "mysql://root@127.0.0.1:3306").replace(/\/$/, "");
const log = (...args) =>
  console.log(`[explorer-examples ${new Date().toISOString().slice(11, 19)}]`, ...args);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The release of `scale` loaded into `database`: the bundled one, or the N-times one (generated once). */
async function seeded(database, scale) {
  mkdirSync(path.join(root, "bench/.data"), { recursive: true });
  const url =
    database === "sqlite"
      ? `sqlite:bench/.data/explorer-examples-${scale}x.sqlite`
      : `${mysqlBase}/portal_bench_examples_${scale}x`;
  const from = await releaseArgs(scale, log);
  log(`seeding ${url}`);
  execFileSync(process.execPath, ["dist/seeds/cli.js", "seed", ...from], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DATABASE_URL: url },
  });
  return url;
}

async function measure(base, example) {
  const body = JSON.stringify({ query: example.query, variables: example.variables });
  const request = { method: "POST", headers: { "content-type": "application/json" }, body };
  const ask = async () => {
    const response = await fetch(`${base}/graphql`, request);
    const answer = await response.json();
    if (response.status !== 200 || answer.errors)
      throw new Error(`${example.id}: ${JSON.stringify(answer.errors ?? response.status)}`);
    return answer;
  };
  const bytes = JSON.stringify((await ask()).data).length;
  for (let i = 0; i < 3; i++) await ask();
  const times = [];
  for (let i = 0; i < serial; i++) {
    const started = performance.now();
    await ask();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  let reqPerSec = null;
  if (duration > 0) {
    const result = await autocannon({
      url: `${base}/graphql`,
      connections: 16,
      duration,
      ...request,
    });
    if (result.non2xx + result.errors + result.timeouts > 0)
      throw new Error(`${example.id}: failures under load`);
    reqPerSec = round(result.requests.average, 1);
  }
  return { p50: round(percentile(times, 0.5)), p95: round(percentile(times, 0.95)), reqPerSec, bytes };
}

const rows = [];
for (const database of databases) {
  for (const scale of scales) {
    const url = await seeded(database, scale);
    const gateway = await startGateway(url, {
      env: { RESPONSE_CACHE_MB: "0", PAGE_CACHE_MB: "0" },
      quiet: true,
    });
    try {
      for (const example of EXAMPLES) {
        // A refusal (the cost limit on a larger release) is a result too: recorded, and the run goes on.
        const figures = await measure(gateway.base, example).catch((error) => ({ refused: error.message }));
        log(
          `${database} ${scale}x ${example.id}: ${figures.refused ?? `p50 ${figures.p50} ms, ${figures.reqPerSec} req/s`}`,
        );
        rows.push({ database, scale, example: example.id, ...figures });
      }
    } finally {
      await gateway.stop();
    }
  }
}

const machine = machineFigures();
const result = { date: new Date().toISOString(), machine, serial, duration, rows };
writeFileSync(
  path.join(root, "bench/results/explorer-examples.json"),
  `${JSON.stringify(result, null, 2)}\n`,
);

const cell = (database, scale, id) =>
  rows.find((r) => r.database === database && r.scale === scale && r.example === id);
const lines = [
  "# The explorer's example queries, cold, on the bundled and the 10x release",
  "",
  `${result.date}, ${machine.cpu} (${machine.cores} cores), core speed ${machine.coreSpeedMs} ms, 1-minute load ${machine.load} at the end. Answer and page caches off; ${serial} serial requests per example (p50), then ${duration} s at 16 connections. Growth = 10x p50 / 1x p50: near 1 when the answer is read from a model of its own size, towards 10 when it is computed over the whole release.`,
  "",
];
for (const database of databases) {
  const big = scales.find((s) => s !== 1);
  lines.push(
    `## ${database}`,
    "",
    `| example | 1x p50 ms | 1x req/s | ${big ?? "-"}x p50 ms | ${big ?? "-"}x req/s | growth | answer bytes (1x) |`,
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
  );
  const refusals = [];
  for (const example of EXAMPLES) {
    const one = cell(database, 1, example.id);
    const many = big ? cell(database, big, example.id) : undefined;
    const p50 = (row) => (row?.refused ? "refused" : (row?.p50 ?? "-"));
    for (const row of [one, many])
      if (row?.refused) refusals.push(`- ${example.id}, ${row.scale}x: ${row.refused}`);
    const growth = one?.p50 && many?.p50 ? `${round(many.p50 / one.p50, 1)}x` : "-";
    lines.push(
      `| ${example.id} | ${p50(one)} | ${one?.reqPerSec ?? "-"} | ${p50(many)} | ${many?.reqPerSec ?? "-"} | ${growth} | ${one?.bytes ?? "-"} |`,
    );
  }
  lines.push("", ...(refusals.length > 0 ? ["Refused:", "", ...refusals, ""] : []));
}
writeFileSync(path.join(root, "bench/results/explorer-examples.md"), `${lines.join("\n")}`);
log("wrote bench/results/explorer-examples.md");
