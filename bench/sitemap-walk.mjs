// `node bench/sitemap-walk.mjs`: every URL of the sitemap, as a search engine would walk it, against the
// portal as `npm start` runs it (embedded SQLite, the bundled release), or BENCH_BASE. Each page must
// answer 200 with its own canonical link, a title no other page has and parseable JSON-LD (a record
// page at least one); the suite (tests/api/sitemap-walk.test.ts) resolves every URL but renders a spread
// of them, and validates their JSON-LD against schema.org. Prints the walk's figures and any problem,
// and exits 1 when there is one. BENCH_WALK_CONCURRENCY requests at a time (default 2).
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startGateway } from "./lib/gateway.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const concurrency = Number(process.env.BENCH_WALK_CONCURRENCY ?? 2);
const RECORD_KINDS = new Set(["gene", "disease", "study", "brain-region", "icd-chapter", "compartment"]);

const locs = (xml, tag) => [...xml.matchAll(new RegExp(`<${tag}><loc>([^<]*)</loc>`, "g"))].map((m) => m[1]);

async function walk(base) {
  const index = await (await fetch(`${base}/sitemap.xml`)).text();
  const pages = [];
  for (const shard of locs(index, "sitemap")) {
    const kind = /\/sitemaps\/([a-z-]+)-\d+\.xml$/.exec(shard)[1];
    for (const loc of locs(await (await fetch(shard)).text(), "url")) pages.push({ kind, loc });
  }
  const problems = [];
  const titles = new Map();
  const times = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < pages.length) {
      const { kind, loc } = pages[next++];
      const path = loc.slice(base.length);
      const t0 = performance.now();
      const response = await fetch(base + path, { redirect: "manual" });
      const html = await response.text();
      times.push(performance.now() - t0);
      if (response.status !== 200) {
        problems.push(`${path}: ${response.status}`);
        continue;
      }
      const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
      if (canonical !== base + path) problems.push(`${path}: canonical ${canonical}`);
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
      if (titles.has(title)) problems.push(`${path}: title "${title}" also of ${titles.get(title)}`);
      titles.set(title, path);
      const scripts = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
      if (RECORD_KINDS.has(kind) && scripts.length === 0) problems.push(`${path}: no JSON-LD`);
      for (const [, text] of scripts)
        try {
          JSON.parse(text);
        } catch {
          problems.push(`${path}: JSON-LD does not parse`);
        }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(0);
  console.log(
    `walked ${pages.length} URLs in ${seconds.toFixed(0)} s (${(pages.length / seconds).toFixed(1)} pages/s, ${concurrency} at a time): p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms; ${problems.length} problems`,
  );
  for (const problem of problems.slice(0, 50)) console.log(`  ${problem}`);
  return problems.length;
}

let gateway = null;
let base = process.env.BENCH_BASE;
if (!base) {
  mkdirSync(path.join(root, "bench/.data"), { recursive: true });
  const databaseUrl = "sqlite:bench/.data/sitemap-walk.sqlite";
  execFileSync(process.execPath, ["dist/seeds/cli.js", "seed"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  gateway = await startGateway(databaseUrl, { quiet: true });
  base = gateway.base;
}
try {
  process.exitCode = (await walk(base)) > 0 ? 1 : 0;
} finally {
  await gateway?.stop();
}
