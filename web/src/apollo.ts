import { ApolloClient, HttpLink, InMemoryCache } from "@apollo/client";

/**
 * Cache policy: entities with ids are normalised (Gene by id, and the small
 * reference tables); value objects without an id stay embedded in their parent.
 * A `gene(id)` read is redirected to the normalised Gene, so a tab query finds the
 * card's gene in the cache and only fetches the fields it lacks.
 */
export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({ uri: "/graphql" }),
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
        MutationRecord: { keyFields: ["id"] },
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
