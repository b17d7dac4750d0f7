import { ApolloClient, HttpLink, InMemoryCache, type NormalizedCacheObject } from "@apollo/client";
import { PersistedQueryLink } from "@apollo/client/link/persisted-queries";

/** The hex sha256 of a query's text, by Web Crypto (the hash APQ names a document by). */
async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Automatic persisted queries: a read is sent as GET /graphql?extensions={"persistedQuery":...} with
 * only its hash, so the gateway and any proxy can cache it by URL; the text is sent once (POST) when
 * the server does not know the hash. Mutations stay POST. Web Crypto exists only in secure contexts
 * (https, localhost): elsewhere queries go by plain POST.
 */
function graphqlLink() {
  const http = new HttpLink({ uri: "/graphql" });
  if (typeof crypto === "undefined" || !crypto.subtle) return http;
  return new PersistedQueryLink({ sha256, useGETForHashedQueries: true }).concat(http);
}

/**
 * The id of the `<script type="application/json">` in which the gateway sends the Apollo cache a search
 * page was rendered with (src/prerender.tsx): the browser's client starts from it.
 */
export const SERVER_CACHE_ELEMENT_ID = "apollo-state";

/**
 * The cache state the page arrived with, or undefined (a page rendered with its queries loading, or
 * rendered in the browser alone).
 */
function serverCacheState(): NormalizedCacheObject | undefined {
  if (typeof document === "undefined") return undefined;
  const text = document.getElementById(SERVER_CACHE_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as NormalizedCacheObject;
  } catch {
    return undefined; // the queries run as if the page had come without data
  }
}

/**
 * Cache policy: entities with ids are normalised (Gene by id, and the small
 * reference tables); value objects without an id stay embedded in their parent.
 * A `gene(id)` read is redirected to the normalised Gene, so a tab query finds the
 * card's gene in the cache and only fetches the fields it lacks. The server renders
 * with the same cache (src/prerender.tsx, its own subclass), so the state it sends is read the same way.
 */
export function createApolloCache(Cache: typeof InMemoryCache = InMemoryCache): InMemoryCache {
  return new Cache({
    typePolicies: {
      Query: {
        fields: {
          gene: {
            read(existing, { args, toReference }) {
              if (existing !== undefined) return existing;
              return typeof args?.id === "number"
                ? toReference({ __typename: "Gene", id: args.id })
                : undefined;
            },
          },
          // A record page's card and its tabs read the same disease or study (each its own fields):
          // their answers are merged, not one replacing the other.
          disease: { merge: true },
          paper: { merge: true },
        },
      },
      Gene: { keyFields: ["id"] },
      Species: { keyFields: ["taxid"] },
      BrainRegion: { keyFields: ["id"] },
      Localisation: { keyFields: ["id"] },
      Method: { keyFields: ["id"] },
      GeneMutation: { keyFields: ["id"] },
      SyngoAnnotation: { keyFields: ["id"] },
      // Singletons and value objects.
      DatasetRelease: { keyFields: [] },
      VisitStats: { keyFields: [] },
      GeneSearchResult: { keyFields: false },
      Pagination: { keyFields: false },
      GenePaper: { keyFields: false },
      GeneDisease: { keyFields: false },
      OmimRecord: { keyFields: false },
      GoAnnotation: { keyFields: false },
      DatasetTable: { keyFields: false },
    },
  });
}

/**
 * The browser's client. A page the gateway rendered with its data (a search address) carries the
 * cache it was rendered with: restored before the first render, the hydrating screen reads its
 * queries from it (cache-first) and draws what the server drew, without asking the network again.
 */
export function createApolloClient(): ApolloClient {
  const cache = createApolloCache();
  const state = serverCacheState();
  if (state) cache.restore(state);
  return new ApolloClient({ link: graphqlLink(), cache });
}
