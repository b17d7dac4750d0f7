import { readFileSync } from "node:fs";
import path from "node:path";
import type { ApolloServer } from "@apollo/server";
import type { FastifyInstance } from "fastify";
import { csvFileName, sendCsv } from "../csv/csv-writer";
import { projectRoot } from "../db/data-source";
import { GENERIC_ERROR_MESSAGE } from "../errors";
import { createContext, type PortalContext } from "../graphql/context";
import type { Services } from "../services";
import { envelope, sendError } from "./envelope";
import { openApiDocument } from "./openapi";
import { parseParams } from "./params";
import type { GraphQLData } from "./route-table";
import { restRoutes } from "./routes/index";

const packageVersion: string = (
  JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8")) as { version: string }
).version;

const statusOfCode: Record<string, number> = { BAD_USER_INPUT: 400, NOT_FOUND: 404 };

/** Every documented REST path: parse parameters, run the route's GraphQL operation in-process, map the result. */
export function registerRestRoutes(
  app: FastifyInstance,
  apollo: ApolloServer<PortalContext>,
  services: Services,
): void {
  app.get("/api/openapi.json", async () =>
    openApiDocument(restRoutes, {
      version: packageVersion,
      datasetVersion: (await services.reference.datasetRelease())?.version ?? null,
    }),
  );
  for (const route of restRoutes) {
    app.route({
      method: route.method,
      url: route.path,
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
        const response = await apollo.executeOperation(
          { query: route.operation, variables: route.variables(params) },
          { contextValue: createContext(services) },
        );
        if (response.body.kind !== "single") return sendError(reply, 500, GENERIC_ERROR_MESSAGE);
        const { data, errors } = response.body.singleResult;
        if (errors && errors.length > 0) {
          const first = errors[0]!;
          const status = statusOfCode[String(first.extensions?.code)] ?? 500;
          return sendError(reply, status, status === 500 ? GENERIC_ERROR_MESSAGE : first.message);
        }
        const result = (data ?? {}) as GraphQLData;
        if (route.notFound?.when(result)) return sendError(reply, 404, route.notFound.message);
        if (route.response === "json") {
          const mapped = route.map(result, params);
          return reply.send(envelope(mapped.data, mapped.message ?? "OK", mapped.extra));
        }
        const version = (await services.reference.datasetRelease())?.version ?? "unknown";
        return sendCsv(
          reply,
          csvFileName(route.fileName(result, params), version),
          route.columns,
          route.rows(result),
        );
      },
    });
  }
}
