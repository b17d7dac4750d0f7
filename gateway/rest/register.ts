import type { ApolloServer } from "@apollo/server";
import type { FastifyInstance } from "fastify";
import { Kind, parse } from "graphql";
import type { OpenAPIV3 } from "openapi-types";
import { csvFileName, csvStream, sendCsv } from "../csv/csv-writer";
import { GENERIC_ERROR_MESSAGE } from "../errors";
import { createContext, type PortalContext } from "../graphql/context";
import { portalSchema } from "../graphql/schema";
import { markDatabaseUnavailable } from "../http/resilience";
import { WRITE_RATE_LIMIT } from "../http/security";
import type { Services } from "../services";
import { codeVersion } from "../version";
import { analysisOpenApiPaths, registerAnalysisRoutes } from "./analysis.routes";
import { compareOpenApiPaths, registerCompareRoutes } from "./compare.routes";
import {
  DATA_PACKAGE_RELEASE_OPERATION,
  dataPackageOpenApiPaths,
  type ExportCsv,
  registerDataPackageRoutes,
} from "./data-package";
import { envelope, sendError } from "./envelope";
import { openApiDocument } from "./openapi";
import { parseParams } from "./params";
import type { CsvRoute, GraphQLData, RunOperation } from "./route-table";
import { restRoutes } from "./routes/index";

/** The served document: the route table plus the list-taking routes registered beside it (analysis, networks). */
export function fullOpenApiDocument(release: string | null): OpenAPIV3.Document {
  const schema = portalSchema();
  const document = openApiDocument(restRoutes, { version: codeVersion, datasetVersion: release }, schema);
  return {
    ...document,
    tags: [
      ...(document.tags ?? []),
      { name: "Analysis" },
      { name: "Data package", description: "The bulk CSV files as one Frictionless Data Package." },
    ],
    paths: {
      ...document.paths,
      ...analysisOpenApiPaths(schema),
      ...compareOpenApiPaths(schema),
      ...dataPackageOpenApiPaths(),
    },
  };
}

const statusOfCode: Record<string, number> = {
  BAD_USER_INPUT: 400,
  NOT_FOUND: 404,
  QUERY_TOO_EXPENSIVE: 400,
};

const mutationDocuments = new Map<string, boolean>();
/** Whether a route's operation writes (runs once) rather than reads; the table's documents are few. */
function isMutation(operation: string): boolean {
  let writes = mutationDocuments.get(operation);
  if (writes === undefined) {
    writes = parse(operation).definitions.some(
      (d) => d.kind === Kind.OPERATION_DEFINITION && d.operation === "mutation",
    );
    mutationDocuments.set(operation, writes);
  }
  return writes;
}

/** What a REST client reads when GraphQL itself refused the operation's variables (the facade checks them first). */
export const INVALID_PARAMETER_MESSAGE = "Invalid parameter value";

/** Every documented REST path: parse parameters, run the route's GraphQL operation in-process, map the result. */
export function registerRestRoutes(
  app: FastifyInstance,
  apollo: ApolloServer<PortalContext>,
  services: Services,
  /** The loaded release's version, held in memory by the gateway (no query per download). */
  datasetVersion: () => string | null,
): void {
  // Built once per loaded release: walking every route's operation takes a few milliseconds each.
  let served: { release: string | null; document: OpenAPIV3.Document } | null = null;
  app.get("/api/openapi.json", async () => {
    const release = datasetVersion();
    if (served?.release !== release) served = { release, document: fullOpenApiDocument(release) };
    return served.document;
  });
  /**
   * Run one named operation in-process, with a fresh request context (its own loaders). A query is
   * answered from one release (run again, with fresh loaders, when a switch fell under it).
   */
  const run: RunOperation = async (operation, variables, request) => {
    const markUnavailable = request ? () => markDatabaseUnavailable(request) : undefined;
    const execute = () =>
      apollo.executeOperation(
        { query: operation, variables },
        { contextValue: { ...createContext(services, undefined, markUnavailable), serverOperation: true } },
      );
    let response: Awaited<ReturnType<typeof execute>>;
    let release: string | null = null;
    if (isMutation(operation)) response = await execute();
    else {
      const read = await services.releases.withinOneRelease(execute);
      response = read.value;
      release = read.release;
      if (request && read.release) request.servedRelease = read.release;
    }
    if (response.body.kind !== "single") return { ok: false, status: 500, message: GENERIC_ERROR_MESSAGE };
    const { data, errors } = response.body.singleResult;
    if (errors && errors.length > 0) {
      const first = errors[0]!;
      const status = statusOfCode[String(first.extensions?.code)] ?? 500;
      if (status === 500) return { ok: false, status, message: GENERIC_ERROR_MESSAGE };
      // A resolver's or the cost check's message is the portal's own wording; GraphQL's own validation
      // text (variable coercion, 'Variable "$id" got invalid value ...') never reaches a REST client.
      const portalWording = first.path !== undefined || first.extensions?.code === "QUERY_TOO_EXPENSIVE";
      return { ok: false, status, message: portalWording ? first.message : INVALID_PARAMETER_MESSAGE };
    }
    return { ok: true, data: (data ?? {}) as GraphQLData, release };
  };
  /**
   * A long export, chunk by chunk, so memory stays flat: the next chunk is asked for as soon as this
   * one's cursor is known, and read from the database while this one's rows are written (two chunks
   * at most are held).
   */
  async function* allChunks(route: CsvRoute, first: GraphQLData): AsyncGenerator<GraphQLData> {
    let data = first;
    for (;;) {
      const next = route.nextVariables?.(data);
      const pending = next ? run(route.operation, next) : null;
      // A client that leaves mid-chunk never awaits it: its failure must not go unhandled.
      pending?.catch(() => undefined);
      yield* route.rows(data);
      if (!pending) return;
      const outcome = await pending;
      if (!outcome.ok) throw new Error(outcome.message);
      data = outcome.data;
    }
  }
  registerAnalysisRoutes(app, run, datasetVersion);
  registerCompareRoutes(app, run, datasetVersion);
  /** The CSV a bulk export's path serves, byte for byte, with its data rows counted as they pass. */
  const exportCsv: ExportCsv = async (name) => {
    const route = restRoutes.find((r): r is CsvRoute => r.response === "csv" && r.path === `/api/${name}`);
    if (!route) throw new Error(`No CSV path /api/${name}`);
    const outcome = await run(route.operation, route.variables({}));
    if (!outcome.ok) throw new Error(outcome.message);
    let rows = 0;
    async function* counted() {
      for await (const row of allChunks(route!, outcome.ok ? outcome.data : {})) {
        rows += 1;
        yield row;
      }
    }
    return { stream: csvStream(route.columns, counted()), rows: () => rows };
  };
  registerDataPackageRoutes(app, {
    exportCsv,
    // Read when a request comes: the services are created once the database is open.
    stored: {
      read: (key) => services.dataPackageStats.read(key),
      write: (key, stats) => services.dataPackageStats.write(key, stats),
    },
    // The key of the release the answer was read from (its derived data's build included), as the
    // release watcher names it: the measurement is stored and read under it.
    release: async () => {
      const outcome = await run(DATA_PACKAGE_RELEASE_OPERATION, {});
      if (!outcome.ok) throw new Error(outcome.message);
      const release = outcome.data.datasetRelease;
      return release && outcome.release ? { key: outcome.release, release } : null;
    },
  });
  for (const route of restRoutes) {
    app.route({
      method: route.method,
      url: route.path,
      // Writes are limited per client; reads never are.
      config: route.method === "POST" ? { rateLimit: WRITE_RATE_LIMIT } : {},
      handler: async (request, reply) => {
        let params: ReturnType<typeof parseParams>;
        try {
          params = parseParams(route.params, {
            path: request.params as Record<string, unknown>,
            query: request.query as Record<string, unknown>,
            body: (typeof request.body === "object" && request.body !== null ? request.body : {}) as Record<
              string,
              unknown
            >,
          });
        } catch (error) {
          return sendError(reply, 400, (error as Error).message);
        }
        const refused = route.check?.(params);
        if (refused) return sendError(reply, 400, refused);
        const outcome = await run(route.operation, route.variables(params), request);
        if (!outcome.ok) return sendError(reply, outcome.status, outcome.message);
        const result = outcome.data;
        if (route.notFound?.when(result)) return sendError(reply, 404, route.notFound.message);
        if (route.response === "json") {
          const mapped = route.map(result, params);
          return reply.send(envelope(mapped.data, mapped.message ?? "OK", mapped.extra));
        }
        const version = datasetVersion() ?? "unknown";
        return sendCsv(
          reply,
          csvFileName(route.fileName(result, params), version),
          route.columns,
          route.nextVariables ? allChunks(route, result) : route.rows(result),
        );
      },
    });
  }
}
