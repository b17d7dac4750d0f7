// Run by tests/api/topology.test.ts in `npm test`; it writes deploy/RESULTS.md.
import { execFile } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import {
  copyFileSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import Database from "better-sqlite3";
import { GatewayProcess } from "./gateway-process";
import { type MariaDbServer, startReplicatedMariaDb } from "./mariadb-server";
import { type RunningNginx, startNginx } from "./nginx";

const run = promisify(execFile);
const projectRoot = path.resolve(__dirname, "..");
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What one step of the topology test did to the answers clients got through nginx. */
export interface StepFigures {
  step: string;
  seconds: number;
  requests: number;
  /** Answers that were not 2xx (a failed connection counts, as status 0). */
  non2xx: number;
  /** Of those, 503s with Retry-After while the primary itself was down (the documented exception). */
  documented503: number;
  /** Non-2xx answers by status, for the report. */
  statuses: Record<string, number>;
  /** Answers whose content is not the known content of the release they name. */
  mixedReleases: number;
  visitsAcknowledged: number;
  visitsStored: number;
  /** Why the step's own action (a restart, a seed) failed, if it did. */
  error?: string;
}

export interface TopologyReport {
  /** The first answers counted as mixed, and why. */
  mixedExamples: string[];
  date: string;
  machine: string;
  clients: number;
  releases: string[];
  /** Visits on the primary and on the replica once the replica caught up (equal when it replicates them all). */
  visitsOnPrimary: number;
  visitsOnReplica: number;
  steps: StepFigures[];
}

interface Outcome {
  step: number;
  status: number;
  retryAfter: boolean;
  /** A probe: the release it names and what its content was. */
  release?: string;
  fingerprint?: string;
  visit?: boolean;
}

/** One answer that names its release and carries content that differs between releases. */
const PROBE =
  "query TopologyProbe { datasetRelease { version } datasetOverview { proteins studies consensusGenes } }";
// Release-bound REST answers: their ETag names the code version, release and URL, so one ETag must
// always come with the same body.
const CACHED_READS = [
  "/api/gene/search?q=SHANK",
  "/api/gene/search?q=DLG4",
  "/api/disease/search?q=epilepsy",
];

/**
 * The production topology on this machine: a MariaDB primary and a replica (private servers), two
 * gateways (dist/gateway/main.js) reading from the replica and writing to the primary, nginx in front
 * (deploy/nginx.conf). A few clients send steady, paced requests through nginx (gene and disease
 * searches, release probes, visits) while each step disturbs one part; the figures say what clients saw.
 */
export async function runTopology(options: { clients?: number; log?: (line: string) => void } = {}) {
  const log = options.log ?? ((line: string) => console.log(line));
  // Two clients keep requests overlapping through every step (hundreds per step); four doubled the
  // run's CPU (gateways, nginx, MariaDB) and showed nothing more.
  const clients = options.clients ?? 2;
  const work = mkdtempSync(path.join(os.tmpdir(), "portal-topology-"));
  const servers = await startReplicatedMariaDb();
  const { primary, replica } = servers;
  const gateways: GatewayProcess[] = [];
  let nginx: RunningNginx | null = null;
  let stopLoad = async () => {};
  try {
    const env = {
      DATABASE_URL: primary.url("portal"),
      DATABASE_REPLICA_URLS: replica.url("portal"),
      TRUST_PROXY: "127.0.0.1",
      // Every client is 127.0.0.1 here: the write limit is the proxy test's subject, not this one's.
      WRITE_RATE_LIMIT_PER_MINUTE: "1000000",
      LOG_LEVEL: "warn",
      // A start-up under load on a shared CI machine may run a warm-up statement longer than the 10 s default.
      DB_STATEMENT_TIMEOUT_MS: "60000",
    };
    // Two small releases, the synaptome.db fixture and a copy of it one study short, the first loaded
    // before the gateways start: what this run shows (no answer lost or mixed across a switch, a
    // restart, a failover) does not need the bundled release, whose load here was a third of the run.
    const releases = writeSmallReleases(work);
    log("loading the first small release into the primary");
    await seedCli(["seed", "--from", releases.first], env.DATABASE_URL);
    gateways.push(new GatewayProcess(env), new GatewayProcess(env));
    log("starting the gateways");
    await gateways[0].start();
    await gateways[1].start();
    nginx = await startNginx({
      gateways: gateways.map((gateway) => gateway.address),
      webDist: path.join(projectRoot, "web", "dist"),
      stateDir: path.join(work, "nginx"),
    });
    const baseUrl = nginx.baseUrl;

    // What each release's answers are, read while nothing changes.
    const knownProbe = new Map<string, string>();
    const knownBodies = new Map<string, string>();
    const learnReleaseAnswers = async () => {
      for (const gateway of gateways) {
        const probe = await probeRelease(gateway.baseUrl);
        const known = knownProbe.get(probe.release);
        if (known && known !== probe.fingerprint)
          throw new Error(`release ${probe.release}: two different answers while quiet`);
        knownProbe.set(probe.release, probe.fingerprint);
        for (const url of CACHED_READS) {
          const response = await fetch(gateway.baseUrl + url);
          const tag = response.headers.get("etag");
          if (tag) knownBodies.set(tag, canonical(await response.text()));
        }
      }
    };
    await learnReleaseAnswers();

    // The load: `clients` loops through nginx, each request attributed to the step it started in.
    const outcomes: Outcome[] = [];
    let currentStep = 0;
    let stopped = false;
    let sequence = 0;
    const client = async (id: number) => {
      for (let i = id; !stopped; i += 1) {
        const step = currentStep;
        sequence += 1;
        const n = sequence;
        const kind = i % 5;
        try {
          if (kind === 0) {
            const response = await post(`${baseUrl}/graphql`, { query: PROBE });
            const outcome: Outcome = { step, status: response.status, retryAfter: hasRetryAfter(response) };
            const body = (await response.json().catch(() => null)) as ProbeBody | null;
            if (response.ok && body?.data) Object.assign(outcome, probeOf(body));
            outcomes.push(outcome);
          } else if (kind === 1) {
            // Each visit its own id, as the web app sends: a copy nginx resends is stored once.
            const response = await post(`${baseUrl}/api/stats/record-visit`, {
              path: `/topology/${step}/${n}`,
              visitorId: `topology-${step}`,
              visitId: randomUUID(),
            });
            await response.arrayBuffer();
            outcomes.push({
              step,
              status: response.status,
              retryAfter: hasRetryAfter(response),
              visit: true,
            });
          } else {
            const url = CACHED_READS[i % CACHED_READS.length];
            const response = await fetch(baseUrl + url, { signal: AbortSignal.timeout(60_000) });
            const body = await response.text();
            const tag = response.headers.get("etag");
            const outcome: Outcome = { step, status: response.status, retryAfter: hasRetryAfter(response) };
            if (response.ok && tag)
              Object.assign(outcome, { release: `etag ${tag}`, fingerprint: canonical(body) });
            outcomes.push(outcome);
          }
        } catch {
          outcomes.push({ step, status: 0, retryAfter: false, visit: kind === 1 });
        }
        await sleep(25); // paced: a steady, bounded load, not a benchmark
      }
    };
    const load = Promise.all(Array.from({ length: clients }, (_, id) => client(id)));
    stopLoad = async () => {
      stopped = true;
      await load;
    };

    const steps: { name: string; seconds: number; primaryDown: boolean; error?: string }[] = [];
    const step = async (name: string, action: () => Promise<void>, options = { primaryDown: false }) => {
      const started = Date.now();
      currentStep = steps.length;
      steps.push({ name, seconds: 0, primaryDown: options.primaryDown });
      log(`step ${currentStep}: ${name}`);
      // A step that fails is reported and the next ones still run: the report shows every figure.
      await action().catch((error: Error) => {
        steps[steps.length - 1].error = error.message;
        log(`step ${currentStep} failed: ${error.message}`);
      });
      await sleep(1500); // answers given just after the step still belong to it
      steps[steps.length - 1].seconds = Math.round((Date.now() - started) / 1000);
    };

    await step("steady load (baseline)", () => sleep(2000));
    await step("kill -9 one gateway, then start it again", async () => {
      await gateways[0].stop("SIGKILL");
      await sleep(1500); // nginx meets the dead gateway and routes around it
      await gateways[0].start();
    });
    await step("rolling restart of both gateways (SIGTERM, exit, start, ready)", async () => {
      for (const gateway of gateways) {
        const code = await gateway.stop("SIGTERM");
        if (code !== 0) throw new Error(`gateway ${gateway.address} exited ${code} on SIGTERM`);
        await gateway.start();
        // nginx's checks are passive: a gateway it saw fail gets requests again only after fail_timeout
        // (5 s). Restarting the next one sooner would leave nginx no gateway it trusts.
        await sleep(6000);
      }
    });
    /** The release key a gateway's /readyz names. */
    const servedRelease = async (gateway: GatewayProcess) =>
      ((await (await fetch(`${gateway.baseUrl}/readyz`)).json()) as { release: string | null }).release;
    /** Until every gateway serves a release `accept` takes (its watcher, caches and ETags follow together). */
    const untilEveryGatewayServes = async (accept: (release: string | null) => boolean, after: string) => {
      const deadline = Date.now() + 60_000;
      for (const gateway of gateways) {
        for (
          let release = await servedRelease(gateway);
          !accept(release);
          release = await servedRelease(gateway)
        ) {
          if (Date.now() > deadline)
            throw new Error(`${gateway.address} still serves ${release} 60 s after ${after}`);
          await sleep(100);
        }
      }
    };
    await step("switch to a new release (db:seed --from the second), then back (db:rollback)", async () => {
      const original = await servedRelease(gateways[0]);
      await seedCli(["seed", "--from", releases.second], env.DATABASE_URL);
      await untilEveryGatewayServes((release) => release !== original, "the switch");
      await learnReleaseAnswers();
      await seedCli(["rollback"], env.DATABASE_URL);
      await untilEveryGatewayServes((release) => release === original, "the rollback");
      await learnReleaseAnswers();
    });
    await step("stop the replica, then start it again", async () => {
      await replica.stop("SIGTERM");
      await sleep(3000); // reads fall back to the primary
      await replica.start();
      await sleep(2000);
    });
    await step(
      "restart the primary",
      async () => {
        await primary.stop("SIGTERM");
        await sleep(2000);
        await primary.start();
        await sleep(3000); // the gateways' pools reconnect; buffered visits are written
      },
      { primaryDown: true },
    );
    await stopLoad();

    // Every gateway writes what it buffered when asked for the counts; then the primary has every visit.
    for (const gateway of gateways) await (await fetch(`${gateway.baseUrl}/api/stats/visits`)).arrayBuffer();
    await sleep(1500);
    const stored = await visitsByStep(primary);
    const visitsOnPrimary = [...stored.values()].reduce((sum, count) => sum + count, 0);
    let visitsOnReplica = -1;
    for (let tries = 0; tries < 50 && visitsOnReplica !== visitsOnPrimary; tries += 1) {
      if (tries > 0) await sleep(200);
      visitsOnReplica = [...(await visitsByStep(replica)).values()].reduce((sum, count) => sum + count, 0);
    }

    /** The content known for the release an answer names (undefined when never seen while quiet). */
    const knownFor = (release: string) =>
      release.startsWith("etag ") ? knownBodies.get(release.slice(5)) : knownProbe.get(release);
    const mixed = (outcome: Outcome) =>
      outcome.release !== undefined && knownFor(outcome.release) !== outcome.fingerprint;
    const figures: StepFigures[] = steps.map((s, index) => {
      const mine = outcomes.filter((outcome) => outcome.step === index);
      const failed = mine.filter((outcome) => outcome.status < 200 || outcome.status > 299);
      const statuses: Record<string, number> = {};
      for (const outcome of failed) statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1;
      return {
        step: s.name,
        seconds: s.seconds,
        requests: mine.length,
        non2xx: failed.length,
        documented503: s.primaryDown
          ? failed.filter((outcome) => outcome.status === 503 && outcome.retryAfter).length
          : 0,
        statuses,
        mixedReleases: mine.filter(mixed).length,
        visitsAcknowledged: mine.filter((outcome) => outcome.visit && outcome.status === 200).length,
        visitsStored: stored.get(String(index)) ?? 0,
        ...(s.error ? { error: s.error } : {}),
      };
    });
    const mixedExamples = outcomes
      .filter(mixed)
      .slice(0, 10)
      .map((outcome) => {
        const why = knownFor(outcome.release ?? "") === undefined ? "never seen while quiet" : "another body";
        return `step ${outcome.step}: ${outcome.release} (${why})`;
      });
    return {
      mixedExamples,
      date: new Date().toISOString(),
      machine: await describeMachine(),
      clients,
      releases: [...knownProbe.keys()],
      visitsOnPrimary,
      visitsOnReplica,
      steps: figures,
    } satisfies TopologyReport;
  } finally {
    await stopLoad().catch(() => undefined);
    await nginx?.stop().catch(() => undefined);
    await Promise.all(gateways.map((gateway) => gateway.stop("SIGKILL").catch(() => undefined)));
    await servers.destroy();
    rmSync(work, { recursive: true, force: true });
  }
}

interface ProbeBody {
  data?: { datasetRelease: { version: string } | null; datasetOverview: Record<string, number> };
}

function probeOf(body: ProbeBody): { release: string; fingerprint: string } {
  return {
    release: body.data?.datasetRelease?.version ?? "none",
    fingerprint: JSON.stringify(body.data?.datasetOverview ?? null),
  };
}

async function probeRelease(baseUrl: string) {
  const response = await post(`${baseUrl}/graphql`, { query: PROBE });
  if (!response.ok) throw new Error(`release probe at ${baseUrl}: ${response.status}`);
  return probeOf((await response.json()) as ProbeBody);
}

function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
}

const hasRetryAfter = (response: Response) => response.headers.has("retry-after");
/**
 * A JSON body's content, whatever its key order: a route's schema serializer and the answer cache's
 * JSON.stringify write the same answer with keys in different orders.
 */
function canonical(text: string): string {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value && typeof value === "object"
        ? Object.fromEntries(
            Object.entries(value)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([key, inner]) => [key, sorted(inner)]),
          )
        : value;
  try {
    return createHash("sha1")
      .update(JSON.stringify(sorted(JSON.parse(text))))
      .digest("hex");
  } catch {
    return `not JSON: ${text.slice(0, 80)}`;
  }
}

/**
 * The synaptome.db fixture, and a copy of it without its largest study (TRINIDAD_2008, 356 genes): the
 * probe's counts and every cached read's body differ between the two, so an answer of one release with
 * the other's content is seen. The copy's modification time is a minute later: a synaptome.db release's
 * version is its size and time, and the size is the same.
 */
function writeSmallReleases(work: string): { first: string; second: string } {
  const first = path.join(work, "synaptome-fixture.sqlite");
  const second = path.join(work, "synaptome-fixture-one-study-less.sqlite");
  writeFileSync(
    first,
    gunzipSync(readFileSync(path.join(projectRoot, "tests", "fixtures", "synaptome-fixture.sqlite.gz"))),
  );
  copyFileSync(first, second);
  const db = new Database(second);
  try {
    const pmid = 18056256;
    db.transaction(() => {
      for (const [table, column] of [
        ["PaperGene", "PaperPMID"],
        ["PaperPPI", "PMID"],
        ["PaperMutation", "PMID"],
        ["Paper", "PMID"],
      ])
        db.prepare(`DELETE FROM ${table} WHERE ${column} = ?`).run(pmid);
    })();
  } finally {
    db.close();
  }
  const { mtime } = statSync(first);
  const later = new Date(mtime.getTime() + 60_000);
  utimesSync(second, later, later);
  return { first, second };
}

async function seedCli(args: string[], databaseUrl: string): Promise<void> {
  await run(process.execPath, [path.join(projectRoot, "dist", "seeds", "cli.js"), ...args], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    timeout: 300_000,
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** Visits the load recorded, by step (their paths are /topology/<step>/<n>). */
async function visitsByStep(server: MariaDbServer): Promise<Map<string, number>> {
  const rows = await server.query<{ step: string; visits: number }>(
    `SELECT SUBSTRING_INDEX(SUBSTRING_INDEX(path, '/', 3), '/', -1) AS step, COUNT(*) AS visits
     FROM portal.visit WHERE path LIKE '/topology/%' GROUP BY step`,
  );
  return new Map(rows.map((row) => [String(row.step), Number(row.visits)]));
}

async function describeMachine(): Promise<string> {
  const version = async (command: string, args: string[]) => {
    const { stdout, stderr } = await run(command, args).catch(() => ({ stdout: "", stderr: "?" }));
    return `${stdout}${stderr}`.trim().split("\n")[0];
  };
  const cpus = os.cpus();
  return [
    `${os.type()} ${os.release()} (${os.arch()}), ${cpus.length} × ${cpus[0]?.model ?? "CPU"}`,
    `${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}`,
    await version("/usr/sbin/nginx", ["-v"]),
    await version("/usr/sbin/mariadbd", ["--version"]),
  ].join("; ");
}

/** deploy/RESULTS.md: the figures of one run and what they mean. */
export function resultsMarkdown(report: TopologyReport): string {
  const rows = report.steps.map((s) => {
    const statuses = Object.entries(s.statuses)
      .map(([status, count]) => `${count}× ${status === "0" ? "no answer" : status}`)
      .join(", ");
    const step = s.error ? `${s.step} **(failed: ${s.error.split("\n")[0]})**` : s.step;
    return `| ${step} | ${s.seconds} | ${s.requests} | ${s.non2xx}${statuses ? ` (${statuses})` : ""} | ${s.documented503} | ${s.mixedReleases} | ${s.visitsAcknowledged} / ${s.visitsStored} |`;
  });
  return `# Topology test results

Written by \`tests/api/topology.test.ts\` (\`deploy/topology.ts\`) on each run; this copy is the run of
${report.date}.

Machine: ${report.machine}.

Topology: a private MariaDB primary and a replica of it (binary-log replication), two gateways
(\`node dist/gateway/main.js\`, \`DATABASE_URL\` → primary, \`DATABASE_REPLICA_URLS\` → replica,
\`TRUST_PROXY=127.0.0.1\`), nginx with \`deploy/nginx.conf\` in front. Load: ${report.clients} clients on
loopback, each sending one request at a time with 25 ms pauses through nginx: gene and disease searches
(release-bound, cacheable), a GraphQL probe that names the release and counts its proteins, studies and
consensus genes, and visits (POST \`/api/stats/record-visit\`). Releases seen: ${report.releases.join(", ")}.

- *non-2xx*: answers that were not 2xx, by status (goal: none, except documented 503s with
  \`Retry-After\` while the primary is down).
- *mixed*: answers whose content is not the known content of the release they name (the probe's counts
  against that release's, a cached read's body against the body its ETag was first served with while
  nothing changed) (goal: none).
- *visits*: acknowledged (200) / stored on the primary (goal: equal; the test fails on any lost or
  duplicated visit). nginx resends a POST to the next gateway when the first fails it
  (\`non_idempotent\`), after the first may have stored it; each visit carries its own id (\`visitId\`),
  unique in the table, so a resent visit is stored once.

| step | s | requests | non-2xx | documented 503 | mixed | visits ack / stored |
| --- | ---: | ---: | --- | ---: | ---: | --- |
${rows.join("\n")}

Visits on the primary: ${report.visitsOnPrimary}; on the replica after it caught up: ${report.visitsOnReplica}.
`;
}
