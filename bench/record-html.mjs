// `node bench/record-html.mjs`: what a record's page costs as HTML against the same record's GraphQL
// page, cold, side by side on the same gateway: the gene, disease and study pages (bench/lib/
// portal-pages.mjs) asked over every record in a shuffled order at 16 connections, the answer and page
// caches off (RESPONSE_CACHE_MB=0, PAGE_CACHE_MB=0), on the embedded SQLite and on MariaDB, on the
// bundled and the 10x release. The target
// (issue 45): the HTML at least half the GraphQL page's requests/s. Writes bench/results/record-html.
// {json,md}. Environment: HTML_DURATION (seconds per run, 10), HTML_CONNECTIONS (16), HTML_DATABASES
// ("sqlite,mysql"), HTML_SCALES ("1,10"), BENCH_MYSQL (mysql://root@127.0.0.1:3306).
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startGateway } from "./lib/gateway.mjs";
import { machineFigures } from "./lib/machine.mjs";
import { PORTAL_DISEASE, PORTAL_GENE, PORTAL_STUDY } from "./lib/portal-pages.mjs";
import { releaseArgs } from "./lib/scaled-release.mjs";
import { seededRandom } from "./lib/seeded-random.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const autocannon = createRequire(path.join(root, "package.json"))("autocannon");
const duration = Number(process.env.HTML_DURATION ?? 10);
const connections = Number(process.env.HTML_CONNECTIONS ?? 16);
const databases = (process.env.HTML_DATABASES ?? "sqlite,mysql").split(",");
const scales = (process.env.HTML_SCALES ?? "1,10").split(",").map(Number);
const mysqlBase = (process.env.BENCH_MYSQL ?? "mysql://root@127.0.0.1:3306").replace(/\/$/, "");
const log = (...args) => console.log(`[record-html ${new Date().toISOString().slice(11, 19)}]`, ...args);

/** Each page: its sitemap shard, and the GraphQL request of the record a page address names (or null). */
const PAGES = [
  {
    kind: "gene",
    // By symbol, as the address names the gene: the same record, the same fields.
    query: PORTAL_GENE.replace("($id: Int!)", "($symbol: String!)").replace(
      "gene(id: $id)",
      "gene(symbol: $symbol)",
    ),
    variables: (identifier) => ({ symbol: identifier }),
  },
  { kind: "disease", query: PORTAL_DISEASE, variables: (identifier) => ({ hdoid: identifier }) },
  {
    kind: "study",
    query: PORTAL_STUDY,
    // A study without a real PMID is addressed by its name: left out, as its GraphQL page asks by PMID.
    variables: (identifier) => (/^\d+$/.test(identifier) ? { pmid: Number(identifier) } : null),
  },
];

function shuffled(items) {
  const out = [...items];
  const random = seededRandom(45);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The record addresses of a kind, from the gateway's own sitemap: [path, identifier]. */
async function addresses(base, kind) {
  const xml = await (await fetch(`${base}/sitemaps/${kind}-1.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => {
    const pathname = new URL(m[1]).pathname;
    return [pathname, decodeURIComponent(pathname.split("/").pop())];
  });
}

async function load(requests) {
  let next = 0;
  const result = await autocannon({
    url: requests[0].url,
    connections,
    duration,
    requests: [
      { setupRequest: (request) => ({ ...request, ...requests[next++ % requests.length].request }) },
    ],
  });
  return {
    reqPerSec: Math.round(result.requests.average * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    distinct: Math.min(next, requests.length),
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

async function measure(database, base) {
  const rows = [];
  for (const page of PAGES) {
    const records = shuffled(
      (await addresses(base, page.kind)).filter(([, id]) => page.variables(id) !== null),
    );
    const html = records.map(([pathname]) => ({ url: base, request: { method: "GET", path: pathname } }));
    const graphql = records.map(([, id]) => ({
      url: base,
      request: {
        method: "POST",
        path: "/graphql",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: page.query, variables: page.variables(id) }),
      },
    }));
    const check = await fetch(`${base}/graphql`, graphql[0].request);
    if (check.status !== 200 || (await check.json()).errors)
      throw new Error(`${page.kind}: the GraphQL page fails`);
    const graphqlRun = await load(graphql);
    const htmlRun = await load(html);
    const ratio = Math.round((htmlRun.reqPerSec / graphqlRun.reqPerSec) * 100) / 100;
    log(
      `${database} ${page.kind}: HTML ${htmlRun.reqPerSec} req/s (p99 ${htmlRun.p99} ms), GraphQL ${graphqlRun.reqPerSec} req/s (p99 ${graphqlRun.p99} ms): ${ratio}x`,
    );
    rows.push({
      database,
      kind: page.kind,
      records: records.length,
      html: htmlRun,
      graphql: graphqlRun,
      ratio,
      met: ratio >= 0.5,
    });
  }
  return rows;
}

function markdown(result) {
  return `${[
    "# A record's page as HTML against its GraphQL page (cold)",
    "",
    `${result.date}, ${result.machine.cpu} (${result.machine.cores} cores), core speed ${result.machine.coreSpeedMs} ms (scripts/core-speed.mjs), 1-minute load ${result.machine.loadBefore} before. The bundled release (1x) and ten times its rows (10x, bench/generate-scaled.mjs), answer and page caches off, ${connections} connections, ${duration} s per run, records in a shuffled order.`,
    "",
    "Target: the HTML at least 0.5x the GraphQL page's requests/s.",
    "",
    "| release | database | page | records | HTML req/s | HTML p99 ms | GraphQL req/s | GraphQL p99 ms | HTML / GraphQL | met |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...result.rows.map(
      (r) =>
        `| ${r.scale}x | ${r.database} | ${r.kind} | ${r.records} | ${r.html.reqPerSec} | ${r.html.p99} | ${r.graphql.reqPerSec} | ${r.graphql.p99} | ${r.ratio}x | ${r.met ? "yes" : "no"} |`,
    ),
  ].join("\n")}\n`;
}

const { load: loadBefore, ...figures } = machineFigures();
const machine = { ...figures, loadBefore };
const rows = [];
for (const scale of scales)
  for (const database of databases) {
    mkdirSync(path.join(root, "bench/.data"), { recursive: true });
    const url =
      database === "sqlite"
        ? `sqlite:bench/.data/record-html-${scale}x.sqlite`
        : `${mysqlBase}/portal_bench_html_${scale}x`;
    execFileSync(process.execPath, ["dist/seeds/cli.js", "seed", ...(await releaseArgs(scale, log))], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, DATABASE_URL: url },
    });
    // Every cache of answers off, and every page sent with its data however long it takes (by default a
    // page whose data takes over 1 s is sent loading, which would measure a lighter page).
    const gateway = await startGateway(url, {
      env: { RESPONSE_CACHE_MB: "0", PAGE_CACHE_MB: "0", PAGE_DATA_TIMEOUT_MS: "60000" },
      quiet: true,
    });
    try {
      rows.push(...(await measure(database, gateway.base)).map((row) => ({ scale, ...row })));
    } finally {
      await gateway.stop();
    }
  }
const result = { date: new Date().toISOString(), machine, connections, duration, rows };
writeFileSync(path.join(root, "bench/results/record-html.json"), `${JSON.stringify(result, null, 2)}\n`);
writeFileSync(path.join(root, "bench/results/record-html.md"), markdown(result));
log("wrote bench/results/record-html.md");
