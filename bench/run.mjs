// `npm run bench`: the portal's speed as measured properties. Builds when dist/ is missing, seeds its own
// MariaDB databases (portal_bench_1x with the bundled release, portal_bench_10x with the 10x generator's
// release, both through the project's importer), starts the production gateway on a free loopback port,
// runs autocannon scenarios and Lighthouse, and writes bench/results/latest.json and RESULTS.md.
//
// Environment: BENCH_DURATION (seconds per scenario, default 10), BENCH_CONNECTIONS (64),
// BENCH_SCALES ("1,10"), BENCH_LIGHTHOUSE (1; 0 skips), BENCH_MYSQL (mysql://root@127.0.0.1:3306),
// BENCH_LIGHTHOUSE_RUNS (runs per page, the median reported; 5), BENCH_SCENARIOS (comma list to run a
// subset), BENCH_NODE_FLAGS (the gateway's Node flags, default as
// `npm start`: --max-semi-space-size=64), BENCH_CONDITIONS (the conditions line of the report).
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import autocannon from "autocannon";
import { Kind, parse, print, visit } from "graphql";
import { WebSocket } from "ws";
import { freePort } from "./lib/free-port.mjs";
import { startGateway as startPortal } from "./lib/gateway.mjs";
import { runLighthouse } from "./lib/lighthouse.mjs";
import { processMemory } from "./lib/process-memory.mjs";
import { releaseArgs } from "./lib/scaled-release.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const resultsDir = path.join(root, "bench", "results");
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
const scales = (process.env.BENCH_SCALES ?? "1,10").split(",").map(Number);
const lighthouseOn = process.env.BENCH_LIGHTHOUSE !== "0";
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const mysqlBase = (process.env.BENCH_MYSQL ?? "mysql://root@127.0.0.1:3306").replace(/\/$/, "");
const only = process.env.BENCH_SCENARIOS?.split(",");
const nodeFlags = (process.env.BENCH_NODE_FLAGS ?? "--max-semi-space-size=64").split(" ").filter(Boolean);

const execFileAsync = promisify(execFile);
const log = (...args) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...args);

function run(command, args, env = {}) {
  execFileSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
}

/**
 * Milliseconds a fixed single-threaded JS workload takes (median of 5): machines of one kind differ, and
 * runs on different machines compare only through it.
 */
function cpuCalibration() {
  const times = [];
  for (let run = 0; run < 5; run++) {
    const started = process.hrtime.bigint();
    let seed = 1;
    const numbers = Array.from({ length: 300_000 }, () => (seed = (seed * 48271) % 2147483647));
    numbers.sort((a, b) => a - b);
    const text = JSON.stringify(numbers.slice(0, 50_000).map((n) => ({ n, s: n.toString(36) })));
    JSON.parse(text);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return round(times.sort((a, b) => a - b)[2], 0);
}

// ---------- setup: build and databases ----------

function ensureBuild() {
  if (
    existsSync(path.join(root, "dist/gateway/main.js")) &&
    existsSync(path.join(root, "web/dist/index.html"))
  )
    return;
  log("dist/ or web/dist/ missing: npm run build");
  run("npm", ["run", "build"]);
}

async function ensureDatabase(scale) {
  const url = `${mysqlBase}/portal_bench_${scale}x`;
  const from = await releaseArgs(scale, log);
  log(`seeding portal_bench_${scale}x (skipped when the release is already loaded)`);
  run("node", ["dist/seeds/cli.js", "seed", ...from], { DATABASE_URL: url, INIT_CWD: root });
  return url;
}

// ---------- the gateway under test ----------

/**
 * The gateway as `npm start` runs it (its default log: an access line per request, written and dropped),
 * with Node's flags of BENCH_NODE_FLAGS.
 */
const startGateway = (databaseUrl, extraEnv = {}, extraFlags = []) =>
  startPortal(databaseUrl, { env: extraEnv, flags: [...nodeFlags, ...extraFlags], quiet: true });

function sampleRss(pid) {
  let peak = processMemory(pid).rss;
  const start = peak;
  const timer = setInterval(() => {
    peak = Math.max(peak, processMemory(pid).rss);
  }, 50);
  return () => {
    clearInterval(timer);
    return { startMiB: round(start), peakMiB: round(Math.max(peak, processMemory(pid).rss)) };
  };
}

const round = (n, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

// ---------- scenarios ----------

function webDocuments() {
  const parsed = (file) =>
    [...readFileSync(file, "utf8").matchAll(/graphql\(`([\s\S]*?)`\)/g)].map((m) => parse(m[1]));
  // The web's fragments (web/src/**/*.queries.ts): an operation is sent with the ones it spreads.
  const fragments = new Map();
  for (const file of readdirSync(path.join(root, "web/src"), { recursive: true }))
    if (String(file).endsWith(".queries.ts"))
      for (const doc of parsed(path.join(root, "web/src", String(file))))
        for (const def of doc.definitions)
          if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const withFragments = (text) => {
    const used = new Set();
    const collect = (node) =>
      visit(node, {
        FragmentSpread(spread) {
          if (used.has(spread.name.value)) return;
          used.add(spread.name.value);
          collect(fragments.get(spread.name.value));
        },
      });
    collect(parse(text));
    return [text, ...[...used].map((name) => print(fragments.get(name)))].join("\n");
  };
  const documents = parsed(path.join(root, "web/src/routes/gene-search/geneSearch.queries.ts"));
  const named = (name) => documents.find((d) => d.definitions[0].name?.value === name);
  const geneSearch = withFragments(print(named("GeneSearch")));
  // The gene page with all tabs: the card's fields (GeneRecord, by symbol) and the selections of every
  // per-tab `gene(id:)` query of the web (each tab's own *.queries.ts), merged under gene(id: $id). The
  // tabs' variables ($id, and $page and $pageSize of the paged ones) are declared once.
  const operations = readdirSync(path.join(root, "web/src"), { recursive: true })
    .filter((file) => String(file).endsWith(".queries.ts"))
    .flatMap((file) => parsed(path.join(root, "web/src", String(file))))
    .map((doc) => doc.definitions[0])
    .filter((op) => op.kind === Kind.OPERATION_DEFINITION);
  const tabFields = new Map();
  const variables = new Map();
  let tabs = 0;
  for (const op of operations) {
    const gene = op.selectionSet.selections.find((s) => s.name?.value === "gene");
    if (!gene) continue;
    const byId = gene.arguments.some((a) => a.name.value === "id");
    if (!byId && op.name?.value !== "GeneRecord") continue;
    for (const field of gene.selectionSet.selections) tabFields.set(print(field), field);
    if (!byId) continue;
    tabs += 1;
    for (const v of op.variableDefinitions) variables.set(v.variable.name.value, print(v));
  }
  const genePage = withFragments(
    `query GenePageAllTabs(${[...variables.values()].join(", ")}) {\n  gene(id: $id) {\n    ${[...tabFields.keys()].join("\n    ")}\n  }\n}`,
  );
  return { geneSearch, genePage, tabs };
}

async function json(base, pathAndQuery, init) {
  const response = await fetch(base + pathAndQuery, init);
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const gqlRequest = (query, variables) => ({
  method: "POST",
  path: "/graphql",
  headers: { "content-type": "application/json", accept: "application/json" },
  body: JSON.stringify({ query, variables }),
});

/** The six diseases with the most genes in the bundled release; the 10x copies keep their gene counts. */
const COMPARE_HDOIDS = ["DOID:150", "DOID:863", "DOID:0060037", "DOID:331", "DOID:1561", "DOID:5419"];

function compareRequests() {
  const query = `query CompareBench($sets: [CompareSetInput!]!, $selected: [Int!]!) {
  compareSets(sets: $sets) {
    unionSize
    sets { index label size }
    intersections { sets exclusiveSize }
    intersection(sets: $selected) { exclusiveSize genes(page: 1, pageSize: 20) { genes { geneId symbol paperCount compartments mutationCount } } }
  }
}`;
  const sets = COMPARE_HDOIDS.map((value) => ({ kind: "DISEASE", value }));
  // Different chosen intersections, so the cache-off rows are not one repeated statement.
  return [[0], [0, 1], [1, 2], [0, 1, 2, 3, 4, 5]].map((selected) => gqlRequest(query, { sets, selected }));
}

async function scenarios(base) {
  const docs = webDocuments();
  const terms = ["DLG", "CAMK", "SYN", "GRIN", "SHANK", "HOMER", "NRXN", "SNAP"];
  // Real ids and HDOIDs from the running portal, so both scales ask for rows that exist.
  const genes = await json(base, "/api/gene/search?q=DLG&pageSize=20");
  const geneIds = genes.body.data.map((g) => g.id ?? g.gene_id ?? g.ID).filter((id) => id !== undefined);
  const diseaseTerms = ["epilepsy", "autism", "schizophrenia", "intellectual disability"];
  const hdoids = [];
  for (const q of diseaseTerms) {
    const d = await json(base, `/api/disease/search?q=${encodeURIComponent(q)}&pageSize=3`);
    for (const card of d.body.data ?? []) if (card.hdoid) hdoids.push(card.hdoid);
  }
  const repeatUrl = "/api/gene/search?q=DLG4";
  const tag = (await fetch(base + repeatUrl)).headers.get("etag");
  return [
    {
      name: "autocomplete",
      target: { p99: 10 },
      cacheOff: true,
      requests: terms.map((q) => ({ method: "GET", path: `/api/autocomplete?q=${q}` })),
    },
    {
      name: "gene search (web GraphQL)",
      target: { p99: 30 },
      cacheOff: true,
      requests: terms.map((q) => gqlRequest(docs.geneSearch, { q, page: 1, pageSize: 10 })),
    },
    {
      name: `gene page, all ${docs.tabs} tabs (web GraphQL)`,
      key: "gene page",
      target: { p99: 30 },
      cacheOff: true,
      // The first page of each paged tab, at the largest page the web asks for (100 rows).
      requests: geneIds
        .slice(0, 12)
        .map((id) => gqlRequest(docs.genePage, { id: Number(id), page: 1, pageSize: 100 })),
    },
    {
      name: "disease search + genes (consensus)",
      requests: [
        ...diseaseTerms.map((q) => ({
          method: "GET",
          path: `/api/disease/search?q=${encodeURIComponent(q)}`,
        })),
        ...hdoids.map((h) => ({
          method: "GET",
          path: `/api/disease/genes/filter?hdoid=${h}&mode=consensus`,
        })),
      ],
    },
    {
      name: "catalog page (sorted, filtered)",
      requests: [
        { method: "GET", path: "/api/gene/table?sortBy=PaperCount&sortDir=desc&consensusOnly=true&page=2" },
        { method: "GET", path: "/api/gene/table?sortBy=HumanName&search=SYN&page=1" },
        { method: "GET", path: "/api/disease/table?search=epilepsy&page=1" },
        { method: "GET", path: "/api/paper/table?sortBy=Year&page=1" },
      ],
    },
    {
      // Six disease-sized sets, every intersection and one intersection's gene page (the /compare screen).
      name: "compare six diseases (GraphQL)",
      key: "compare",
      cacheOff: true,
      requests: compareRequests(),
    },
    { name: "brain-region summary", requests: [{ method: "GET", path: "/api/proteins/brain-regions" }] },
    {
      name: "cacheable GET, If-None-Match (304)",
      key: "revalidate",
      target: { rps: 3000 },
      expectStatus: 304,
      requests: [{ method: "GET", path: repeatUrl, headers: { "if-none-match": tag } }],
    },
    {
      name: "cacheable GET, plain repeat",
      key: "repeat",
      target: { rps: 3000 },
      requests: [{ method: "GET", path: repeatUrl }],
    },
  ].filter((s) => !only || only.some((o) => (s.key ?? s.name).startsWith(o)));
}

/**
 * SQL statements per request: the x-sql-queries header of each distinct request, averaged. Requests ask
 * for it (x-sql-stats: 1); the load runs do not, so they run without the count's async hooks.
 */
async function sqlPerRequest(base, requests, expectStatus) {
  let total = 0;
  for (const r of requests) {
    const headers = { ...r.headers, "x-sql-stats": "1" };
    const response = await fetch(base + r.path, { method: r.method, headers, body: r.body });
    const body = await response.text();
    // A request the gateway refuses would make the load a measurement of its error path.
    if (response.status !== expectStatus || (r.path === "/graphql" && JSON.parse(body).errors))
      throw new Error(`${r.method} ${r.path} answered ${response.status}: ${body.slice(0, 400)}`);
    const count = response.headers.get("x-sql-queries");
    if (count === null) throw new Error(`${r.method} ${r.path}: no x-sql-queries header`);
    total += Number(count);
  }
  return round(total / requests.length, 2);
}

/** wrk (Debian's package) when installed: a C load generator leaves more of the 2 cores to the gateway. */
const loadGenerator =
  process.env.BENCH_LOAD ?? (spawnSync("wrk", ["--version"]).error === undefined ? "wrk" : "autocannon");

/** One load run: requests cycled over `connections` connections for `seconds`, in autocannon's result shape. */
async function load(base, requests, seconds, expectStatus) {
  if (loadGenerator === "wrk") return wrk(base, requests, seconds, expectStatus);
  return autocannon({
    url: base,
    connections,
    duration: seconds,
    requests,
    // Each connection starts at its own request, so the mix is spread from the first second.
    idReplacement: false,
  });
}

const luaString = (value) => `[==[${value}]==]`;

/**
 * How long every wrk connection waits before its first request. libuv accepts one connection per
 * event-loop turn (libuv/libuv#3696), so against a gateway already saturated by the first connections the
 * 64th waited about 2,000 request-times to be accepted: 2.2 s at 1 ms a request, more than the whole
 * steady-state p99. Opened while the gateway is idle, all 64 are accepted within milliseconds; the wait
 * is outside every latency (wrk starts a request's clock after its delay) and outside req/s.
 */
const CONNECT_WAIT_MS = 1000;

/** wrk with a Lua script that cycles the requests and reports percentiles and statuses as JSON. */
async function wrk(base, requests, seconds, expectStatus = 200) {
  const table = requests
    .map((r) => {
      const headers = Object.entries(r.headers ?? {})
        .map(([k, v]) => `[ ${luaString(k)} ]=${luaString(v)}`)
        .join(",");
      return `{${luaString(r.method ?? "GET")},${luaString(r.path)},{${headers}},${r.body ? luaString(r.body) : "nil"}}`;
    })
    .join(",\n");
  const script = `
local defs = {${table}}
local formatted = {}
local counter = 0
unexpected = 0
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args)
  for i, d in ipairs(defs) do formatted[i] = wrk.format(d[1], d[2], d[3], d[4]) end
end
function request()
  counter = counter + 1
  return formatted[(counter % #formatted) + 1]
end
local waited = 0
function delay()
  if waited < ${connections} then
    waited = waited + 1
    return ${CONNECT_WAIT_MS}
  end
  return 0
end
${
  // A Lua response() makes wrk hand every response to Lua: only defined when a status other than 200 is
  // expected; otherwise wrk's own count of non-2xx/3xx answers is the unexpected count.
  expectStatus === 200
    ? ""
    : `function response(status, headers, body)
  if status ~= ${expectStatus} then unexpected = unexpected + 1 end
end`
}
function done(summary, latency, requests)
  local off = 0
  for _, t in ipairs(threads) do off = off + t:get("unexpected") end
  if off == 0 then off = summary.errors.status end
  local e = summary.errors
  io.write(string.format('WRK_JSON{"total":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"socketErrors":%d,"timeouts":%d,"unexpected":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write, e.timeout, off))
end
`;
  const file = path.join(os.tmpdir(), `portal-bench-${process.pid}.lua`);
  writeFileSync(file, script);
  // One wrk thread: enough for these rates, and the other core stays with the gateway.
  // Asynchronous, so the RSS sampler of this process keeps sampling meanwhile.
  const { stdout: out } = await execFileAsync(
    "wrk",
    [
      "-t1",
      `-c${connections}`,
      `-d${seconds + CONNECT_WAIT_MS / 1000}s`,
      "--timeout",
      "10s",
      "-s",
      file,
      base,
    ],
    { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 },
  );
  const report = JSON.parse(out.slice(out.indexOf("WRK_JSON") + "WRK_JSON".length).split("\n")[0]);
  const ms = (us) => Math.round(us / 100) / 10;
  return {
    requests: {
      total: report.total,
      average: report.total / (report.durationUs / 1e6 - CONNECT_WAIT_MS / 1000),
    },
    latency: { p50: ms(report.p50Us), p99: ms(report.p99Us) },
    errors: report.socketErrors,
    timeouts: report.timeouts,
    statusCodeStats: {
      [expectStatus]: { count: report.total - report.unexpected },
      other: { count: report.unexpected },
    },
  };
}

async function runScenario(gateway, scenario) {
  const expected = scenario.expectStatus ?? 200;
  const sql = await sqlPerRequest(gateway.base, scenario.requests, expected);
  await load(gateway.base, scenario.requests, Math.min(2, duration), expected); // warm-up (JIT, pools, caches)
  const rss = sampleRss(gateway.pid);
  const result = await load(gateway.base, scenario.requests, duration, expected);
  const memoryUsed = rss();
  const statusCounts = result.statusCodeStats ?? {};
  const unexpected = Object.entries(statusCounts)
    .filter(([code]) => Number(code) !== expected)
    .reduce((sum, [, v]) => sum + v.count, 0);
  const row = {
    scenario: scenario.key ?? scenario.name,
    name: scenario.name,
    connections,
    durationS: duration,
    requests: result.requests.total,
    rps: round(result.requests.average, 0),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    unexpectedStatus: unexpected,
    sqlPerRequest: sql,
    rssStartMiB: memoryUsed.startMiB,
    rssPeakMiB: memoryUsed.peakMiB,
    target: scenario.target ?? null,
  };
  log(
    `${row.name}: ${row.rps} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, ${row.errors} errors, ` +
      `${row.unexpectedStatus} unexpected status, ${row.sqlPerRequest} SQL/request, peak RSS ${row.rssPeakMiB} MiB`,
  );
  return row;
}

/** Reads one download to its end (or until `deadline`); the number of CSV lines seen and whether it ended. */
async function download(url, deadline = Number.POSITIVE_INFINITY, onBytes = () => {}) {
  const response = await fetch(url);
  const reader = response.body.getReader();
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { status: response.status, lines, complete: true };
    onBytes(value.byteLength);
    for (const b of value) if (b === 10) lines += 1;
    // A download still running at the deadline is cut: throughput and memory are what is measured.
    if (Date.now() > deadline) {
      await reader.cancel();
      return { status: response.status, lines, complete: false };
    }
  }
}

/**
 * The V8 heap a process uses right after a full collection, read through the inspector protocol
 * (the process runs with --inspect on `port`). Unlike RSS, it does not move with the young
 * generation's size or with garbage not yet collected, so it shows what the process holds on to.
 */
async function heapInspector(port) {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  let nextId = 1;
  const pending = new Map();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data));
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  });
  const call = (method) =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method }));
    });
  return {
    async usedAfterGcMiB() {
      await call("HeapProfiler.collectGarbage");
      const { usedSize } = await call("Runtime.getHeapUsage");
      return round(usedSize / 1024 / 1024);
    },
    close: () => socket.close(),
  };
}

/**
 * A full table CSV export: concurrent downloads for the duration; bytes/s and the gateway's memory.
 * It runs on a gateway of its own (with the inspector on), warmed by one complete download. Memory is
 * the V8 heap in use after a full collection: once after the warm-up, then at a third and at two
 * thirds of the window, while downloads are streaming. Streaming holds a chunk or two per download,
 * whatever the table's size; an export that buffered would hold more at every sample. RSS is
 * recorded too: it also counts the young generation (up to 3 × the semi-space size of `npm start`)
 * and garbage not yet collected, so it rises while streaming even when nothing is kept.
 */
async function runExport(databaseUrl, exportPath = "/api/paper-genes") {
  const inspectPort = await freePort();
  const gateway = await startGateway(databaseUrl, {}, [`--inspect=127.0.0.1:${inspectPort}`]);
  const heap = await heapInspector(inspectPort);
  try {
    const warmup = await download(gateway.base + exportPath);
    const heapStartMiB = await heap.usedAfterGcMiB();
    const rss = sampleRss(gateway.pid);
    const started = Date.now();
    const deadline = started + duration * 1000;
    const heapSamples = [];
    const sampleAt = [1 / 3, 2 / 3].map((f) =>
      setTimeout(async () => heapSamples.push(await heap.usedAfterGcMiB()), f * duration * 1000),
    );
    let bytes = 0;
    let downloads = 0;
    let failures = warmup.status === 200 ? 0 : 1;
    let partialRows = 0;
    const worker = async () => {
      do {
        const result = await download(gateway.base + exportPath, deadline, (n) => {
          bytes += n;
        });
        if (result.status !== 200) failures += 1;
        if (result.complete) downloads += 1;
        else partialRows = Math.max(partialRows, result.lines - 1);
      } while (Date.now() < deadline);
    };
    await Promise.all([worker(), worker()]);
    const rssUsed = rss();
    for (const timer of sampleAt) clearTimeout(timer);
    const seconds = (Date.now() - started) / 1000;
    const row = {
      scenario: "csv export",
      name: `full table CSV export (${exportPath}, 2 concurrent, after one warm-up download)`,
      rowsPerDownload: warmup.complete ? warmup.lines - 1 : null,
      downloads,
      rowsStreamedInCutDownload: partialRows,
      failures,
      mibPerS: round(bytes / seconds / 1024 / 1024, 1),
      heapAfterGcStartMiB: heapStartMiB,
      heapAfterGcStreamingMiB: heapSamples,
      rssStartMiB: rssUsed.startMiB,
      rssPeakMiB: rssUsed.peakMiB,
    };
    log(
      `${row.name}: ${row.downloads} complete downloads of ${row.rowsPerDownload} rows (cut at the deadline: ${partialRows} rows), ${row.mibPerS} MiB/s, heap after GC ${heapStartMiB} → ${heapSamples.join(" / ")} MiB while streaming, RSS ${row.rssStartMiB} → peak ${row.rssPeakMiB} MiB`,
    );
    return row;
  } finally {
    heap.close();
    await gateway.stop();
  }
}

// ---------- Lighthouse ----------

/** The home page and the three searches, which arrive with their results (gateway/http/web-pages.ts). */
const LIGHTHOUSE_PAGES = [
  "/",
  "/gene-search?q=DLG4",
  "/disease-search?q=epilepsy",
  "/paper-search?q=proteome",
];

// ---------- report ----------

function verdicts(results) {
  const rows = [];
  const byScale = Object.fromEntries(results.scales.map((s) => [s.scale, s]));
  const one = byScale[1];
  for (const s of results.scales) {
    for (const r of s.scenarios) {
      if (r.target?.p99 !== undefined)
        rows.push({
          what: `${r.name} p99 < ${r.target.p99} ms (${s.scale}x)`,
          measured: r.requests === 0 ? `no request completed in ${r.durationS} s` : `${r.p99Ms} ms`,
          met: r.requests > 0 && r.p99Ms < r.target.p99 && r.errors === 0 && r.unexpectedStatus === 0,
        });
      if (r.target?.rps !== undefined)
        rows.push({
          what: `${r.name} ≥ ${r.target.rps} req/s (${s.scale}x)`,
          measured: `${r.rps} req/s`,
          met: r.rps >= r.target.rps && r.errors === 0 && r.unexpectedStatus === 0,
        });
    }
  }
  for (const s of results.scales) {
    if (s.scale === 1 || !one) continue;
    for (const r of s.scenarios) {
      const base = one.scenarios.find((b) => b.scenario === r.scenario);
      if (!base) continue;
      rows.push({
        what: `${r.name}: p99 at ${s.scale}x ≤ 2 × p99 at 1x`,
        measured:
          r.requests === 0 || base.requests === 0
            ? `${base.requests === 0 ? "none" : `${base.p99Ms} ms`} → ${r.requests === 0 ? "none completed" : `${r.p99Ms} ms`}`
            : `${base.p99Ms} → ${r.p99Ms} ms`,
        // 1 ms is the clock's resolution: below it, doubling is noise.
        met: r.requests > 0 && base.requests > 0 && r.p99Ms <= Math.max(2 * base.p99Ms, base.p99Ms + 1),
      });
    }
    if (s.export && one.export) {
      // What streaming holds: the most heap (after a full collection) in use while downloads run,
      // beyond what the gateway held before them.
      const held = (e) => Math.max(0, ...e.heapAfterGcStreamingMiB) - e.heapAfterGcStartMiB;
      const held1 = round(held(one.export));
      const heldN = round(held(s.export));
      rows.push({
        what: `CSV export memory flat from 1x to ${s.scale}x (heap held while streaming, after a full GC: ≤ 16 MiB at both scales)`,
        measured: `${held1} → ${heldN} MiB (heap after GC ${one.export.heapAfterGcStartMiB} → ${one.export.heapAfterGcStreamingMiB.join(" / ")} at 1x, ${s.export.heapAfterGcStartMiB} → ${s.export.heapAfterGcStreamingMiB.join(" / ")} at ${s.scale}x)`,
        met:
          one.export.heapAfterGcStreamingMiB.length > 0 &&
          s.export.heapAfterGcStreamingMiB.length > 0 &&
          held1 <= 16 &&
          heldN <= 16,
      });
    }
  }
  for (const l of results.lighthouse ?? []) {
    rows.push({
      what: `Lighthouse performance ≥ 90 (${l.page})`,
      measured: l.performance === null ? `failed: ${l.error}` : String(l.performance),
      met: l.performance !== null && l.performance >= 90,
    });
    rows.push({
      what: `Lighthouse LCP < 2.5 s (${l.page})`,
      measured: l.performance === null ? `failed: ${l.error}` : `${l.lcpMs} ms`,
      met: l.performance !== null && l.lcpMs < 2500,
    });
  }
  return rows;
}

function markdown(results) {
  const m = results.machine;
  const lines = [
    "# Benchmark results",
    "",
    `Run ${results.date} on ${m.cores} cores (${m.cpu}), ${m.memoryGiB} GiB RAM, load average at start ${m.loadAverage.join(" / ")}, ` +
      (m.calibrationMs
        ? `CPU calibration ${m.calibrationMs} ms (a fixed JS workload, lower is faster), `
        : "") +
      `Node ${m.node}, MariaDB; ` +
      `${results.connections} connections, ${results.durationS} s per scenario (after a 2 s warm-up), ${results.loadGenerator ?? "autocannon"} on loopback against the production build (\`${["node", results.nodeFlags, "dist/gateway/main.js"].filter(Boolean).join(" ")}\`).`,
    "",
    results.conditions,
    "",
    "## Targets",
    "",
    "| target | measured | met |",
    "| --- | --- | --- |",
    ...verdicts(results).map((v) => `| ${v.what} | ${v.measured} | ${v.met ? "yes" : "**no**"} |`),
    "",
  ];
  for (const s of results.scales) {
    lines.push(
      `## ${s.scale}x dataset (${s.genes} genes; release ${s.release})`,
      "",
      "| scenario | req/s | p50 ms | p99 ms | errors / unexpected status | SQL per request | peak RSS MiB |",
      "| --- | --- | --- | --- | --- | --- | --- |",
      ...s.scenarios.map(
        (r) =>
          `| ${r.name} | ${r.rps} | ${r.requests === 0 ? "–" : r.p50Ms} | ${r.requests === 0 ? "none completed" : r.p99Ms} | ${r.errors} / ${r.unexpectedStatus} | ${r.sqlPerRequest} | ${r.rssPeakMiB} |`,
      ),
      "",
    );
    if (s.export)
      lines.push(
        `CSV export ${s.export.name}: ${s.export.downloads} complete downloads (${s.export.rowsPerDownload ?? "–"} rows each; a download still running at the deadline is cut, ${s.export.rowsStreamedInCutDownload} rows streamed by then), ${s.export.mibPerS} MiB/s, ` +
          `heap after a full GC ${s.export.heapAfterGcStartMiB} MiB after the warm-up → ${s.export.heapAfterGcStreamingMiB.join(" / ")} MiB while streaming, gateway RSS ${s.export.rssStartMiB} → peak ${s.export.rssPeakMiB} MiB, ${s.export.failures} failures.`,
        "",
      );
  }
  if (results.lighthouse) {
    lines.push(
      "## Lighthouse (production build, Debian Chromium headless, default mobile emulation and throttling)",
      "",
      "Each figure is the median of the page's runs; the range is the lowest and highest score.",
      "",
      "| page | runs | performance | range | FCP ms | LCP ms | TBT ms | CLS |",
      "| --- | --- | --- | --- | --- | --- | --- | --- |",
      ...results.lighthouse.map(
        (l) =>
          `| ${l.page} | ${l.runs ?? 1} | ${l.performance ?? l.error} | ${l.performanceRange?.join("–") ?? ""} | ${l.fcpMs ?? ""} | ${l.lcpMs ?? ""} | ${l.tbtMs ?? ""} | ${l.cls ?? ""} |`,
      ),
      "",
    );
  }
  if (results.notes) lines.push("## Notes", "", results.notes, "");
  return lines.join("\n");
}

// ---------- main ----------

async function main() {
  const started = Date.now();
  ensureBuild();
  mkdirSync(resultsDir, { recursive: true });
  const results = {
    date: new Date().toISOString(),
    machine: {
      cores: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? "unknown",
      memoryGiB: round(os.totalmem() / 1024 ** 3, 1),
      loadAverage: os.loadavg().map((l) => round(l, 2)),
      calibrationMs: cpuCalibration(),
      node: process.version,
    },
    connections,
    durationS: duration,
    loadGenerator,
    nodeFlags: nodeFlags.join(" "),
    conditions:
      process.env.BENCH_CONDITIONS ??
      `Conditions: the load average above shows what else ran on the machine; ${loadGenerator} shares the cores with the gateway and MariaDB.`,
    notes: existsSync(path.join(resultsDir, "NOTES.md"))
      ? readFileSync(path.join(resultsDir, "NOTES.md"), "utf8").trim()
      : null,
    scales: [],
    lighthouse: null,
  };
  for (const scale of scales) {
    const url = await ensureDatabase(scale);
    const gateway = await startGateway(url);
    try {
      const openapi = await json(gateway.base, "/api/openapi.json");
      const counts = await json(gateway.base, "/api/gene/table?pageSize=1");
      const links = await fetch(`${gateway.base}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: "{ datasetRelease { version } }" }),
      })
        .then((r) => r.json())
        .catch(() => null);
      const entry = {
        scale,
        release: links?.data?.datasetRelease?.version ?? openapi.body?.info?.["x-dataset-version"] ?? "?",
        genes: counts.body.pagination?.total ?? null,
        paperGenes: null,
        scenarios: [],
        export: null,
      };
      const list = await scenarios(gateway.base);
      for (const scenario of list) entry.scenarios.push(await runScenario(gateway, scenario));
      entry.gatewayHwmMiB = round(processMemory(gateway.pid).hwm);
      if (scale === scales[0] && lighthouseOn)
        results.lighthouse = runLighthouse(gateway.base, LIGHTHOUSE_PAGES, { runs: lighthouseRuns, log });
      await gateway.stop();
      if (!only || only.includes("export")) {
        entry.export = await runExport(url);
        entry.paperGenes = entry.export.rowsPerDownload ?? `≥ ${entry.export.rowsStreamedInCutDownload}`;
      }
      // The same requests with the answer cache off: what the database path costs (no target).
      const uncached = list.filter((s) => s.cacheOff);
      if (uncached.length > 0) {
        const cold = await startGateway(url, { RESPONSE_CACHE_MB: "0" });
        try {
          for (const scenario of uncached)
            entry.scenarios.push(
              await runScenario(cold, {
                ...scenario,
                name: `${scenario.name}, cache off`,
                key: `${scenario.key ?? scenario.name}, cache off`,
                target: null,
              }),
            );
        } finally {
          await cold.stop();
        }
      }
      results.scales.push(entry);
    } finally {
      await gateway.stop();
    }
  }
  results.totalSeconds = Math.round((Date.now() - started) / 1000);
  writeFileSync(path.join(resultsDir, "latest.json"), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(resultsDir, "RESULTS.md"), `${markdown(results)}\n`);
  log(`done in ${results.totalSeconds} s: bench/results/RESULTS.md`);
}

// `node bench/run.mjs --report`: rewrite RESULTS.md from latest.json (after editing NOTES.md).
if (process.argv.includes("--report")) {
  const results = JSON.parse(readFileSync(path.join(resultsDir, "latest.json"), "utf8"));
  if (existsSync(path.join(resultsDir, "NOTES.md")))
    results.notes = readFileSync(path.join(resultsDir, "NOTES.md"), "utf8").trim();
  writeFileSync(path.join(resultsDir, "RESULTS.md"), `${markdown(results)}\n`);
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
