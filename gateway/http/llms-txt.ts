import type { FastifyInstance } from "fastify";
import { ENTITY_PAGE_PREFIXES } from "../../schema/entity-address";
import { MCP_PATH } from "../mcp/register";
import { MCP_TOOLS } from "../mcp/tools";
import { DATA_ARCHIVE_PATH, DATA_PACKAGE_PATH } from "../rest/data-package";
import { requestOrigin } from "./origin";
import { SITEMAP_PATH } from "./sitemap";

/** The screens an assistant may point a reader to, with what each answers. */
const SCREENS: [path: string, title: string, what: string][] = [
  ["/", "Home", "overview of the dataset and search box"],
  [
    "/gene-search",
    "Gene search",
    "a gene's studies, diseases, mutations, OMIM, GO and SynGO records (?q=SYMBOL)",
  ],
  ["/disease-search", "Disease search", "a disease's genes, mutations and studies (?q=name or DOID)"],
  ["/paper-search", "Publication search", "a study's genes and mutations (?q=PMID or name)"],
  ["/gene-table", "Gene catalog", "every gene, filterable and sortable"],
  ["/disease-table", "Disease catalog", "every disease with gene and mutation counts"],
  ["/paper-table", "Publication catalog", "every study with gene and mutation counts"],
  ["/disease-classifications", "Disease classifications", "diseases by ICD-11 chapter (?chapter=08)"],
  [
    "/brain-region-protein-distribution",
    "Brain regions",
    "consensus proteins per brain region and compartment (?region=ID)",
  ],
  ["/synaptic-compartments", "Synaptic compartments", "genes per compartment"],
  ["/synaptopathy-history", "Synaptopathy history", "diseases and gene localizations over time"],
  ["/analyze", "Gene-list analysis", "map a gene list and test it for over-representation"],
  ["/data", "Data", "bulk CSV downloads and the data package"],
];

/** Each record's own page: its address pattern (schema/entity-address.ts), what it shows, an example. */
const RECORD_PAGES: [pattern: string, what: string][] = [
  [
    `/${ENTITY_PAGE_PREFIXES.gene}/{HGNC symbol}`,
    "a gene (e.g. /gene/DLG4); its Entrez, MGI, HGNC or Ensembl id or an alias redirects there",
  ],
  [
    `/${ENTITY_PAGE_PREFIXES.disease}/{DOID}`,
    "a disease by its Disease Ontology id (e.g. /disease/DOID:1826)",
  ],
  [
    `/${ENTITY_PAGE_PREFIXES.study}/{PMID or study name}`,
    "a study by its PubMed id, or by its name where it has no real PMID (e.g. /study/10862698)",
  ],
  [`/${ENTITY_PAGE_PREFIXES.region}/{region name}`, "a brain region, its name in lower case with hyphens"],
  [
    `/${ENTITY_PAGE_PREFIXES.chapter}/{two digits}`,
    "an ICD-11 chapter and its diseases (e.g. /icd-chapter/08)",
  ],
  [
    `/${ENTITY_PAGE_PREFIXES.compartment}/{compartment name}`,
    "a synaptic compartment (e.g. /compartment/postsynaptic)",
  ],
];

/**
 * /llms.txt (llmstxt.org): an H1, a one-paragraph summary, then sections of links, for a language
 * model reading the site. Every link answers 200; endpoints that answer only POST are named in text.
 */
export function llmsTxt(origin: string): string {
  const link = (path: string, title: string, what: string) => `- [${title}](${origin}${path}): ${what}`;
  return [
    "# Synapse proteomics and synaptopathy portal",
    "",
    "> A read-only research portal of the genes reported in synapse proteomic studies, their synaptic compartments, brain regions and species, and the diseases (synaptopathies) and mutations linked to them. Parts of the sample release are synthetic and labelled so in every answer and file.",
    "",
    "The same facts are available as web pages, a REST API, a GraphQL API, a Frictionless data package and an MCP server for research assistants. Nothing can be changed through any of them.",
    "",
    "## Screens",
    "",
    ...SCREENS.map(([path, title, what]) => link(path, title, what)),
    "",
    "## Record pages",
    "",
    "Every gene, disease, study, brain region, ICD-11 chapter and compartment has a page of its own at a stable address, with its JSON-LD (schema.org, Bioschemas) and a citation; asked with `Accept: application/ld+json`, the address answers that JSON-LD alone:",
    "",
    ...RECORD_PAGES.map(([pattern, what]) => `- ${origin}${pattern}: ${what}`),
    link(SITEMAP_PATH, "Sitemap", "every record page and screen of the current release"),
    "",
    "## APIs",
    "",
    link(
      "/api/openapi.json",
      "OpenAPI document",
      "every REST path (GET /api/...), its parameters and answers",
    ),
    link("/documentation", "API documentation", "the REST paths and CSV columns, readable"),
    link(
      "/explorer",
      "GraphQL explorer",
      "the GraphQL schema and an editor; queries go to POST or GET /graphql (depth, alias and cost limits apply)",
    ),
    "",
    "## Data package",
    "",
    link(
      DATA_PACKAGE_PATH,
      "datapackage.json",
      "Frictionless Data Package descriptor of every bulk CSV (types, units, keys, sha256)",
    ),
    link(DATA_ARCHIVE_PATH, "datapackage.zip", "the descriptor and every CSV in one archive"),
    "",
    `The home page and ${origin}/data carry the release as a schema.org Dataset in the portal's DataCatalog (JSON-LD: version, date, licence, citation, every file with its size once measured); asked with \`Accept: application/ld+json\`, they answer it alone.`,
    "",
    "## MCP tools",
    "",
    `The MCP server answers JSON-RPC over Streamable HTTP at POST ${origin}${MCP_PATH} (stateless, read-only). Its tools:`,
    "",
    ...MCP_TOOLS.map((tool) => `- ${tool.name} (${tool.title}): ${tool.description}`),
    "",
    "## Optional",
    "",
    link("/faq", "FAQ", "questions about the data and the portal"),
    link("/about", "About", "the resource, its sources and how to cite it"),
    "",
  ].join("\n");
}

export function registerLlmsTxt(app: FastifyInstance): void {
  app.get("/llms.txt", async (request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(llmsTxt(requestOrigin(request))),
  );
}
