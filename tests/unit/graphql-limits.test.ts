import { readFileSync } from "node:fs";
import path from "node:path";
import {
  buildSchema,
  type GraphQLObjectType,
  getNamedType,
  getNullableType,
  isListType,
  isObjectType,
  type OperationDefinitionNode,
  parse,
  validate,
} from "graphql";
import { describe, expect, it } from "vitest";
import { FAN_OUT } from "../../gateway/graphql/fan-out";
import { estimateQuery, limitValidationRules, QUERY_LIMITS, refusal } from "../../gateway/graphql/limits";
import {
  RelationSize,
  type ReleaseSizes,
  type SizedTable,
} from "../../gateway/services/release-size.service";
import { YEARS_IN_RANGE } from "../../schema/years";

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

describe("GraphQL cost model", () => {
  it("has every list field of the schema in the fan-out map (an unregistered one is costed as the largest table)", () => {
    const sdl = buildSchema(readFileSync(path.resolve(__dirname, "../../schema/schema.graphql"), "utf8"));
    const lists = Object.values(sdl.getTypeMap())
      .filter((type): type is GraphQLObjectType => isObjectType(type) && !type.name.startsWith("__"))
      .flatMap((type) =>
        Object.values(type.getFields())
          .filter((field) => isListType(getNullableType(field.type)))
          .map((field) => `${type.name}.${field.name}`),
      );
    expect(lists.length).toBeGreaterThan(50);
    expect(lists.filter((coordinate) => !(coordinate in FAN_OUT))).toEqual([]);
  });

  it("counts the n heaviest parents of a relation, and the heaviest again past every parent", () => {
    const size = new RelationSize(["b", "c", "a"], [5, 1, 10]);
    expect([size.rowsFor(1), size.rowsFor(2), size.rowsFor(3), size.rowsFor(5)]).toEqual([10, 15, 16, 36]);
    expect(size.average).toBeCloseTo(16 / 3);
    // The count of one parent, by its key; none for a parent without rows.
    expect([size.countOf("a"), size.countOf("b"), size.countOf("c"), size.countOf("z")]).toEqual([
      10, 5, 1, 0,
    ]);
    // Numeric keys (a gene's id) are found by number or by their own text, in numeric order.
    const byId = new Map(Array.from({ length: 1000 }, (_, i) => [String(i * 7 + 3), (i % 13) + 1]));
    const ids = new RelationSize([...byId.keys()].reverse(), [...byId.values()].reverse());
    for (const [id, rows] of byId) {
      expect(ids.countOf(Number(id))).toBe(rows);
      expect(ids.countOf(id)).toBe(rows);
    }
    expect([ids.countOf(4), ids.countOf("010"), ids.countOf("10.0"), ids.countOf(-1)]).toEqual([0, 0, 0, 0]);
    expect(ids.countOf("10")).toBe(byId.get("10"));
  });

  it("caps each parent's rows at a page size: min(page, the parent's rows)", () => {
    const size = new RelationSize(["a", "b", "c"], [10, 5, 1]);
    expect([size.rowsFor(1, 4), size.rowsFor(2, 4), size.rowsFor(3, 4), size.rowsFor(5, 4)]).toEqual([
      4, 8, 9, 17,
    ]);
    expect(size.rowsFor(3, 100)).toBe(16);
    expect(size.rowsFor(3, 0)).toBe(0);
  });

  it("costs the history charts by their years, not by the disease and paper tables (a 10x release was refused)", () => {
    const sdl = buildSchema(readFileSync(path.resolve(__dirname, "../../schema/schema.graphql"), "utf8"));
    const query = parse(`{
      diseaseHistory { isSynthetic note years { year newDiseaseCount accumulatedDiseaseCount } }
      geneLocalizationHistory { localizations years { year totalAccumulated counts { localization count } } }
    }`);
    const operation = query.definitions[0] as OperationDefinitionNode;
    // The tables of a release ten times the bundled one (36,000 diseases, 210,000 studies' rows).
    const tables = { disease: 36_000, paper: 210_000, localisation: 4 } as Record<SizedTable, number>;
    const sizes = {
      release: "10x",
      tables,
      relations: {},
      largestTable: 2_000_000,
    } as unknown as ReleaseSizes;
    const estimate = estimateQuery(sdl, operation, {}, {}, sizes);
    expect(refusal(estimate)).toBeNull();
    // Still bounded: one row per year of YEAR_RANGE, each chart.
    expect(estimate.objects).toBeLessThanOrEqual(2 + YEARS_IN_RANGE * (2 + 4));
  });

  it("bounds every connection field's page by a relation or a table (pageOf of its list)", () => {
    const sdl = buildSchema(readFileSync(path.resolve(__dirname, "../../schema/schema.graphql"), "utf8"));
    const connections = new Set(
      Object.values(sdl.getTypeMap())
        .filter((type): type is GraphQLObjectType => isObjectType(type))
        .filter((type) => type.getInterfaces().some((i) => i.name === "PagedConnection"))
        .map((type) => type.name),
    );
    const unbounded = Object.values(sdl.getTypeMap())
      .filter((type): type is GraphQLObjectType => isObjectType(type) && !type.name.startsWith("__"))
      .flatMap((type) =>
        Object.values(type.getFields())
          .filter((field) => connections.has(getNamedType(field.type).name))
          .filter((field) => {
            const connection = getNamedType(field.type) as GraphQLObjectType;
            const list = Object.keys(connection.getFields()).find((f) => f === "edges" || f === "nodes");
            const fanOut = FAN_OUT[`${connection.name}.${list}`];
            return !(fanOut && "pageOf" in fanOut && `${type.name}.${field.name}` in fanOut.pageOf);
          })
          .map((field) => `${type.name}.${field.name}`),
      );
    expect(connections.size).toBeGreaterThan(8);
    expect(unbounded).toEqual([]);
  });
});
