import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Kind, type OperationDefinitionNode, parse } from "graphql";
import { LRUCache } from "lru-cache";
import { DATA_MAX_AGE_SECONDS, type ResponseCache, releaseVersion, shortHash } from "./caching";

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

/**
 * Documents registered through automatic persisted queries (APQ), by their sha256: a hashed GET
 * (`/graphql?extensions={"persistedQuery":{"sha256Hash":...}}`) is answered from the same cache entry
 * as its full text. Bounded like Apollo's own APQ store; a hash not held here goes on to Apollo.
 */
const persistedDocuments = new LRUCache<string, string>({
  maxSize: 4 * 1024 * 1024,
  sizeCalculation: (query) => query.length * 2 + 64,
});

const cacheKey = (code: string, release: string, hash: string) => `graphql:${code}-${release}-${hash}`;
const entityTag = (code: string, release: string, hash: string) =>
  `"${code}-${releaseVersion(release)}-${shortHash(`${release} ${hash}`)}"`;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The APQ hash a request names (`extensions.persistedQuery.sha256Hash`), if any. */
function persistedHash(extensions: unknown): string | null {
  let value = extensions;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const hash = (value as { persistedQuery?: { sha256Hash?: unknown } } | null)?.persistedQuery?.sha256Hash;
  return typeof hash === "string" ? hash : null;
}

/**
 * The query, variables and operation name of a GraphQL-over-HTTP request (POST body or GET query). A
 * request that registers a persisted query (text and hash) is remembered; a hashed one gets its text.
 */
function graphqlParams(request: FastifyRequest): GraphQLParams | null {
  const source = (request.method === "POST" ? request.body : request.query) as Record<string, unknown> | null;
  if (!source) return null;
  const hash = persistedHash(source.extensions);
  let query = source.query;
  if (hash && typeof query === "string") {
    if (sha256(query) === hash) persistedDocuments.set(hash, query);
  } else if (hash) query = persistedDocuments.get(hash);
  if (typeof query !== "string") return null;
  const { variables, operationName } = source;
  return {
    query,
    variables: typeof variables === "string" ? variables : JSON.stringify(variables ?? {}),
    operationName: typeof operationName === "string" ? operationName : "",
  };
}

/** What the cache needs of the operation a document runs: its kind and whether its answer is release-bound. */
interface OperationSummary {
  operation: OperationDefinitionNode["operation"] | null;
  releaseBound: boolean;
}

/**
 * Operation summaries by operation name and document: a page sends the same few documents again and
 * again, and parsing one (twice per request) was a twentieth of the disease page's CPU. Bounded by bytes.
 */
const operationSummaries = new LRUCache<string, OperationSummary>({
  maxSize: 4 * 1024 * 1024,
  sizeCalculation: (_summary, key) => key.length * 2 + 64,
});

/** The operation a document runs (by name, or its only one), summarised; operation null when none or it does not parse. */
function selectedOperation(query: string, operationName: string): OperationSummary {
  const key = `${operationName}\u0000${query}`;
  let summary = operationSummaries.get(key);
  if (!summary) {
    summary = summarise(query, operationName);
    operationSummaries.set(key, summary);
  }
  return summary;
}

function summarise(query: string, operationName: string): OperationSummary {
  let document: ReturnType<typeof parse>;
  try {
    document = parse(query, { noLocation: true });
  } catch {
    return { operation: null, releaseBound: false }; // Apollo answers the syntax error
  }
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation =
    (operationName
      ? operations.find((o) => o.name?.value === operationName)
      : operations.length === 1
        ? operations[0]
        : undefined) ?? null;
  return {
    operation: operation?.operation ?? null,
    // Every root selection a plain field that depends only on the release.
    releaseBound:
      operation?.operation === "query" &&
      operation.selectionSet.selections.every(
        (s) => s.kind === Kind.FIELD && !UNCACHEABLE_ROOT_FIELDS.has(s.name.value),
      ),
  };
}

/** A query whose every root selection is a plain field that depends only on the release. */
function isReleaseBound(query: string, operationName: string): boolean {
  return selectedOperation(query, operationName).releaseBound;
}

/** Whether a GraphQL-over-HTTP request runs a query (reads only: safe to run again), not a mutation. */
export function isGraphqlQuery(request: FastifyRequest): boolean {
  const params = graphqlParams(request);
  return params !== null && selectedOperation(params.query, params.operationName).operation === "query";
}

/**
 * The data changes only with a release, so a GraphQL query's answer is kept under the code version,
 * the release, the Accept header (the media type Apollo chose), the document and its variables. A
 * repeat is sent as the same bytes before Apollo runs: no parsing, validation, resolvers or SQL. Only
 * error-free 200 answers of release-bound queries are kept, in the REST cache's memory budget.
 * Register before compression, so the answer is seen as the text Apollo wrote.
 *
 * A GET of a release-bound query (by its text or its APQ hash) is cacheable by URL like a REST GET:
 * an ETag (code version, release and the answer's cache key) and `Cache-Control: public`, and a
 * matching If-None-Match is a 304 before Apollo runs. A fresh answer is kept under the release it was
 * read from (request.servedRelease, see ReleaseWatcher.withinOneRelease), which is newer than the one
 * known on arrival when a switch happened meanwhile.
 */
export function registerGraphqlAnswerCache(
  app: FastifyInstance,
  versions: () => { code: string; dataset: string | null },
  cache: ResponseCache,
): void {
  /** The answer's hash and the release known on arrival, per request whose answer may be kept. */
  const pending = new WeakMap<object, { hash: string; release: string }>();
  const cacheHeaders = (reply: FastifyReply, tag: string) =>
    reply
      .header("etag", tag)
      .header("cache-control", `public, max-age=${DATA_MAX_AGE_SECONDS}`)
      .header("vary", "accept");
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
    const key = cacheKey(code, dataset, hash);
    const tag = request.method === "GET" ? entityTag(code, dataset, hash) : null;
    const hit = cache.get(key);
    if (hit !== undefined) {
      if (tag) {
        cacheHeaders(reply, tag);
        const match = request.headers["if-none-match"];
        if (match?.split(",").some((t) => t.trim().replace(/^W\//, "") === tag))
          return reply.code(304).send();
      }
      const split = hit.indexOf("\n");
      return reply.type(hit.slice(0, split)).send(hit.slice(split + 1));
    }
    if (isReleaseBound(params.query, params.operationName)) pending.set(request, { hash, release: dataset });
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    const answer = pending.get(request);
    // Apollo writes errors before data, so an answer that starts with data has none.
    if (answer && reply.statusCode === 200 && typeof payload === "string" && payload.startsWith('{"data":')) {
      const { code } = versions();
      const release = request.servedRelease ?? answer.release;
      cache.set(cacheKey(code, release, answer.hash), `${reply.getHeader("content-type")}\n${payload}`);
      if (request.method === "GET") cacheHeaders(reply, entityTag(code, release, answer.hash));
    }
    done(null, payload);
  });
}
