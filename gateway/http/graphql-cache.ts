import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Kind, type OperationDefinitionNode, parse } from "graphql";
import type { ResponseCache } from "./caching";

/**
 * Root fields whose answer is not fixed by the dataset release: live statistics (databaseSchema's row
 * counts include the visit and counter tables), the external protein lookup (a timeout must not be
 * remembered) and the bulk exports (streamed, too large).
 */
const UNCACHEABLE_ROOT_FIELDS = new Set([
  "apiUsage",
  "visitStats",
  "databaseSchema",
  "proteinLookup",
  "bulkExport",
]);

interface GraphQLParams {
  query: string;
  variables: string;
  operationName: string;
}

/** The query, variables and operation name of a GraphQL-over-HTTP request (POST body or GET query). */
function graphqlParams(request: FastifyRequest): GraphQLParams | null {
  const source = (request.method === "POST" ? request.body : request.query) as Record<string, unknown> | null;
  if (!source || typeof source.query !== "string") return null;
  const { variables, operationName } = source;
  return {
    query: source.query,
    variables: typeof variables === "string" ? variables : JSON.stringify(variables ?? {}),
    operationName: typeof operationName === "string" ? operationName : "",
  };
}

/** A query whose every root selection is a plain field that depends only on the release. */
function isReleaseBound(query: string, operationName: string): boolean {
  let document: ReturnType<typeof parse>;
  try {
    document = parse(query, { noLocation: true });
  } catch {
    return false; // Apollo answers the syntax error
  }
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation = operationName
    ? operations.find((o) => o.name?.value === operationName)
    : operations.length === 1
      ? operations[0]
      : undefined;
  if (operation?.operation !== "query") return false;
  return operation.selectionSet.selections.every(
    (s) => s.kind === Kind.FIELD && !UNCACHEABLE_ROOT_FIELDS.has(s.name.value),
  );
}

/**
 * The data changes only with a release, so a GraphQL query's answer is kept under the code version,
 * the release, the Accept header (the media type Apollo chose), the document and its variables. A
 * repeat is sent as the same bytes before Apollo runs: no parsing, validation, resolvers or SQL. Only
 * error-free 200 answers of release-bound queries are kept, in the REST cache's memory budget.
 * Register before compression, so the answer is seen as the text Apollo wrote.
 */
export function registerGraphqlAnswerCache(
  app: FastifyInstance,
  versions: () => { code: string; dataset: string | null },
  cache: ResponseCache,
): void {
  const keys = new WeakMap<object, string>();
  app.addHook("preHandler", async (request, reply) => {
    if (request.routeOptions.url !== "/graphql") return;
    const params = graphqlParams(request);
    const { code, dataset } = versions();
    if (!params || !dataset) return;
    const hash = createHash("sha1")
      .update(
        JSON.stringify([request.headers.accept ?? "", params.query, params.variables, params.operationName]),
      )
      .digest("base64url");
    const key = `graphql:${code}-${dataset}-${hash}`;
    const hit = cache.get(key);
    if (hit !== undefined) {
      const split = hit.indexOf("\n");
      return reply.type(hit.slice(0, split)).send(hit.slice(split + 1));
    }
    if (isReleaseBound(params.query, params.operationName)) keys.set(request, key);
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    const key = keys.get(request);
    // Apollo writes errors before data, so an answer that starts with data has none.
    if (key && reply.statusCode === 200 && typeof payload === "string" && payload.startsWith('{"data":')) {
      cache.set(key, `${reply.getHeader("content-type")}\n${payload}`);
    }
    done(null, payload);
  });
}
