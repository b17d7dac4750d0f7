import "reflect-metadata";
import { buildPortal, type Portal } from "../../gateway/app";
import { SQL_STATS_HEADER } from "../../gateway/db/query-counter";
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

/** A real gateway on a real port over a real database; tests talk to it with fetch. */
export async function startPortal(db: TestDatabase): Promise<RunningPortal> {
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
