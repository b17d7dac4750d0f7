#!/usr/bin/env node
// The repeat path beside a static file server: a cached GET of the portal (`/api/gene/search?q=DLG4`,
// answered from the gateway's answer cache) against Debian's nginx serving the same bytes from a file,
// side by side on this machine, alternating runs of wrk. Target (issue 44): the gateway at 50% or more
// of nginx's requests/s, each writing its access log as it does by default.
//
//   npm run build:server                           # dist/ (this starts dist/gateway/main.js)
//   node bench/static-peer.mjs [sqlite:data/e2e-0.sqlite]
//
// Needs wrk and nginx (`apt-get install -y wrk nginx-light`). nginx runs as Debian configures it by
// default (`worker_processes auto`: a worker per core; `access_log` on, combined format, unbuffered), the
// gateway as `npm start` runs one (no LOG_LEVEL: an access line per request), each logging to a file. Both are
// asked by one wrk thread over 64 connections (as bench/run.mjs asks), STATIC_SECONDS (10) per run,
// STATIC_ROUNDS (3) rounds of gateway then nginx. Writes bench/results/static-peer.json and .md.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./lib/free-port.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const databaseUrl = process.argv[2] ?? "sqlite:data/e2e-0.sqlite";
const seconds = Number(process.env.STATIC_SECONDS ?? 10);
const rounds = Number(process.env.STATIC_ROUNDS ?? 3);
const ADDRESS = "/api/gene/search?q=DLG4";
const TARGET = 0.5;

const log = (...args) => console.log(`[static ${new Date().toISOString().slice(11, 19)}]`, ...args);

async function waitFor(url, child, label) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label} exited with code ${child.exitCode}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    if (Date.now() > deadline) throw new Error(`${label} was not ready in 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function stop(child) {
  if (child.exitCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  return exited;
}

/** wrk's requests/s and latency percentiles for one run. */
function wrk(url) {
  const out = execFileSync("wrk", ["-t1", "-c64", `-d${seconds}s`, "--latency", url], { encoding: "utf8" });
  const rate = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const ms = (label) => {
    const m = new RegExp(`${label}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
    if (!m) return null;
    return Number((Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2]]).toFixed(2));
  };
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1];
  return { rate: Math.round(rate), p50: ms(50), p99: ms(99), non2xx: Number(errors ?? 0) };
}

const work = mkdtempSync(path.join(os.tmpdir(), "static-peer-"));
const children = [];
try {
  const gatewayPort = await freePort();
  // The defaults: whatever LOG_LEVEL this shell has is not passed on; the log goes to a file, as an operator's would.
  const { LOG_LEVEL: _level, ...environment } = process.env;
  const gatewayLog = path.join(work, "gateway.log");
  const gatewayOut = openSync(gatewayLog, "w");
  const gateway = spawn(process.execPath, ["--max-semi-space-size=64", "dist/gateway/main.js"], {
    cwd: root,
    env: { ...environment, DATABASE_URL: databaseUrl, PORT: String(gatewayPort), HOST: "127.0.0.1" },
    stdio: ["ignore", gatewayOut, "inherit"],
  });
  closeSync(gatewayOut);
  children.push(gateway);
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}${ADDRESS}`;
  await waitFor(`http://127.0.0.1:${gatewayPort}/readyz`, gateway, "the gateway");
  const answer = await fetch(gatewayUrl);
  const body = Buffer.from(await answer.arrayBuffer());
  if (!answer.ok) throw new Error(`${ADDRESS} answered ${answer.status}`);
  log(`${ADDRESS}: ${body.length} bytes, ${answer.headers.get("content-type")}`);

  // The same bytes as a file, served by nginx with Debian's defaults for workers.
  const files = path.join(work, "files");
  const file = path.join(files, "gene-search.json");
  mkdirSync(files);
  writeFileSync(file, body);
  const nginxPort = await freePort();
  const conf = path.join(work, "nginx.conf");
  const user = process.getuid?.() === 0 ? `user ${os.userInfo().username};` : "";
  writeFileSync(
    conf,
    `${user}
worker_processes auto;
daemon off;
pid ${work}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log ${work}/access.log;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  server {
    listen 127.0.0.1:${nginxPort};
    location = /gene-search.json { root ${files}; default_type application/json; }
  }
}
`,
  );
  const nginx = spawn("/usr/sbin/nginx", ["-c", conf, "-p", work], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(nginx);
  const nginxUrl = `http://127.0.0.1:${nginxPort}/gene-search.json`;
  await waitFor(nginxUrl, nginx, "nginx");
  const served = Buffer.from(await (await fetch(nginxUrl)).arrayBuffer());
  if (Buffer.compare(served, body) !== 0) throw new Error("nginx does not serve the gateway's bytes");

  // A warm-up of each, then alternating measured runs.
  wrk(gatewayUrl);
  wrk(nginxUrl);
  const runs = [];
  for (let round = 1; round <= rounds; round++) {
    const portal = wrk(gatewayUrl);
    const peer = wrk(nginxUrl);
    runs.push({
      round,
      load1: Number(os.loadavg()[0].toFixed(2)),
      portal,
      nginx: peer,
      ratio: portal.rate / peer.rate,
    });
    log(
      `round ${round}: gateway ${portal.rate} req/s, nginx ${peer.rate} req/s, ${(100 * runs.at(-1).ratio).toFixed(1)}%`,
    );
  }
  // nginx -v writes its version to stderr.
  const nginxVersion = spawnSync("/usr/sbin/nginx", ["-v"], { encoding: "utf8" }).stderr.replace(
    "nginx version: ",
    "",
  );
  // Both wrote a line per request: the gateway's access lines and nginx's, counted after a graceful stop.
  await Promise.all(children.map(stop));
  const linesOf = (file, match) =>
    readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => line.includes(match)).length;
  const logged = {
    gateway: linesOf(gatewayLog, '"reqId"'),
    nginx: linesOf(path.join(work, "access.log"), "GET /gene-search.json"),
  };
  log(`access lines: gateway ${logged.gateway}, nginx ${logged.nginx}`);
  if (logged.gateway === 0 || logged.nginx === 0) throw new Error("a server wrote no access log");
  const report = {
    date: new Date().toISOString().slice(0, 16).replace("T", " "),
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0].model.trim(), node: process.versions.node },
    database: databaseUrl.replace(/:\/\/.*@/, "://…@"),
    address: ADDRESS,
    bytes: body.length,
    seconds,
    logged,
    runs,
    target: TARGET,
  };
  const percent = (x) => `${(100 * x).toFixed(1)}%`;
  const ratios = runs.map((r) => r.ratio);
  const lines = [
    "# The repeat path beside nginx (issues 31, 44)",
    "",
    `Recorded ${report.date} by \`node bench/static-peer.mjs\` on ${report.machine.cpus} × ${report.machine.cpu}, ` +
      `Node ${report.machine.node}, ${nginxVersion.trim() || "nginx"}: \`GET ${ADDRESS}\` (${body.length} bytes) from ` +
      `the gateway's answer cache (one gateway, as \`npm start\` runs it, on ${report.database}) against nginx ` +
      "serving the same bytes from a file (`worker_processes auto` and the access log on, Debian's defaults). " +
      "Each writes its access log to a file, as it does by default: " +
      `${logged.gateway} lines from the gateway, ${logged.nginx} from nginx. One wrk thread, 64 ` +
      `connections, ${seconds} s per run, alternating; a warm-up run of each first.`,
    "",
    "| round | gateway req/s | p50 / p99 ms | nginx req/s | p50 / p99 ms | gateway ÷ nginx | load (1 min) |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...runs.map(
      (r) =>
        `| ${r.round} | ${r.portal.rate} | ${r.portal.p50} / ${r.portal.p99} | ${r.nginx.rate} | ` +
        `${r.nginx.p50} / ${r.nginx.p99} | ${percent(r.ratio)} | ${r.load1} |`,
    ),
    "",
    `Target: the gateway at ${percent(TARGET)} or more of nginx's rate: ${percent(Math.min(...ratios))}–` +
      `${percent(Math.max(...ratios))}, ${Math.min(...ratios) >= TARGET ? "met" : "**not met**"}.`,
    "",
  ];
  writeFileSync(path.join(root, "bench/results/static-peer.json"), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(root, "bench/results/static-peer.md"), lines.join("\n"));
  log("wrote bench/results/static-peer.json and static-peer.md");
} finally {
  await Promise.all(children.map(stop));
  rmSync(work, { recursive: true, force: true });
}
