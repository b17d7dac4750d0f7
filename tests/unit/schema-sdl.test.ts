import "reflect-metadata";
import { readFileSync } from "node:fs";
import path from "node:path";
import { buildSchema, type GraphQLNamedType, isObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { printPortalSdl } from "../../gateway/emit-sdl";

const committed = readFileSync(path.resolve(__dirname, "../../schema/schema.graphql"), "utf8");

describe("schema/schema.graphql", () => {
  it("matches the schema the resolvers build (run `npm run schema:emit` after changing the model)", () => {
    expect(committed).toBe(printPortalSdl());
  });

  it("describes every type and field", () => {
    const schema = buildSchema(committed);
    const undocumented: string[] = [];
    for (const type of Object.values(schema.getTypeMap()) as GraphQLNamedType[]) {
      if (
        type.name.startsWith("__") ||
        ["String", "Int", "Boolean", "Float", "ID", "Query", "Mutation"].includes(type.name)
      )
        continue;
      if (!type.description) undocumented.push(type.name);
      if (isObjectType(type))
        for (const field of Object.values(type.getFields()))
          if (!field.description) undocumented.push(`${type.name}.${field.name}`);
    }
    for (const root of [schema.getQueryType(), schema.getMutationType()]) {
      for (const field of Object.values(root?.getFields() ?? {}))
        if (!field.description) undocumented.push(`${root?.name}.${field.name}`);
    }
    expect(undocumented).toEqual([]);
  });

  it("gives every paged list its totalCount, in either shape (connection or pagination)", () => {
    const schema = buildSchema(committed);
    const pagedWithoutCount = (Object.values(schema.getTypeMap()) as GraphQLNamedType[])
      .filter(isObjectType)
      .filter((type) => {
        const fields = type.getFields();
        const paged =
          "pagination" in fields || type.getInterfaces().some((i) => i.name === "PagedConnection");
        return paged && !("totalCount" in fields);
      })
      .map((type) => type.name);
    expect(pagedWithoutCount).toEqual([]);
  });
});
