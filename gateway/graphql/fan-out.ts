import { MATCHING_GENE_NAMES_SHOWN } from "../../schema/chapter-search";
import { YEARS_IN_RANGE } from "../../schema/years";
import type { RelationName, SizedTable } from "../services/release-size.service";
import { MAX_PROTEIN_GENES } from "../services/search.service";

/**
 * How many rows one list field returns per parent row, for the cost model (limits.ts). Every list
 * field of the schema is registered here by its `Type.field` coordinate; a list field missing from
 * this map is costed as the largest table per parent, so a new list field must be registered
 * (tests/unit/graphql-limits.test.ts fails while one is missing).
 *
 * - `relation`: the release's fan-out of that relation (read per release by ReleaseSizeService: the n
 *   parents with the most rows, so one gene costs the largest gene's papers).
 * - `table`: at most the whole table per parent (a root list, a filter of one, a closed set).
 * - `arg`: the value of that argument on this field or the nearest field above it (a page's size).
 * - `atMost`: a bound the code enforces, with the reason.
 * - `computed`: computed in memory by a service from a list the client sends and the service caps; costed
 *   as one row (its size follows the input, not the release's fan-out).
 * - `pageOf`: the `edges`/`nodes` of a connection type, which several connection fields can return: per
 *   parent, min(the connection field's `pageSize`, that field's bound: a measured relation, or a table
 *   when the relation is derived). A connection field missing here is costed by its page size alone.
 * `pageWith` names the paged form the refusal message points to.
 */
export type FanOut = { pageWith?: string } & (
  | { relation: RelationName }
  | { table: SizedTable }
  | { arg: string }
  | { atMost: number; why: string }
  | { computed: string }
  | { pageOf: Record<string, PageBound> }
);

/** What one connection field's list can hold per parent at most, whatever its page size. */
export type PageBound = { relation: RelationName } | { table: SizedTable };

const SCHEMA_METADATA = { atMost: 100, why: "the ORM metadata of the portal's own tables" } as const;
const IN_ROW = { atMost: 20, why: "values split from one column of the row" } as const;
// Not the disease or paper table: at 10x data that refused the history screen's queries.
const ONE_ROW_PER_YEAR = {
  atMost: YEARS_IN_RANGE,
  why: "one row per year; the importer takes YEAR_RANGE only",
} as const;
const ANALYSIS = { computed: "analyzeGeneList: at most MAX_ANALYSIS_IDENTIFIERS identifiers" } as const;
const COMPARE = { computed: "compareSets: at most six sets, each bounded by the gene table" } as const;
const NETWORK = { computed: "geneNetwork: at most MAX_ANALYSIS_IDENTIFIERS genes" } as const;

export const FAN_OUT: Record<string, FanOut> = {
  // Root lists
  "Query.autocomplete": { arg: "limit" },
  "Query.brainRegions": { table: "brain_region" },
  "Query.brainRegionProteins": {
    relation: "genesPerRegion",
    pageWith: "brainRegionProteinTable(regionId, compartment, page, pageSize)",
  },
  "Query.bulkExports": { atMost: 20, why: "the export definitions of export.service.ts" },
  "Query.compartmentProteins": {
    relation: "genesPerCompartment",
    pageWith: "compartmentProteinTable(page, pageSize)",
  },
  "Query.compartments": { table: "localisation" },
  "Query.consensusGeneEntrezIds": { table: "gene" },
  "Query.diseaseSearchAll": { table: "disease", pageWith: "diseaseSearch(q, page, pageSize)" },
  "Query.diseaseTableAll": { table: "disease", pageWith: "diseaseTable(page, pageSize)" },
  "Query.geneSearchAll": { table: "gene", pageWith: "geneSearch(q, page, pageSize)" },
  "Query.geneTableAll": { table: "gene", pageWith: "geneTable(page, pageSize)" },
  "Query.icd11Chapters": { table: "icd11_chapter" },
  "Query.icd11ChapterDiseaseGenes": { relation: "genesPerDisease" },
  "Query.localisations": { table: "localisation" },
  "Query.methods": { table: "method" },
  "Query.paperSearchAll": { table: "paper", pageWith: "paperSearch(q, page, pageSize)" },
  "Query.paperTableAll": { table: "paper", pageWith: "paperTable(page, pageSize)" },
  "Query.ppiNetworks": { table: "ppi" },
  "Query.species": { table: "species" },

  // Pages: the page size asked for
  "DiseaseGenePage.genes": { arg: "pageSize" },
  "DiseaseGenePage.matches": { arg: "pageSize" },
  "DiseaseMutationPage.mutations": { arg: "pageSize" },
  "DiseasePaperPage.papers": { arg: "pageSize" },
  "DiseaseSearchResult.diseases": { arg: "pageSize" },
  "DiseaseTablePage.diseases": { arg: "pageSize" },
  "GeneSearchResult.genes": { arg: "pageSize" },
  "GeneSearchResult.matches": { arg: "pageSize" },
  "GeneTablePage.genes": { arg: "pageSize" },
  "CompartmentProteinTablePage.proteins": { arg: "pageSize" },
  "RegionProteinTablePage.proteins": { arg: "pageSize" },
  "PaperGenePage.genes": { arg: "pageSize" },
  "PaperMutationPage.mutations": { arg: "pageSize" },
  "PaperSearchResult.papers": { arg: "pageSize" },
  "PaperTablePage.papers": { arg: "pageSize" },
  "ExportChunk.rows": { arg: "first" },

  // Connections of the domain graph (graph.type.ts), by the connection field that returned them
  "GeneDiseaseConnection.edges": { pageOf: { "Gene.diseaseConnection": { relation: "diseasesPerGene" } } },
  "GenePaperConnection.edges": { pageOf: { "Gene.paperConnection": { relation: "papersPerGene" } } },
  "GeneGoTermConnection.edges": { pageOf: { "Gene.goTermConnection": { relation: "goTermsPerGene" } } },
  "DiseaseGeneConnection.edges": { pageOf: { "Disease.geneConnection": { relation: "genesPerDisease" } } },
  "PaperGeneConnection.edges": { pageOf: { "Paper.geneConnection": { relation: "genesPerPaper" } } },
  "RegionGeneConnection.edges": { pageOf: { "BrainRegion.geneConnection": { relation: "genesPerRegion" } } },
  "GeneMutationConnection.nodes": {
    pageOf: {
      "Gene.mutationConnection": { relation: "mutationsPerGene" },
      "Disease.mutationConnection": { relation: "mutationsPerDisease" },
      "Paper.mutationConnection": { relation: "mutationsPerPaper" },
    },
  },
  "GeneConnection.nodes": {
    pageOf: {
      "Gene.interactorConnection": { relation: "interactorsPerGene" },
      "GoTerm.geneConnection": { relation: "genesPerGoTerm" },
    },
  },
  // A disease's studies are derived (through its genes and its mutations): bounded by the paper table.
  "PaperConnection.nodes": { pageOf: { "Disease.paperConnection": { table: "paper" } } },
  "DiseaseConnection.nodes": { pageOf: { "Chapter.diseaseConnection": { relation: "diseasesPerChapter" } } },
  "ExportChunk.columns": { atMost: 50, why: "the columns of one export definition" },
  "ExportInfo.columns": { atMost: 50, why: "the columns of one export definition" },

  // Entity relations: the release's fan-out
  "Disease.allGenes": { relation: "genesPerDisease", pageWith: "Disease.genes(page, pageSize)" },
  "Disease.allMutations": { relation: "mutationsPerDisease", pageWith: "Disease.mutations(page, pageSize)" },
  "Disease.allPapers": { table: "paper", pageWith: "Disease.papers(page, pageSize)" },
  "Disease.icdCodes": IN_ROW,
  "Disease.omimIds": IN_ROW,
  "Gene.aliases": IN_ROW,
  "Gene.brainRegions": { relation: "regionsPerGene" },
  "Gene.compartments": { relation: "compartmentsPerGene" },
  "Gene.diseases": { relation: "diseasesPerGene" },
  "Gene.goAnnotations": { relation: "goTermsPerGene" },
  "Gene.interactors": { relation: "interactorsPerGene" },
  "Gene.mutations": { relation: "mutationsPerGene" },
  "Gene.omimRecords": { relation: "omimRecordsPerGene" },
  "Gene.papers": { relation: "papersPerGene" },
  "Gene.syngoAnnotations": { relation: "syngoTermsPerGene" },
  "GoTerm.genes": { relation: "genesPerGoTerm" },
  "GeneMutation.pubmedIds": { relation: "papersPerMutation" },
  "GeneMutation.papers": { relation: "papersPerMutation" },
  "BrainRegion.children": { relation: "childrenPerRegion" },
  "BrainRegion.compartments": { relation: "compartmentsPerRegion" },
  "SyngoAnnotation.genes": { relation: "genesPerSyngoAnnotation" },
  "OmimRecord.syntheticFields": IN_ROW,
  "Paper.allGenes": { relation: "genesPerPaper", pageWith: "Paper.genes(page, pageSize)" },
  "Paper.allMutations": { relation: "mutationsPerPaper", pageWith: "Paper.mutations(page, pageSize)" },
  "Paper.availableLocalizations": { table: "localisation" },
  "Paper.syntheticFields": IN_ROW,
  "ChapterDetail.diseases": {
    relation: "diseasesPerChapter",
    pageWith: "icd11ChapterDiseases(chapter, search, page, pageSize)",
  },
  "ChapterDiseasePage.diseases": { arg: "pageSize" },
  "ChapterDiseasePage.matchingGenes": {
    atMost: MATCHING_GENE_NAMES_SHOWN,
    why: "MATCHING_GENE_NAMES_SHOWN of the chapter search",
  },
  // The chapter is read whole by the classification service (four statements): bounded by the chapter.
  "ChapterDisease.genes": { computed: "icd11Chapter: one chapter's disease-gene links, read whole and held" },

  // Views of the screens
  "BrainRegionDistribution.compartments": { table: "localisation" },
  "BrainRegionDistribution.regions": { table: "brain_region" },
  "RegionDistribution.compartments": { table: "localisation" },
  "RegionCompartment.speciesDistribution": { table: "species" },
  "RegionCompartment.topProteins": { arg: "topLimit" },
  "RegionProtein.species": { table: "species" },
  "DiseaseHistory.years": ONE_ROW_PER_YEAR,
  "GeneLocalizationHistory.localizations": { table: "localisation" },
  "GeneLocalizationHistory.years": ONE_ROW_PER_YEAR,
  "LocalizationYear.counts": { table: "localisation" },
  "SearchSuggestion.genes": { atMost: MAX_PROTEIN_GENES, why: "MAX_PROTEIN_GENES of the search service" },
  "ProteinLookup.genes": { atMost: MAX_PROTEIN_GENES, why: "MAX_PROTEIN_GENES of the search service" },
  "ProteinLookupResult.genes": { atMost: MAX_PROTEIN_GENES, why: "MAX_PROTEIN_GENES of the search service" },
  "DatasetRelease.tables": SCHEMA_METADATA,
  "DatabaseSchema.kinds": SCHEMA_METADATA,
  "DatabaseSchema.relations": SCHEMA_METADATA,
  "DatabaseSchema.tables": SCHEMA_METADATA,
  "DbTable.columns": SCHEMA_METADATA,
  "ApiUsage.endpoints": { atMost: 200, why: "one counter per route pattern of the gateway" },

  // Computations over a list the client sends (bounded by the services' input limits)
  "SetComparison.sets": { atMost: 6, why: "MAX_COMPARED_SETS" },
  "SetComparison.intersections": { atMost: 63, why: "the non-empty exclusive intersections of six sets" },
  "SetComparison.unmapped": COMPARE,
  "ComparedSet.unmapped": COMPARE,
  "ComparedSet.ambiguous": COMPARE,
  // Exclusive intersections partition the union: together they hold each gene once.
  "SetIntersection.sets": { atMost: 6, why: "MAX_COMPARED_SETS" },
  "SetIntersection.geneIds": COMPARE,
  "SetIntersection.symbols": COMPARE,
  "ComparedGenePage.genes": { arg: "pageSize" },
  "ComparedGene.compartments": { table: "localisation" },
  "IntersectionEnrichment.sets": { atMost: 6, why: "MAX_COMPARED_SETS" },
  "IntersectionEnrichment.categories": COMPARE,
  "IntersectionEnrichment.enrichment": COMPARE,
  "GeneListAnalysis.ambiguous": ANALYSIS,
  "GeneListAnalysis.categories": ANALYSIS,
  "GeneListAnalysis.enrichment": ANALYSIS,
  "GeneListAnalysis.genes": ANALYSIS,
  "GeneListAnalysis.mapped": ANALYSIS,
  "GeneListAnalysis.unmapped": ANALYSIS,
  "AmbiguousIdentifier.candidates": ANALYSIS,
  "AnalysisBackgroundSummary.listOutsideBackground": ANALYSIS,
  "AnalysisGene.compartments": ANALYSIS,
  "AnalysisGene.diseases": ANALYSIS,
  "AnalysisGene.icd11Chapters": ANALYSIS,
  "AnalysisGene.identifiers": ANALYSIS,
  "EnrichmentTerm.genes": ANALYSIS,
  "GeneNetwork.edges": NETWORK,
  "GeneNetwork.nodes": NETWORK,
  "GeneNetwork.unmatched": NETWORK,
};
