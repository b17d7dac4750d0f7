import "reflect-metadata";
import Ajv from "ajv";
import { buildSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { CSV_COLUMN_DOCS } from "../../gateway/csv/column-docs";
import { portalSchema } from "../../gateway/graphql/schema";
import {
  EDGE_COLUMNS,
  ENRICHMENT_COLUMNS,
  GENE_COLUMNS,
  MAPPING_COLUMNS,
} from "../../gateway/rest/analysis.routes";
import { INTERSECTION_COLUMNS } from "../../gateway/rest/compare.routes";
import { successSchema } from "../../gateway/rest/openapi";
import {
  arrayOf,
  nullOnly,
  object,
  str,
  typeSchema,
  walkOperation,
  yesNoText,
} from "../../gateway/rest/response-schema";
import { restRoutes } from "../../gateway/rest/routes/index";
import { toJsonSchema } from "../api/openapi-json-schema";

const sdl = buildSchema(`
  enum Kind { PROTEOMIC MUTATION }
  type Gene { id: Int! symbol: String aliases: [String!]! """Where it is.""" location: String papers: [Paper!] }
  type Paper { pmid: Int! kind: Kind! year: Int }
  type Query { gene(id: Int!): Gene genes: [Gene!]! count: Float! }
  type Mutation { touch: Boolean! }
`);

const ajv = new Ajv({ allErrors: true, strict: true });
const accepts = (schema: unknown, value: unknown) => ajv.validate(toJsonSchema(schema, {}), value);

describe("walkOperation", () => {
  it("types every selected field from the GraphQL schema, nullability and descriptions included", () => {
    const op = walkOperation(
      sdl,
      "query Q($id: Int!) { gene(id: $id) { id symbol aliases location } count }",
    );
    expect(op.f("gene.id")).toEqual({ type: "integer" });
    expect(op.f("gene.symbol")).toEqual({ type: "string", nullable: true });
    expect(op.f("gene.aliases")).toEqual({ type: "array", items: { type: "string" } });
    expect(op.f("gene.location")).toEqual({ type: "string", nullable: true, description: "Where it is." });
    expect(op.f("count")).toEqual({ type: "number" });
    expect(op.at("gene").schema()).toMatchObject({
      type: "object",
      nullable: true,
      required: ["id", "symbol", "aliases", "location"],
      additionalProperties: false,
    });
  });

  it("looks through lists, reads enums, aliases and fragments, and marks @include fields optional", () => {
    const op = walkOperation(
      sdl,
      `query Q($with: Boolean!) {
        all: genes { ...G papers @include(if: $with) { pmid kind } }
      }
      fragment G on Gene { id }`,
    );
    expect(op.f("all.papers.kind")).toEqual({ type: "string", enum: ["PROTEOMIC", "MUTATION"] });
    expect(op.at("all").item()).toMatchObject({ required: ["id"], properties: { id: { type: "integer" } } });
    expect(op.at("all.papers").item().required).toEqual(["pmid", "kind"]);
    expect(accepts(op.at("all").schema(), [{ id: 1 }, { id: 2, papers: null }])).toBe(true);
    expect(accepts(op.at("all").schema(), [{ id: 1, extra: true }])).toBe(false);
  });

  it("walks mutations, and refuses an operation the schema does not accept or a path it does not select", () => {
    expect(walkOperation(sdl, "mutation M { touch }").f("touch")).toEqual({ type: "boolean" });
    expect(() => walkOperation(sdl, "query Q { gene(id: 1) { nope } }")).toThrow(/Invalid operation/);
    expect(() => walkOperation(sdl, "query Q { count }").at("gene")).toThrow(/selects no 'gene'/);
  });

  it("gives a nullable list of nullable items when GraphQL does", () => {
    const listType = buildSchema("type Query { xs: [Int] }").getQueryType()!.getFields().xs!.type;
    expect(typeSchema(listType, new Map())).toEqual({
      type: "array",
      items: { type: "integer", nullable: true },
      nullable: true,
    });
  });
});

describe("schema helpers and the envelope", () => {
  it("closes objects, converts nullable for ajv and accepts only the documented envelope", () => {
    const envelope = successSchema({
      data: arrayOf(object({ name: str, flag: yesNoText })),
      extra: { none: nullOnly },
    });
    const good = {
      success: true,
      message: "OK",
      data: [
        { name: "a", flag: null },
        { name: "b", flag: "Yes" },
      ],
      none: null,
    };
    expect(accepts(envelope, good)).toBe(true);
    expect(accepts(envelope, { ...good, more: 1 })).toBe(false);
    expect(accepts(envelope, { ...good, none: {} })).toBe(false);
    expect(accepts(envelope, { ...good, data: [{ name: "a", flag: "maybe" }] })).toBe(false);
    expect(accepts(envelope, { ...good, success: false })).toBe(false);
    expect(
      accepts(successSchema([{ data: str }, { data: arrayOf(str) }]), {
        success: true,
        message: "",
        data: ["x"],
      }),
    ).toBe(true);
  });

  it("every JSON route's schema is built from an operation the portal schema accepts", () => {
    for (const route of restRoutes) {
      const op = walkOperation(portalSchema(), route.operation);
      if (route.response !== "json") continue;
      const shapes = [route.schema(op)].flat();
      expect(shapes.length, route.path).toBeGreaterThan(0);
      for (const s of shapes) expect(s.data, route.path).toBeTypeOf("object");
    }
  });
});

describe("CSV column documentation", () => {
  it("documents every column of every CSV file the REST facade writes", () => {
    const headers = [
      ...restRoutes.flatMap((r) => (r.response === "csv" ? r.columns.map((c) => c.header) : [])),
      ...[ENRICHMENT_COLUMNS(0, 0), GENE_COLUMNS, MAPPING_COLUMNS, EDGE_COLUMNS].flat().map((c) => c.header),
      ...INTERSECTION_COLUMNS.map((c) => c.header),
    ];
    const undocumented = [...new Set(headers)].filter((h) => !CSV_COLUMN_DOCS[h]?.meaning);
    expect(undocumented).toEqual([]);
  });
});
