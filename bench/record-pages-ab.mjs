// `node bench/record-pages-ab.mjs save|compare DIR`: the record pages' HTML of this build, answer and
// page caches off, written to DIR (save) or compared byte for byte with what DIR holds (compare): the
// A/B check of a change to how a record page is rendered (a build before, a build after). Each address
// is asked twice, the second answer kept (the first loads the screen's code); compare then asks them
// all again, 8 at a time. The build's own names
// (its hashed chunks and the list of them the page preloads) are left out of the comparison. Environment: AB_DATABASE
// (sqlite:bench/.data/record-html.sqlite, seeded when missing), AB_PORT (3500).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [mode, dir] = process.argv.slice(2);
if (!["save", "compare"].includes(mode) || !dir) {
  console.error("usage: node bench/record-pages-ab.mjs save|compare DIR");
  process.exit(2);
}
const database = process.env.AB_DATABASE ?? "sqlite:bench/.data/record-html.sqlite";
const port = Number(process.env.AB_PORT ?? 3500);
const base = `http://127.0.0.1:${port}`;

/** Each record kind's tabs, a later page and a filter, and a sample of every kind's records. */
const ADDRESSES = [
  "/gene/DLG4",
  "/gene/DLG4?tab=diseases",
  "/gene/DLG4?tab=mutations",
  "/gene/DLG4?tab=network",
  "/disease/DOID:1826",
  "/disease/DOID:1826?tab=mutations",
  "/disease/DOID:1826?tab=papers",
  "/disease/DOID:1826?gpage=2",
  "/disease/DOID:1826?gmode=all&gsize=50",
  "/disease/DOID:1826?tab=mutations&mpage=2&mmode=consensus",
  "/disease/DOID:1826?gq=scn",
  "/study/10862698",
  "/study/10862698?gpage=2",
  "/study/10862698?tab=mutations",
  "/study/POSTSYNE_2022_SAMPLE",
  "/gene/NOSUCHGENE",
];
const SAMPLE = { gene: 40, disease: 20, study: 21, "brain-region": 5, "icd-chapter": 5, compartment: 5 };

/** A page without what each build names differently: its chunks' hashed file names and their list. */
const withoutBuildNames = (html) =>
  html
    .replace(/<meta name="app-chunks" content="[^"]*">/g, '<meta name="app-chunks">')
    .replace(/\/assets\/[\w.-]+/g, "/assets/*");

async function sitemapPaths(kind, count) {
  const response = await fetch(`${base}/sitemaps/${kind}-1.xml`);
  if (response.status !== 200) return [];
  const xml = await response.text();
  const all = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const step = Math.max(1, Math.floor(all.length / count));
  return all.filter((_, i) => i % step === 0).slice(0, count);
}

if (database.startsWith("sqlite:") && !existsSync(database.slice("sqlite:".length))) {
  mkdirSync(path.dirname(path.join(root, database.slice("sqlite:".length))), { recursive: true });
  await new Promise((resolve, reject) =>
    spawn(process.execPath, ["dist/seeds/cli.js", "seed"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, DATABASE_URL: database },
    }).on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seed exited ${code}`)))),
  );
}
const gateway = spawn(process.execPath, ["dist/gateway/main.js"], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: database,
    PORT: String(port),
    HOST: "127.0.0.1",
    RESPONSE_CACHE_MB: "0",
    PAGE_CACHE_MB: "0",
    PAGE_DATA_TIMEOUT_MS: "60000",
    PUBLIC_ORIGIN: "http://portal.test",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
try {
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (gateway.exitCode !== null) throw new Error(`the gateway exited with code ${gateway.exitCode}`);
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error("the gateway did not become ready in 180 s");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const addresses = [...ADDRESSES];
  for (const [kind, count] of Object.entries(SAMPLE)) addresses.push(...(await sitemapPaths(kind, count)));
  mkdirSync(dir, { recursive: true });
  const differing = [];
  for (const address of addresses) {
    await (await fetch(base + address, { redirect: "manual" })).text();
    const response = await fetch(base + address, { redirect: "manual" });
    const page = `${response.status}\n${await response.text()}`;
    const file = path.join(dir, `${encodeURIComponent(address)}.html`);
    if (mode === "save") writeFileSync(file, page);
    else if (!existsSync(file) || withoutBuildNames(readFileSync(file, "utf8")) !== withoutBuildNames(page))
      differing.push(address);
  }
  if (mode === "compare") {
    // Again with 8 pages rendered at once: renders that interleave must not mix their data.
    let next = 0;
    const worker = async () => {
      while (next < addresses.length) {
        const address = addresses[next++];
        const response = await fetch(base + address, { redirect: "manual" });
        const page = `${response.status}\n${await response.text()}`;
        const file = path.join(dir, `${encodeURIComponent(address)}.html`);
        const saved = existsSync(file) ? withoutBuildNames(readFileSync(file, "utf8")) : null;
        if (saved !== withoutBuildNames(page) && !differing.includes(address))
          differing.push(`${address} (at once)`);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
  }
  if (mode === "save") console.log(`saved ${addresses.length} pages in ${dir}`);
  else {
    console.log(`${addresses.length - differing.length} of ${addresses.length} pages byte-identical`);
    for (const address of differing) console.log(`differs: ${address}`);
    process.exitCode = differing.length > 0 ? 1 : 0;
  }
} finally {
  gateway.kill("SIGTERM");
}
