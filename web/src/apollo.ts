import { ApolloClient, HttpLink, InMemoryCache } from "@apollo/client";
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
 * Cache policy: entities with ids are normalised (Gene by id, and the small
 * reference tables); value objects without an id stay embedded in their parent.
 * A `gene(id)` read is redirected to the normalised Gene, so a tab query finds the
 * card's gene in the cache and only fetches the fields it lacks.
 */
export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: graphqlLink(),
    cache: new InMemoryCache({
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
    }),
  });
}
