import type { ApolloServerPlugin } from "@apollo/server";
import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthRule } from "@escape.tech/graphql-armor-max-depth";
import {
  GraphQLError,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isListType,
  isObjectType,
  Kind,
  type ValidationContext,
  type ValidationRule,
} from "graphql";
import {
  type ComplexityEstimator,
  fieldExtensionsEstimator,
  getComplexity,
  simpleEstimator,
} from "graphql-query-complexity";

/** Limits a public API needs; an over-limit query is refused before any resolver runs. */
export const QUERY_LIMITS = { maxDepth: 10, maxAliases: 15, maxCost: 10_000 } as const;

// Report through the validation context (a normal 400 validation error) instead of throwing.
const report = {
  exposeLimits: true,
  propagateOnRejection: false,
  onReject: [
    (context: ValidationContext | null, error: GraphQLError) =>
      context?.reportError(new GraphQLError(error.message.replace(/^Syntax Error: /, ""))),
  ],
};

export const limitValidationRules: ValidationRule[] = [
  maxDepthRule({
    n: QUERY_LIMITS.maxDepth,
    ignoreIntrospection: true,
    ...report,
  }) as unknown as ValidationRule,
  maxAliasesRule({ n: QUERY_LIMITS.maxAliases, ...report }) as unknown as ValidationRule,
];

/** Rows an unpaged relation list (a gene's papers, diseases, ...) is assumed to hold. */
const TYPICAL_LIST_ROWS = 10;

/** A list of objects costs its fields per typical row; a paged field rescales that to the rows it may return. */
const rowsEstimator: ComplexityEstimator = ({ args, field, childComplexity }) => {
  const size =
    typeof args.pageSize === "number"
      ? args.pageSize
      : typeof args.limit === "number"
        ? args.limit
        : undefined;
  // The page's own row list is already costed at TYPICAL_LIST_ROWS rows: scale it to the page size asked for.
  if (size !== undefined) return 1 + childComplexity * Math.max(1, size / TYPICAL_LIST_ROWS);
  const type = getNullableType(field.type);
  if (isListType(type) && isObjectType(getNamedType(type)))
    return TYPICAL_LIST_ROWS + childComplexity * TYPICAL_LIST_ROWS;
  return undefined;
};

export function costLimitPlugin(schema: GraphQLSchema): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, operation }) {
          // Schema introspection is public and bounded by the schema itself: tools must always be able to read it.
          const fields = operation?.selectionSet.selections ?? [];
          if (
            fields.length > 0 &&
            fields.every((s) => s.kind === Kind.FIELD && s.name.value.startsWith("__"))
          )
            return;
          let cost: number;
          try {
            cost = getComplexity({
              schema,
              query: document,
              operationName: request.operationName ?? undefined,
              variables: request.variables ?? {},
              estimators: [
                fieldExtensionsEstimator(),
                rowsEstimator,
                simpleEstimator({ defaultComplexity: 1 }),
              ],
            });
          } catch (error) {
            // Variables that do not fit their types: the client's mistake (400), found here before execution.
            throw new GraphQLError((error as Error).message, {
              extensions: { code: "BAD_USER_INPUT", http: { status: 400 } },
            });
          }
          if (cost > QUERY_LIMITS.maxCost) {
            throw new GraphQLError(
              `Query is too expensive: estimated cost ${cost} exceeds the limit of ${QUERY_LIMITS.maxCost}. Ask for fewer rows or fields.`,
              {
                extensions: { code: "QUERY_TOO_EXPENSIVE", http: { status: 400 } },
              },
            );
          }
        },
      };
    },
  };
}
