import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  buildSchema,
  getVariableValues,
  Kind,
  NoDeprecatedCustomRule,
  type OperationDefinitionNode,
  parse,
  validate,
} from "graphql";
import { describe, expect, it } from "vitest";
import { explorerHref, parseExplorerSearch, variablesText } from "../../web/src/lib/explorerLink";
import {
  EXAMPLES,
  exampleOperationName,
  exampleVariablesText,
  openingEditors,
} from "../../web/src/routes/explorer/examples";
import { operationToRun } from "../../web/src/routes/explorer/operationToRun";

const sdl = readFileSync(join(__dirname, "../../schema/schema.graphql"), "utf8");
const schema = buildSchema(sdl);

function operationOf(query: string): OperationDefinitionNode {
  const definitions = parse(query).definitions;
  expect(definitions).toHaveLength(1);
  const [operation] = definitions;
  if (operation?.kind !== Kind.OPERATION_DEFINITION) throw new Error("Not an operation");
  return operation;
}

describe("explorer examples", () => {
  it("offers about a dozen examples with unique ids and titles", () => {
    expect(EXAMPLES.length).toBeGreaterThanOrEqual(11);
    expect(new Set(EXAMPLES.map((e) => e.id)).size).toBe(EXAMPLES.length);
    expect(new Set(EXAMPLES.map((e) => e.title)).size).toBe(EXAMPLES.length);
  });

  it.each(EXAMPLES.map((example) => [example.id, example] as const))(
    "%s is valid against schema/schema.graphql",
    (_id, example) => {
      const errors = validate(schema, parse(example.query));
      expect(errors.map((error) => error.message)).toEqual([]);
    },
  );

  it.each(EXAMPLES.map((example) => [example.id, example] as const))(
    "%s is one named query whose variables fit its variable definitions",
    (_id, example) => {
      const operation = operationOf(example.query);
      expect(operation.operation).toBe("query");
      expect(operation.name?.value).toMatch(/^[A-Z]\w+$/);
      expect(exampleOperationName(example)).toBe(operation.name?.value);
      const declared = (operation.variableDefinitions ?? []).map((v) => v.variable.name.value).sort();
      expect(Object.keys(example.variables).sort()).toEqual(declared);
      const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], example.variables);
      expect(coerced.errors?.map((error) => error.message)).toBeUndefined();
    },
  );

  it("walks the domain graph: a gene's diseases, a chapter's studies, a region's genes, a mutation's papers", () => {
    const graph = EXAMPLES.filter((e) => e.id.startsWith("graph-"));
    expect(graph.map((e) => e.id)).toEqual([
      "graph-gene-diseases-consensus-genes",
      "graph-chapter-diseases-genes-studies",
      "graph-region-genes-by-compartment",
      "graph-mutation-disease-papers",
    ]);
  });

  it.each(EXAMPLES.map((example) => [example.id, example] as const))(
    "%s teaches the current graph, not a deprecated field it replaced",
    (_id, example) => {
      const errors = validate(schema, parse(example.query), [NoDeprecatedCustomRule]);
      expect(errors.map((error) => error.message)).toEqual([]);
    },
  );

  it("writes the variables editor text as JSON, or nothing without variables", () => {
    const withVars = EXAMPLES.find((e) => Object.keys(e.variables).length > 0)!;
    expect(JSON.parse(exampleVariablesText(withVars))).toEqual(withVars.variables);
    const without = EXAMPLES.find((e) => Object.keys(e.variables).length === 0)!;
    expect(exampleVariablesText(without)).toBe("");
  });
});

describe("explorer deep links", () => {
  it("round-trips a query and its variables through the address", () => {
    const query = "query GeneDiseases($id: Int!) {\n  gene(id: $id) {\n    id\n  }\n}";
    const href = explorerHref(query, { id: 1, q: "a+b & c" });
    expect(href.startsWith("/explorer?query=query%20GeneDiseases")).toBe(true);
    expect(href).not.toContain("+");
    const parsed = parseExplorerSearch(href.slice(href.indexOf("?")));
    expect(parsed.query).toBe(query);
    expect(JSON.parse(parsed.variables!)).toEqual({ id: 1, q: "a+b & c" });
  });

  it("leaves out empty variables and ignores blank parameters", () => {
    expect(explorerHref("{ visitStats { totalVisits } }", {})).not.toContain("variables=");
    expect(variablesText(undefined)).toBe("");
    expect(parseExplorerSearch("?query=%20&variables=")).toEqual({ query: undefined, variables: undefined });
    expect(parseExplorerSearch("")).toEqual({ query: undefined, variables: undefined });
  });
});

describe("what the explorer opens with", () => {
  it("opened cold: the first example with the variables it needs, so that Run answers", () => {
    const opening = openingEditors(parseExplorerSearch(""));
    const [first] = EXAMPLES;
    expect(opening.query).toBe(first!.query);
    expect(JSON.parse(opening.variables)).toEqual(first!.variables);
    const operation = operationOf(opening.query);
    const coerced = getVariableValues(
      schema,
      operation.variableDefinitions ?? [],
      JSON.parse(opening.variables),
    );
    expect(coerced.errors).toBeUndefined();
  });

  it("opened from a link: its query and variables, and no variables when the link has none", () => {
    const query = "query GeneDiseases($id: Int!) {\n  gene(id: $id) {\n    id\n  }\n}";
    const withVariables = explorerHref(query, { id: 1 });
    expect(openingEditors(parseExplorerSearch(withVariables.slice(withVariables.indexOf("?"))))).toEqual({
      query,
      variables: JSON.stringify({ id: 1 }, null, 2),
    });
    const without = explorerHref("{ visitStats { totalVisits } }");
    expect(openingEditors(parseExplorerSearch(without.slice(without.indexOf("?"))))).toEqual({
      query: "{ visitStats { totalVisits } }",
      variables: "",
    });
  });
});

describe("the operation the explorer runs", () => {
  it("keeps a name the document defines, replaces a stale one by the only operation, leaves the rest to the server", () => {
    const one = "query GeneCard { gene(id: 1) { humanName } }";
    const two = "query A { gene(id: 1) { id } } query B { gene(id: 2) { id } }";
    expect(operationToRun(one, "GeneCard")).toBe("GeneCard");
    expect(operationToRun(one, "PreviousExample")).toBe("GeneCard");
    expect(operationToRun(one, null)).toBe("GeneCard");
    expect(operationToRun("{ gene(id: 1) { id } }", "PreviousExample")).toBeUndefined();
    expect(operationToRun(two, "B")).toBe("B");
    expect(operationToRun(two, "C")).toBe("C");
    expect(operationToRun("query {", "Broken")).toBe("Broken");
  });
});
