import "reflect-metadata";
import { buildPortal, type Portal } from "../../gateway/app";
import { SQL_STATS_HEADER } from "../../gateway/db/query-counter";
import { DATA_PACKAGE_STATS } from "../../gateway/services/read-models/release-documents";
import type { TestDatabase } from "./databases";

interface GraphQLBody<T> {
  data?: T;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

export interface RunningPortal {
  portal: Portal;
  baseUrl: string;
  get(path: string): Promise<Response>;
  json<T = Record<string, unknown>>(path: string): Promise<{ status: number; body: T; headers: Headers }>;
  graphql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<{
    status: number;
    body: { data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] };
    headers: Headers;
  }>;
  close(): Promise<void>;
}

/**
 * A real gateway on a real port over a real database; tests talk to it with fetch. This one is the
 * file's own: use it where a test changes what others would see (rows, counters, rate limits, settings
 * read at start); read-only files use sharedPortal. It stops the shared gateways first, since such a
 * file may change the release they watch; `keepShared` is for a second gateway beside the shared one in
 * a file that changes nothing in the database (different settings read at start, say).
 */
export async function startPortal(
  db: TestDatabase,
  options: { keepShared?: boolean } = {},
): Promise<RunningPortal> {
  if (!options.keepShared) await closeSharedPortals();
  return launch(db);
}

async function launch(db: TestDatabase): Promise<RunningPortal> {
  const portal = await buildPortal({ databaseUrl: db.url, autoSeed: false, logLevel: "error" });
  await portal.app.listen({ port: 0, host: "127.0.0.1" });
  await portal.ready;
  const address = portal.app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  // Every request asks for its SQL count (x-sql-queries), which the tests use to show round trips stay flat.
  const get = (path: string) => fetch(baseUrl + path, { headers: { [SQL_STATS_HEADER]: "1" } });
  return {
    portal,
    baseUrl,
    get,
    async json<T>(path: string) {
      const response = await get(path);
      return { status: response.status, body: (await response.json()) as T, headers: response.headers };
    },
    async graphql<T>(query: string, variables?: Record<string, unknown>) {
      const response = await fetch(`${baseUrl}/graphql`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/graphql-response+json, application/json",
          [SQL_STATS_HEADER]: "1",
        },
        body: JSON.stringify({ query, variables }),
      });
      return {
        status: response.status,
        body: (await response.json()) as GraphQLBody<T>,
        headers: response.headers,
      };
    },
    // The tests are over: responses a test left unread (a CSV checked only by its headers) would hold
    // a graceful close for minutes, so their connections are dropped first.
    close: () => {
      portal.app.server.closeAllConnections();
      return portal.close();
    },
  };
}

const shared = new Map<string, Promise<RunningPortal>>();

/**
 * The gateway of this test worker over `db`, started on first use and kept for every later file:
 * each API worker runs its files without isolation (vitest.config.mts), so a release is loaded into a
 * gateway once per database and worker, not once per file. Only for files that leave no trace a
 * later file could see (they read, or count deltas of their own calls); close() leaves it running.
 * A worker takes the files that use it before the others (tests/api/sequencer.ts).
 */
export function sharedPortal(db: TestDatabase): Promise<RunningPortal> {
  return once(shared, db.url, () => launch(db)).then((api) => ({ ...api, close: async () => undefined }));
}

/**
 * The promise kept under `key`, made on first use. A failed one is not kept: the next caller tries
 * again and reports its own error.
 */
function once<T>(kept: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let promise = kept.get(key);
  if (!promise) {
    promise = make();
    promise.catch(() => kept.delete(key));
    kept.set(key, promise);
  }
  return promise;
}

/** Stop the shared gateways (a later sharedPortal starts them again). */
async function closeSharedPortals(): Promise<void> {
  const running = [...shared.values()];
  shared.clear();
  downloads.clear(); // their bytes came from these gateways' addresses
  for (const api of await Promise.allSettled(running))
    if (api.status === "fulfilled") await api.value.close();
}

export interface Download {
  status: number;
  headers: Headers;
  body: Buffer;
}
const downloads = new Map<string, Promise<Download>>();

/**
 * A large download (a bulk CSV) fetched once per run: every file that checks the same URL of the same
 * gateway reads the same bytes (the export and data package tests each read all 600,000 rows).
 */
export function downloadOnce(url: string): Promise<Download> {
  return once(downloads, url, () =>
    fetch(url).then(async (response) => ({
      status: response.status,
      headers: response.headers,
      body: Buffer.from(await response.arrayBuffer()),
    })),
  );
}

/**
 * Removes the release's stored file measurement (the data package's sizes and hashes), so the gateway
 * finds none, as on a release nobody has measured yet.
 */
export async function forgetFileMeasurement(api: RunningPortal): Promise<void> {
  const source = api.portal.dataSource;
  await source.query(`DELETE FROM ${source.driver.escape("release_document")} WHERE name = ?`, [
    DATA_PACKAGE_STATS,
  ]);
}
