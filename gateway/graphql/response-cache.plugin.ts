import { createHash } from "node:crypto";
import { type ApolloServerPlugin, type BaseContext, HeaderMap } from "@apollo/server";
import { Kind, type OperationDefinitionNode } from "graphql";
import type { ResponseCache } from "../http/caching";

/**
 * Root fields whose answer is not fixed by the dataset release: live statistics, the external
 * protein lookup (a timeout must not be remembered) and the bulk exports (streamed, too large).
 */
const UNCACHEABLE_ROOT_FIELDS = new Set([
  "apiUsage",
  "visitStats",
  "databaseSchema", // row counts include the visit and counter tables
  "proteinLookup",
  "bulkExport",
]);

/** A query whose every root selection is a plain field that depends only on the release. */
function isReleaseBound(operation: OperationDefinitionNode | undefined): boolean {
  if (operation?.operation !== "query") return false;
  return operation.selectionSet.selections.every(
    (s) => s.kind === Kind.FIELD && !UNCACHEABLE_ROOT_FIELDS.has(s.name.value),
  );
}

/**
 * The data changes only with a release, so a query's answer is remembered under the code version,
 * the release, the document and its variables: a repeated gene page or search costs no SQL. It
 * shares the REST GET cache's memory budget (RESPONSE_CACHE_MB); only answers without errors are kept.
 */
export function responseCachePlugin(
  cache: ResponseCache,
  versions: () => { code: string; dataset: string | null },
): ApolloServerPlugin<BaseContext> {
  return {
    async requestDidStart() {
      let key: string | null = null;
      return {
        async responseForOperation({ operation, request }) {
          const { code, dataset } = versions();
          if (!dataset || !isReleaseBound(operation) || !request.query) return null;
          const hash = createHash("sha1")
            .update(request.query)
            .update("\0")
            .update(JSON.stringify(request.variables ?? {}))
            .update("\0")
            .update(request.operationName ?? "")
            .digest("base64url");
          key = `graphql:${code}-${dataset}-${hash}`;
          const cached = cache.get(key);
          if (cached === undefined) return null;
          key = null; // already stored
          return { http: { status: undefined, headers: new HeaderMap() }, body: JSON.parse(cached) };
        },
        async willSendResponse({ response }) {
          if (!key || response.body.kind !== "single") return;
          const result = response.body.singleResult;
          if (result.errors === undefined && result.data) cache.set(key, JSON.stringify(response.body));
        },
      };
    },
  };
}
