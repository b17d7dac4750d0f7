import { deflateRawSync } from "node:zlib";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import {
  COMPARE_SET_KINDS,
  type CompareAddressSet,
  type CompareSetKey,
  compareSetsAddress,
} from "../../schema/compare-address";
import { diseaseAddress, geneAddress, studyPmidAddress } from "../../schema/entity-address";
import { MAX_ANALYSIS_IDENTIFIERS } from "../analysis/identifiers";

/**
 * The assistant tools: the portal's own questions, each answered by the portal's own GraphQL
 * operations (the same schema, validation and cost limits as /graphql), as compact JSON with links
 * back to the portal's pages.
 */

// biome-ignore lint/suspicious/noExplicitAny: GraphQL results are typed per operation by the mapping code
type Data = Record<string, any>;

/** Runs one GraphQL operation as /graphql would; a refused or failed one throws its client-facing message. */
export type RunGraphql = (operation: string, variables: Record<string, unknown>) => Promise<Data>;

/** A tool's failure the assistant should read (unknown id, bad input): an error result, not a crash. */
class ToolError extends Error {}

/** Rows of a relation listed in an answer; the count says how many there are in all. */
const LIST_LIMIT = 25;

const GENE_SUMMARY = "id humanName description isConsensus paperCount diseasesCount";

export const MCP_OPERATIONS = {
  searchGenes: `query McpSearchGenes($q: String!, $page: Int!) {
    geneSearch(q: $q, page: $page, pageSize: 10) {
      pagination { page totalPages total }
      genes { ${GENE_SUMMARY} }
      matches { geneId match }
    }
  }`,
  searchDiseases: `query McpSearchDiseases($q: String!, $page: Int!) {
    diseaseSearch(q: $q, page: $page, pageSize: 10) {
      pagination { page totalPages total }
      diseases { hdoid description icd11Chapter geneCount consensusGeneCount mutationCount }
    }
  }`,
  searchStudies: `query McpSearchStudies($q: String!, $page: Int!) {
    paperSearch(q: $q, page: $page, pageSize: 10) {
      pagination { page totalPages total }
      papers { pmid name year title kind localisation isSynthetic geneCount mutationCount }
    }
  }`,
  gene: `query McpGene($id: Int!) {
    gene(id: $id) {
      ${GENE_SUMMARY} humanEntrez mouseEntrez mouseName mgi hgncId ensemblId uniprotId aliases
      chromosomeLocation mutationsCount interactorCount
      compartments { name }
      brainRegions { id name }
      diseases { hdoid description source }
      papers { pmid name year isSynthetic localisation { name } brainRegion { name } species { name } }
      interactors { id humanName }
    }
  }`,
  disease: `query McpDisease($hdoid: String!, $size: Int!) {
    disease(hdoid: $hdoid) {
      hdoid description definition icd11Chapter omimIds icdCodes
      geneCount consensusGeneCount consensusPercentage mutationCount paperCount
      genes(page: 1, pageSize: $size) { genes { id humanName isConsensus paperCount } }
      papers(page: 1, pageSize: $size) { papers { pmid name year } }
    }
  }`,
  study: `query McpStudy($pmid: Int!, $size: Int!) {
    paper(pmid: $pmid) {
      pmid name year title description kind localisation isSynthetic syntheticFields
      geneCount consensusGeneCount mutationCount availableLocalizations
      genes(page: 1, pageSize: $size) {
        pagination { total }
        genes { gene { id humanName } isConsensus isSynthetic localisation { name } brainRegion { name } species { name } }
      }
    }
  }`,
  chapter: `query McpChapter($chapter: String!) {
    icd11Chapter(chapter: $chapter) {
      chapter name description diseaseCount geneCount
      diseases { hdoid name geneCount genes { gene { humanName } } }
    }
  }`,
  region: `query McpRegion {
    brainRegions { id name description interlexId parentId }
    brainRegionDistribution(topLimit: 10) {
      regions {
        region { id }
        distinctProteinCount paperCount
        compartments { name proteinCount paperCount topProteins { symbol paperCount } }
      }
    }
  }`,
  analyze: `query McpAnalyzeGeneList($input: AnalyzeGeneListInput!) {
    analyzeGeneList(input: $input) {
      inputCount unmapped
      mapped { identifier symbol }
      ambiguous { identifier candidates { symbol } }
      background { kind size listInBackground }
      enrichment { category termId termName overlap termSize foldEnrichment pValue fdr genes includesSyntheticData }
    }
  }`,
  compare: `query McpCompareSets($sets: [CompareSetInput!]!) {
    compareSets(sets: $sets) {
      unionSize unmapped
      sets { index kind value label consensusOnly size unmapped }
      intersections { sets exclusiveSize symbols }
    }
  }`,
} as const;

/** Links to the portal's pages, absolute from the origin the request came to. */
export function portalLinks(origin: string) {
  const at = (path: string) => `${origin}${path}`;
  return {
    // A record's own page (schema/entity-address.ts); a study's by PMID, which the gateway sends on to
    // the study's name when the PMID is a placeholder.
    gene: (symbol: string) => at(geneAddress(symbol)),
    disease: (hdoid: string) => at(diseaseAddress(hdoid)),
    study: (pmid: number) => at(studyPmidAddress(pmid)),
    chapter: (chapter: string) => at(`/disease-classifications?chapter=${encodeURIComponent(chapter)}`),
    region: (id: number) => at(`/brain-region-protein-distribution?region=${id}`),
    /** The analysis page's permalink: the list deflated into the fragment, as the page itself writes it. */
    analysis: (identifiers: string[], background: string) =>
      at(
        `/analyze#list=${deflateRawSync(Buffer.from(identifiers.join("\n"))).toString("base64url")}&bg=${background}`,
      ),
    /** The compare page's address as the page writes it (schema/compare-address.ts). */
    compare: (sets: CompareAddressSet[]) => {
      const { params, hash } = compareSetsAddress(sets);
      return at(`/compare?${params.toString()}${hash}`);
    },
  };
}

const json = (value: unknown): CallToolResult => ({
  content: [{ type: "text", text: JSON.stringify(value) }],
});

/** Runs a tool body; a ToolError or a refused operation becomes an error result the assistant can read. */
async function answer(body: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return json(await body());
  } catch (error) {
    const message = error instanceof Error ? error.message : "An error occurred";
    return { isError: true, content: [{ type: "text", text: message }] };
  }
}

const first = <T>(rows: T[]) => rows.slice(0, LIST_LIMIT);
const unique = <T>(rows: T[], key: (row: T) => string | number) => [
  ...new Map(rows.map((row) => [key(row), row])).values(),
];

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const query = z.string().min(1).max(200).describe("Search term");
const page = z.number().int().min(1).max(1000).default(1).describe("Result page (10 per page)");

export const MCP_TOOLS = {
  search_genes: {
    title: "Search genes",
    description:
      "Find synaptic genes by symbol, alias, protein name, Entrez or MGI id. Returns GeneIDs (for get_gene), study counts and the consensus flag (reported in 5+ studies).",
  },
  search_diseases: {
    title: "Search diseases",
    description:
      "Find diseases (Human Disease Ontology) by DOID or words of the name or definition, with their synaptic gene and mutation counts.",
  },
  search_studies: {
    title: "Search studies",
    description:
      "Find synapse proteomic and mutation studies by PubMed id, author, title or year, with their gene and mutation counts.",
  },
  get_gene: {
    title: "Get a gene",
    description:
      "One gene with its identifiers and relations: compartments, brain regions, diseases, studies and interactors. Give its GeneID (from search_genes) or its exact human symbol.",
  },
  get_disease: {
    title: "Get a disease",
    description:
      "One disease (by DOID, e.g. DOID:0060041 for autism spectrum disorder) with its counts, its ICD-11 chapter, and its first genes and studies.",
  },
  get_study: {
    title: "Get a study",
    description:
      "One study (by PubMed id) with its method context, compartments, gene and mutation counts and its first gene rows (gene × compartment × brain region × species).",
  },
  get_chapter: {
    title: "Get an ICD-11 chapter",
    description:
      "One ICD-11 chapter (two digits, e.g. 08 for diseases of the nervous system) with its diseases and their synaptic genes.",
  },
  get_region: {
    title: "Get a brain region",
    description:
      "One brain region (by id, or exact name such as Hippocampus) with its parent and child regions, and per synaptic compartment its consensus proteins, studies and top proteins.",
  },
  analyze_gene_list: {
    title: "Analyse a gene list",
    description:
      "Map a gene list (symbols, aliases, Entrez, MGI, UniProt or Ensembl ids) to the dataset and test compartments, brain regions, diseases, ICD-11 chapters, GO and SynGO terms for over-representation (hypergeometric test, Benjamini–Hochberg FDR). Returns the mapping and the most significant terms.",
  },
  compare_sets: {
    title: "Compare gene sets",
    description:
      "Overlap 2 to 6 gene sets, each a disease (DOID or exact name), an ICD-11 chapter (e.g. 08), a compartment (e.g. Presynaptic), a brain region (id or name), a study (PubMed id) or a gene list. Returns each set's size and every non-empty exclusive intersection (the genes in exactly those sets), largest first.",
  },
} as const;

export const MCP_TOOL_NAMES = Object.keys(MCP_TOOLS) as (keyof typeof MCP_TOOLS)[];

/** Registers every tool on a server built for one request (its GraphQL runner and origin). */
export function registerPortalTools(server: McpServer, run: RunGraphql, origin: string): void {
  const link = portalLinks(origin);
  const geneRow = (g: Data) => ({
    id: g.id,
    symbol: g.humanName,
    name: g.description,
    consensus: g.isConsensus,
    studies: g.paperCount,
    diseases: g.diseasesCount,
    url: link.gene(g.humanName),
  });

  server.registerTool(
    "search_genes",
    {
      ...MCP_TOOLS.search_genes,
      inputSchema: { query, page },
      annotations: readOnly,
    },
    ({ query: q, page: p }) =>
      answer(async () => {
        const { geneSearch } = await run(MCP_OPERATIONS.searchGenes, { q, page: p });
        return {
          total: geneSearch.pagination.total,
          page: geneSearch.pagination.page,
          pages: geneSearch.pagination.totalPages,
          genes: geneSearch.genes.map((g: Data, i: number) => ({
            ...geneRow(g),
            match: geneSearch.matches[i]?.match,
          })),
        };
      }),
  );

  server.registerTool(
    "search_diseases",
    {
      ...MCP_TOOLS.search_diseases,
      inputSchema: { query, page },
      annotations: readOnly,
    },
    ({ query: q, page: p }) =>
      answer(async () => {
        const { diseaseSearch } = await run(MCP_OPERATIONS.searchDiseases, { q, page: p });
        return {
          total: diseaseSearch.pagination.total,
          page: diseaseSearch.pagination.page,
          pages: diseaseSearch.pagination.totalPages,
          diseases: diseaseSearch.diseases.map((d: Data) => ({
            hdoid: d.hdoid,
            name: d.description,
            icd11Chapter: d.icd11Chapter,
            genes: d.geneCount,
            consensusGenes: d.consensusGeneCount,
            mutations: d.mutationCount,
            url: link.disease(d.hdoid),
          })),
        };
      }),
  );

  server.registerTool(
    "search_studies",
    {
      ...MCP_TOOLS.search_studies,
      inputSchema: { query, page },
      annotations: readOnly,
    },
    ({ query: q, page: p }) =>
      answer(async () => {
        const { paperSearch } = await run(MCP_OPERATIONS.searchStudies, { q, page: p });
        return {
          total: paperSearch.pagination.total,
          page: paperSearch.pagination.page,
          pages: paperSearch.pagination.totalPages,
          studies: paperSearch.papers.map((s: Data) => ({
            pmid: s.pmid,
            name: s.name,
            year: s.year,
            title: s.title,
            kind: s.kind,
            compartment: s.localisation,
            synthetic: s.isSynthetic,
            genes: s.geneCount,
            mutations: s.mutationCount,
            url: link.study(s.pmid),
          })),
        };
      }),
  );

  server.registerTool(
    "get_gene",
    {
      ...MCP_TOOLS.get_gene,
      inputSchema: {
        id: z.number().int().min(1).optional().describe("GeneID of the portal (DLG4 = 1)"),
        symbol: z.string().min(1).max(50).optional().describe("Exact human gene symbol, e.g. DLG4"),
      },
      annotations: readOnly,
    },
    ({ id, symbol }) =>
      answer(async () => {
        let geneId = id;
        if (geneId === undefined) {
          if (!symbol) throw new ToolError("Give the gene's id or its symbol");
          const { geneSearch } = await run(MCP_OPERATIONS.searchGenes, { q: symbol, page: 1 });
          const exact = (geneSearch.genes as Data[]).find(
            (g) => g.humanName.toUpperCase() === symbol.trim().toUpperCase(),
          );
          if (!exact) throw new ToolError(`No gene with the symbol '${symbol}': try search_genes`);
          geneId = exact.id as number;
        }
        const { gene } = await run(MCP_OPERATIONS.gene, { id: geneId });
        if (!gene) throw new ToolError(`No gene with the id ${geneId}: try search_genes`);
        const studies = unique(gene.papers as Data[], (p) => p.pmid);
        return {
          id: gene.id,
          symbol: gene.humanName,
          name: gene.description,
          consensus: gene.isConsensus,
          identifiers: {
            humanEntrez: gene.humanEntrez,
            mouseEntrez: gene.mouseEntrez,
            mouseSymbol: gene.mouseName,
            mgi: gene.mgi,
            hgnc: gene.hgncId,
            ensembl: gene.ensemblId,
            uniprot: gene.uniprotId,
            aliases: gene.aliases,
            location: gene.chromosomeLocation,
          },
          compartments: gene.compartments.map((c: Data) => c.name),
          brainRegions: gene.brainRegions.map((r: Data) => ({
            id: r.id,
            name: r.name,
            url: link.region(r.id),
          })),
          diseaseCount: gene.diseasesCount,
          diseases: first(gene.diseases as Data[]).map((d) => ({
            hdoid: d.hdoid,
            name: d.description,
            source: d.source,
            url: link.disease(d.hdoid),
          })),
          studyCount: gene.paperCount,
          studies: first(studies).map((s) => ({
            pmid: s.pmid,
            name: s.name,
            year: s.year,
            synthetic: s.isSynthetic,
            url: link.study(s.pmid),
          })),
          mutations: gene.mutationsCount,
          interactorCount: gene.interactorCount,
          interactors: first(gene.interactors as Data[]).map((g) => g.humanName),
          url: link.gene(gene.humanName),
        };
      }),
  );

  server.registerTool(
    "get_disease",
    {
      ...MCP_TOOLS.get_disease,
      inputSchema: {
        hdoid: z.string().min(1).max(40).describe("Human Disease Ontology id, e.g. DOID:0060041"),
      },
      annotations: readOnly,
    },
    ({ hdoid }) =>
      answer(async () => {
        const { disease } = await run(MCP_OPERATIONS.disease, { hdoid: hdoid.trim(), size: LIST_LIMIT });
        if (!disease) throw new ToolError(`No disease with the id '${hdoid}': try search_diseases`);
        return {
          hdoid: disease.hdoid,
          name: disease.description,
          definition: disease.definition,
          icd11Chapter: disease.icd11Chapter
            ? { chapter: disease.icd11Chapter, url: link.chapter(disease.icd11Chapter) }
            : null,
          omimIds: disease.omimIds,
          icdCodes: disease.icdCodes,
          geneCount: disease.geneCount,
          consensusGeneCount: disease.consensusGeneCount,
          consensusPercentage: disease.consensusPercentage,
          mutationCount: disease.mutationCount,
          studyCount: disease.paperCount,
          genes: disease.genes.genes.map((g: Data) => ({
            id: g.id,
            symbol: g.humanName,
            consensus: g.isConsensus,
            studies: g.paperCount,
          })),
          studies: disease.papers.papers.map((s: Data) => ({
            pmid: s.pmid,
            name: s.name,
            year: s.year,
            url: link.study(s.pmid),
          })),
          url: link.disease(disease.hdoid),
        };
      }),
  );

  server.registerTool(
    "get_study",
    {
      ...MCP_TOOLS.get_study,
      inputSchema: { pmid: z.number().int().min(1).describe("PubMed id of the study") },
      annotations: readOnly,
    },
    ({ pmid }) =>
      answer(async () => {
        const { paper } = await run(MCP_OPERATIONS.study, { pmid, size: LIST_LIMIT });
        if (!paper) throw new ToolError(`No study with the PubMed id ${pmid}: try search_studies`);
        return {
          pmid: paper.pmid,
          name: paper.name,
          year: paper.year,
          title: paper.title,
          description: paper.description,
          kind: paper.kind,
          compartment: paper.localisation,
          compartments: paper.availableLocalizations,
          synthetic: paper.isSynthetic,
          syntheticFields: paper.syntheticFields,
          geneCount: paper.geneCount,
          consensusGeneCount: paper.consensusGeneCount,
          mutationCount: paper.mutationCount,
          geneRowCount: paper.genes.pagination.total,
          geneRows: paper.genes.genes.map((row: Data) => ({
            id: row.gene.id,
            symbol: row.gene.humanName,
            consensus: row.isConsensus,
            synthetic: row.isSynthetic,
            compartment: row.localisation?.name ?? null,
            brainRegion: row.brainRegion?.name ?? null,
            species: row.species?.name ?? null,
          })),
          url: link.study(paper.pmid),
        };
      }),
  );

  server.registerTool(
    "get_chapter",
    {
      ...MCP_TOOLS.get_chapter,
      inputSchema: { chapter: z.string().min(1).max(4).describe("Two-digit ICD-11 chapter, e.g. 08") },
      annotations: readOnly,
    },
    ({ chapter }) =>
      answer(async () => {
        const { icd11Chapter } = await run(MCP_OPERATIONS.chapter, { chapter: chapter.trim() });
        if (!icd11Chapter) throw new ToolError(`No ICD-11 chapter '${chapter}': chapters are 01 to 26`);
        return {
          chapter: icd11Chapter.chapter,
          name: icd11Chapter.name,
          description: icd11Chapter.description,
          diseaseCount: icd11Chapter.diseaseCount,
          geneCount: icd11Chapter.geneCount,
          diseases: first(icd11Chapter.diseases as Data[]).map((d) => ({
            hdoid: d.hdoid,
            name: d.name,
            geneCount: d.geneCount,
            genes: first(d.genes as Data[]).map((g) => g.gene.humanName),
            url: d.hdoid ? link.disease(d.hdoid) : null,
          })),
          url: link.chapter(icd11Chapter.chapter),
        };
      }),
  );

  server.registerTool(
    "get_region",
    {
      ...MCP_TOOLS.get_region,
      inputSchema: {
        id: z.number().int().min(1).optional().describe("Brain region id (1 = Brain, the whole brain)"),
        name: z.string().min(1).max(100).optional().describe("Exact brain region name"),
      },
      annotations: readOnly,
    },
    ({ id, name }) =>
      answer(async () => {
        if (id === undefined && !name) throw new ToolError("Give the region's id or its name");
        const data = await run(MCP_OPERATIONS.region, {});
        const regions = data.brainRegions as Data[];
        const region = regions.find((r) =>
          id !== undefined ? r.id === id : r.name.toLowerCase() === name!.trim().toLowerCase(),
        );
        if (!region)
          throw new ToolError(
            `No brain region ${id ?? `'${name}'`}. Regions: ${regions.map((r) => `${r.id} ${r.name}`).join(", ")}`,
          );
        const distribution = (data.brainRegionDistribution.regions as Data[]).find(
          (r) => r.region.id === region.id,
        );
        const parent = regions.find((r) => r.id === region.parentId);
        return {
          id: region.id,
          name: region.name,
          description: region.description,
          interlexId: region.interlexId,
          parent: parent ? { id: parent.id, name: parent.name } : null,
          children: regions.filter((r) => r.parentId === region.id).map((r) => ({ id: r.id, name: r.name })),
          consensusProteins: distribution?.distinctProteinCount ?? 0,
          studies: distribution?.paperCount ?? 0,
          compartments: (distribution?.compartments ?? []).map((c: Data) => ({
            name: c.name,
            consensusProteins: c.proteinCount,
            studies: c.paperCount,
            topProteins: c.topProteins.map((p: Data) => ({ symbol: p.symbol, studies: p.paperCount })),
          })),
          url: link.region(region.id),
        };
      }),
  );

  server.registerTool(
    "analyze_gene_list",
    {
      ...MCP_TOOLS.analyze_gene_list,
      inputSchema: {
        identifiers: z
          .array(z.string().min(1).max(100))
          .min(1)
          .max(MAX_ANALYSIS_IDENTIFIERS)
          .describe("The gene list"),
        background: z
          .enum(["dataset", "synaptic", "consensus"])
          .default("dataset")
          .describe("Background: every gene of the dataset, synaptic genes, or consensus genes"),
        maxFdr: z.number().min(0).max(1).default(0.05).describe("Report terms with an FDR up to this"),
      },
      annotations: readOnly,
    },
    ({ identifiers, background, maxFdr }) =>
      answer(async () => {
        const { analyzeGeneList: result } = await run(MCP_OPERATIONS.analyze, {
          input: { identifiers, background: background.toUpperCase() },
        });
        const significant = (result.enrichment as Data[]).filter((t) => t.fdr <= maxFdr);
        return {
          inputCount: result.inputCount,
          mapped: result.mapped.map((m: Data) => `${m.identifier}→${m.symbol}`),
          ambiguous: result.ambiguous.map((a: Data) => ({
            identifier: a.identifier,
            candidates: a.candidates.map((c: Data) => c.symbol),
          })),
          unmapped: result.unmapped,
          background: result.background,
          significantTermCount: significant.length,
          terms: first(significant).map((t) => ({
            category: t.category,
            id: t.termId,
            name: t.termName,
            overlap: t.overlap,
            termSize: t.termSize,
            foldEnrichment: t.foldEnrichment,
            pValue: t.pValue,
            fdr: t.fdr,
            genes: t.genes,
            includesSyntheticData: t.includesSyntheticData,
          })),
          url: link.analysis(identifiers, background),
        };
      }),
  );

  server.registerTool(
    "compare_sets",
    {
      ...MCP_TOOLS.compare_sets,
      inputSchema: {
        sets: z
          .array(
            z.object({
              kind: z.enum(Object.keys(COMPARE_SET_KINDS) as [CompareSetKey, ...CompareSetKey[]]),
              value: z
                .string()
                .min(1)
                .max(100_000)
                .describe("The disease, chapter, compartment, region, PMID or gene list"),
              consensusOnly: z
                .boolean()
                .default(false)
                .describe("Keep only consensus genes (reported in 5+ studies)"),
            }),
          )
          .min(2)
          .max(6)
          .describe("The sets to compare, 2 to 6"),
      },
      annotations: readOnly,
    },
    ({ sets }) =>
      answer(async () => {
        const { compareSets: result } = await run(MCP_OPERATIONS.compare, {
          sets: sets.map((s) => ({
            kind: COMPARE_SET_KINDS[s.kind],
            value: s.value.trim(),
            consensusOnly: s.consensusOnly,
          })),
        });
        return {
          unionSize: result.unionSize,
          sets: result.sets.map((s: Data) => ({
            index: s.index,
            label: s.label,
            size: s.size,
            unmapped: s.unmapped,
          })),
          intersectionCount: result.intersections.length,
          intersections: first(result.intersections as Data[]).map((x: Data) => ({
            sets: x.sets,
            size: x.exclusiveSize,
            genes: first(x.symbols as string[]),
          })),
          url: link.compare(sets.map((s) => ({ ...s, consensus: s.consensusOnly }))),
        };
      }),
  );
}
