/**
 * The GraphQL enum name of a stored value the screens keep in their URLs and REST links (HumanName,
 * non-consensus, asc): the value in UPPER_SNAKE case, as the server's enums name them (schema/list-enums.ts,
 * DisplayMode in schema/graph.type.ts).
 */
export function graphqlEnum<T extends string>(value: string): T {
  return value
    .replace(/([a-z])([A-Z])/g, "$1_$2")
    .replace(/-/g, "_")
    .toUpperCase() as T;
}
