import { buildSchema, parse, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { limitValidationRules, QUERY_LIMITS } from "../../gateway/graphql/limits";

// A recursive schema: the portal's own limits must stop queries of any shape.
const schema = buildSchema("type Node { id: Int name: String child: Node } type Query { node: Node }");

const nested = (depth: number) => `{ node ${"{ child ".repeat(depth - 1)}{ id }${" }".repeat(depth - 1)} }`;

describe("GraphQL query limits", () => {
  it(`accepts a query ${QUERY_LIMITS.maxDepth} levels deep and refuses a deeper one`, () => {
    expect(validate(schema, parse(nested(QUERY_LIMITS.maxDepth - 1)), limitValidationRules)).toEqual([]);
    const errors = validate(schema, parse(nested(QUERY_LIMITS.maxDepth + 2)), limitValidationRules);
    expect(errors[0]?.message).toMatch(/depth/i);
  });

  it(`refuses more than ${QUERY_LIMITS.maxAliases} aliases`, () => {
    const aliases = (n: number) =>
      `{ ${Array.from({ length: n }, (_, i) => `a${i}: node { id }`).join(" ")} }`;
    expect(validate(schema, parse(aliases(QUERY_LIMITS.maxAliases)), limitValidationRules)).toEqual([]);
    expect(
      validate(schema, parse(aliases(QUERY_LIMITS.maxAliases + 1)), limitValidationRules)[0]?.message,
    ).toMatch(/alias/i);
  });
});
