import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { addTypenameToDocument } from "@apollo/client/utilities";
import { gqlPluckFromCodeStringSync } from "@graphql-tools/graphql-tag-pluck";
import {
  buildSchema,
  type DocumentNode,
  type FragmentDefinitionNode,
  Kind,
  NoDeprecatedCustomRule,
  type OperationDefinitionNode,
  parse,
  print,
  type TypeNode,
  validate,
  visit,
} from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SQL_STATS_HEADER } from "../../gateway/db/query-counter";
import { PAGE_SIZE_OPTIONS } from "../../web/src/lib/cardTabState";
import { CATALOG_PAGE_SIZES } from "../../web/src/lib/catalog";
import { AUTOCOMPLETE_LIMIT } from "../../web/src/lib/searchSuggest";
import { EXAMPLES } from "../../web/src/routes/explorer/examples";
import { testDatabases } from "./databases";
import { type RunningPortal, startPortal } from "./portal";

const root = path.resolve(__dirname, "../..");

/** Queries that multiply rows: each must be refused before it runs (400, no SQL). */
const ABUSIVE: Record<string, string> = {
  "the issue's nested unbounded lists": "{ diseaseTableAll { hdoid allGenes { id papers { pmid } } } }",
  "wide fan-out through several relations":
    "{ geneTableAll { id diseases { hdoid } papers { pmid } goAnnotations { goId } interactors { id } } }",
  "a paper's genes' GO terms": "{ paperTableAll { pmid allGenes { gene { id goAnnotations { goId } } } } }",
  "a page of 100 diseases, each with all its genes and their papers":
    "{ diseaseTable(pageSize: 100) { diseases { allGenes { id papers { pmid } } } } }",
  "fragments that multiply": `
    query Multiply { geneTableAll { ...Gene } }
    fragment Gene on Gene { interactors { ...Partner } }
    fragment Partner on Gene { id humanName interactors { id humanName } }`,
  "aliases within the limit, each a large list": `{ ${Array.from(
    { length: 12 },
    (_, i) => `a${i}: goTerm(goId: "GO:0005515") { genes { id humanName humanEntrez description } }`,
  ).join(" ")} }`,
  "the deep graph walk at the largest page on every level": `{ chapter(code: "08") {
    diseaseConnection(pageSize: 100) { nodes { geneConnection(pageSize: 100) { edges { gene {
      paperConnection(pageSize: 100) { edges { paper { geneConnection(pageSize: 100) { edges { gene {
        humanName diseaseConnection { totalCount } } } } } } } } } } } } } }`,
  "an interaction network walked three levels deep":
    "{ gene(id: 1) { interactors { interactors { interactors { id humanName description } } } } }",
};

/** The variables a screen sends, by variable name, at the largest page size the UI offers. */
const LARGEST_PAGE = Math.max(...CATALOG_PAGE_SIZES, ...PAGE_SIZE_OPTIONS);
const GENE_LIST = ["DLG4", "SHANK3", "GRIN2B", "SYNGAP1", "CAMK2A", "NRXN1", "NLGN3", "GRIA1"];
const SAMPLE_VARIABLES: Record<string, unknown> = {
  q: "DLG4",
  type: "ALL",
  limit: AUTOCOMPLETE_LIMIT,
  name: "PSD-95",
  compartment: "Synaptosome", // the largest
  frequency: null,
  regionId: 1,
  topLimit: 10,
  chapter: "08",
  page: 1,
  pageSize: LARGEST_PAGE,
  hdoid: "DOID:0014667",
  term: "",
  mode: "ALL",
  localization: null,
  id: 1,
  pmid: 10818142,
  search: "",
  sortDir: "DESC",
  consensusOnly: false,
  minStudies: null,
  symbol: "DLG4",
  code: "08",
  // A study page asks by PMID or by name, never both.
  "StudyRecord.name": null,
  "GeneCatalog.sortBy": "ID",
  "DiseaseCatalog.sortBy": "HDOID",
  "PaperCatalog.sortBy": "YEAR",
  "CompartmentProteinsPanel.sortBy": "PAPER_COUNT",
  "AnalyzeGeneListInput.input": { identifiers: GENE_LIST },
  "GeneNetworkInput.input": { identifiers: GENE_LIST },
  // The compare screen at its most: six sets, one of each kind, an intersection chosen and enriched.
  "CompareSets.sets": [
    { kind: "DISEASE", value: "DOID:0060041" },
    { kind: "ICD11_CHAPTER", value: "08" },
    { kind: "COMPARTMENT", value: "Presynaptic" },
    { kind: "COMPARTMENT", value: "Postsynaptic", consensusOnly: true },
    { kind: "BRAIN_REGION", value: "1" },
    { kind: "GENE_LIST", value: GENE_LIST.join(",") },
  ],
  selected: [0, 2],
  withSelection: true,
  background: "DATASET",
  withEnrichment: true,
};

const namedType = (type: TypeNode): string =>
  type.kind === Kind.NAMED_TYPE ? type.name.value : namedType(type.type);

/** The fragments a document spreads, and theirs in turn. */
function fragmentsUsed(document: DocumentNode, fragments: Map<string, FragmentDefinitionNode>) {
  const used = new Map<string, FragmentDefinitionNode>();
  const walk = (node: DocumentNode | FragmentDefinitionNode) =>
    visit(node, {
      FragmentSpread(spread) {
        const fragment = fragments.get(spread.name.value);
        if (!fragment || used.has(spread.name.value)) return;
        used.set(spread.name.value, fragment);
        walk(fragment);
      },
    });
  walk(document);
  return [...used.values()];
}

/**
 * Every GraphQL query the web sends, found as codegen finds them (graphql`...` documents in
 * web/src), each with the fragments it spreads, as codegen's generated document carries them.
 */
function webQueries(): { name: string; query: string; variables: Record<string, unknown> }[] {
  const files = readdirSync(path.join(root, "web/src"), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !f.startsWith(`gql${path.sep}`))
    .map((f) => path.join("web/src", f));
  const documents = files.flatMap((file) =>
    gqlPluckFromCodeStringSync(file, readFileSync(path.join(root, file), "utf8")).map((source) => ({
      file,
      // As Apollo Client sends it: __typename on every object, which the cost model counts.
      document: addTypenameToDocument(parse(source.body)),
    })),
  );
  const fragments = new Map(
    documents.flatMap(({ document }) =>
      document.definitions
        .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
        .map((d) => [d.name.value, d] as const),
    ),
  );
  const found = [];
  for (const { file, document } of documents) {
    for (const operation of document.definitions.filter(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    )) {
      if (operation.operation !== "query") continue; // the visit mutation writes; it is not a read to cost
      const name = operation.name?.value ?? file;
      const variables: Record<string, unknown> = {};
      for (const definition of operation.variableDefinitions ?? []) {
        const variable = definition.variable.name.value;
        const keys = [`${name}.${variable}`, `${namedType(definition.type)}.${variable}`, variable];
        const key = keys.find((k) => k in SAMPLE_VARIABLES);
        if (key === undefined)
          throw new Error(`${file}: add a sample value of $${variable} (${name}) to SAMPLE_VARIABLES`);
        variables[variable] = SAMPLE_VARIABLES[key];
      }
      const sent: DocumentNode = {
        kind: Kind.DOCUMENT,
        definitions: [
          operation,
          ...fragmentsUsed({ kind: Kind.DOCUMENT, definitions: [operation] }, fragments),
        ],
      };
      found.push({ name, query: print(sent), variables });
    }
  }
  return found;
}

const WEB_QUERIES = webQueries();

// Deprecated fields stay for outside users until they move; the web itself has moved.
it.each(WEB_QUERIES.map((q) => [q.name, q] as const))(
  "the web's %s reads no deprecated field",
  (_name, q) => {
    const schema = buildSchema(readFileSync(path.join(root, "schema/schema.graphql"), "utf8"));
    expect(validate(schema, parse(q.query), [NoDeprecatedCustomRule]).map((e) => e.message)).toEqual([]);
  },
);

describe.each(testDatabases)("GraphQL cost model on $kind", (db) => {
  let api: RunningPortal;
  beforeAll(async () => {
    process.env.RESPONSE_CACHE_MB = "8"; // the answer cache a hashed GET is served from (read at build)
    api = await startPortal(db);
    process.env.RESPONSE_CACHE_MB = "0";
  });
  afterAll(async () => {
    await api?.close();
  });

  it.each(Object.entries(ABUSIVE))("refuses %s before it runs", async (_label, query) => {
    const { status, body, headers } = await api.graphql(query);
    expect(status).toBe(400);
    expect(body.errors?.[0]?.extensions?.code).toBe("QUERY_TOO_EXPENSIVE");
    expect(body.errors?.[0]?.message).toMatch(/^Query is too expensive: \w+\.\w+ .*would return about/);
    expect(headers.get("x-sql-queries")).toBe("0");
  });

  it("judges one document anew when a variable that sizes it changes, and alike when another does", async () => {
    const query = `query Walk($n: Int!, $code: String!, $deep: Boolean!) { chapter(code: $code) {
      diseaseConnection(pageSize: $n) { nodes { geneConnection(pageSize: $n) { edges { gene {
        paperConnection(pageSize: $n) { edges { paper { geneConnection(pageSize: $n) @include(if: $deep) {
          edges { gene { humanName } } } } } } } } } } } } }`;
    const cases: [Record<string, unknown>, boolean][] = [
      [{ n: 2, code: "08", deep: true }, false],
      [{ n: 20, code: "08", deep: true }, true],
      [{ n: 2, code: "06", deep: true }, false],
      [{ n: 20, code: "06", deep: true }, true],
      [{ n: 20, code: "06", deep: false }, false],
      [{ n: 20, code: "08", deep: true }, true],
    ];
    for (const [variables, refused] of cases) {
      const { status, body } = await api.graphql(query, variables);
      const label = JSON.stringify(variables);
      if (refused) {
        expect(status, label).toBe(400);
        expect(body.errors?.[0]?.extensions?.code, label).toBe("QUERY_TOO_EXPENSIVE");
      } else {
        expect(body.errors ?? [], label).toEqual([]);
        expect(status, label).toBe(200);
      }
    }
  });

  it("names the list to page and the paged form to use", async () => {
    const { body } = await api.graphql(ABUSIVE["the issue's nested unbounded lists"]!);
    expect(body.errors?.[0]?.message).toMatch(
      /Gene\.papers under diseaseTableAll\.allGenes would return about [\d.]+ million rows, an answer of about \d+(\.\d)? MB \(the limit is 3 MB\); page Disease\.allGenes with Disease\.genes\(page, pageSize\)/,
    );
  });

  it("finds the web's queries in web/src", () => {
    expect(WEB_QUERIES.map((q) => q.name)).toEqual(
      expect.arrayContaining(["GeneSearch", "GeneCatalog", "DiseaseGenes", "PaperGenes", "AnalyzeGeneList"]),
    );
  });

  it.each(WEB_QUERIES.map((q) => [q.name, q] as const))(
    "accepts the web's %s with the screen's variables",
    async (_name, { query, variables }) => {
      const { status, body } = await api.graphql(query, variables);
      expect(body.errors ?? []).toEqual([]);
      expect(status).toBe(200);
    },
  );

  it.each(EXAMPLES.map((e) => [e.id, e] as const))(
    "accepts the explorer example %s",
    async (_id, example) => {
      const { status, body } = await api.graphql(example.query, example.variables);
      expect(body.errors ?? []).toEqual([]);
      expect(status).toBe(200);
    },
  );

  it("answers an automatic persisted query by hash over GET, cacheable by URL", async () => {
    const query = `{ gene(id: 2) { humanName diseasesCount } } # apq ${db.kind}`;
    const sha256Hash = createHash("sha256").update(query).digest("hex");
    const extensions = JSON.stringify({ persistedQuery: { version: 1, sha256Hash } });
    const url = `${api.baseUrl}/graphql?extensions=${encodeURIComponent(extensions)}`;
    const headers = { accept: "application/json", [SQL_STATS_HEADER]: "1" };

    // An unknown hash: the client is told to send the text.
    const unknown = await fetch(url, { headers });
    const unknownBody = (await unknown.json()) as {
      errors?: { message: string; extensions?: { code?: string } }[];
    };
    expect(unknownBody.errors?.[0]?.extensions?.code).toBe("PERSISTED_QUERY_NOT_FOUND");
    expect(unknownBody.errors?.[0]?.message).toBe("PersistedQueryNotFound");

    // Registered with its text (what Apollo Client does next).
    const registered = await fetch(`${api.baseUrl}/graphql`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ query, extensions: JSON.parse(extensions) }),
    });
    const answer = (await registered.json()) as { data?: { gene: { humanName: string } } };
    expect(answer.data?.gene.humanName).toBe("CAMK2A");

    // By hash alone: from the answer cache (no SQL), with caching headers for browsers and proxies.
    const hashed = await fetch(url, { headers });
    expect(hashed.status).toBe(200);
    expect(await hashed.json()).toEqual(answer);
    expect(hashed.headers.get("x-sql-queries")).toBe("0");
    expect(hashed.headers.get("cache-control")).toBe("public, max-age=300");
    const etag = hashed.headers.get("etag");
    expect(etag).toMatch(/^"[^"]+"$/);

    const revalidated = await fetch(url, { headers: { ...headers, "if-none-match": etag ?? "" } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("x-sql-queries")).toBe("0");
  });

  it("keeps live statistics out of the GET cache", async () => {
    const response = await fetch(
      `${api.baseUrl}/graphql?query=${encodeURIComponent("{ visitStats { totalVisits } }")}`,
    );
    expect(response.headers.get("cache-control")).not.toMatch(/public/);
    expect(response.headers.get("etag")).toBeNull();
  });
});
