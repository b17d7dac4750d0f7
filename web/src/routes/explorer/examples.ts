/**
 * Example queries of the GraphQL explorer: what a researcher would ask the API.
 * Every example is validated against schema/schema.graphql by
 * tests/unit/explorer-examples.test.ts and run against the gateway by
 * tests/e2e/explorer.spec.ts, so a schema change that breaks one fails the tests.
 * One operation per example (the explorer runs it without asking which).
 */
import type { ExplorerDeepLink } from "../../lib/explorerLink";

export interface ExplorerExample {
  /** Stable id (used in test ids and links). */
  id: string;
  title: string;
  /** One line on what the query answers. */
  summary: string;
  query: string;
  /** The variables as they appear in the variables editor. */
  variables: Record<string, unknown>;
}

export const EXAMPLES: ExplorerExample[] = [
  {
    id: "gene-diseases-mutations",
    title: "Gene: diseases and mutations",
    summary: "A gene's identifiers, its associated diseases and its recorded mutations.",
    query: `query GeneDiseasesAndMutations($id: Int!) {
  gene(id: $id) {
    id
    humanName
    humanEntrez
    description
    isConsensus
    diseaseConnection(pageSize: 50) {
      totalCount
      edges {
        source
        reference
        disease {
          hdoid
          description
        }
      }
    }
    mutationConnection(pageSize: 50) {
      totalCount
      nodes {
        chromosome
        position
        variant
        functionClass
        proteinVariant
        isSynthetic
        disease {
          hdoid
          description
        }
        papers {
          pmid
        }
      }
    }
  }
}
`,
    // gene 1 is DLG4 (PSD-95) in seeds/data/genes.csv.gz
    variables: { id: 1 },
  },
  {
    id: "gene-papers",
    title: "Gene: studies by brain region and compartment",
    summary: "The proteomic studies reporting a gene, one entry per brain region and compartment.",
    query: `query GenePapersByRegion($id: Int!) {
  gene(id: $id) {
    humanName
    paperConnection(pageSize: 100) {
      totalCount
      edges {
        paper {
          pmid
          name
          year
        }
        isSynthetic
        species {
          name
        }
        brainRegion {
          id
          name
          interlexId
        }
        compartment {
          name
        }
        method {
          name
        }
      }
    }
  }
}
`,
    // gene 1 is DLG4 (seeds/data/genes.csv.gz)
    variables: { id: 1 },
  },
  {
    id: "compartment-genes",
    title: "Compartment: its genes and consensus genes",
    summary:
      "The four compartments, then the genes of one reported in the most studies, a page at a time, with the total.",
    query: `query CompartmentGenes($compartment: CompartmentName!, $page: Int!) {
  compartments {
    compartment
    proteinCount
  }
  compartmentProteinTable(compartment: $compartment, sortBy: PAPER_COUNT, sortDir: DESC, page: $page, pageSize: 50) {
    pagination {
      total
      totalPages
    }
    proteins {
      paperCount
      frequency
      gene {
        id
        humanName
        isConsensus
      }
    }
  }
}
`,
    variables: { compartment: "Postsynaptic", page: 1 },
  },
  {
    id: "icd11-chapter",
    title: "ICD-11 chapter: diseases and genes",
    summary:
      "An ICD-11 chapter's counts, then a page of its diseases matching a search (name, OMIM id, ICD code, or one of their genes), with their genes.",
    query: `query Icd11ChapterDiseases($chapter: String!, $search: String!, $page: Int!) {
  icd11Chapter(chapter: $chapter) {
    specificChapter
    diseaseCount
    geneCount
  }
  icd11ChapterDiseases(chapter: $chapter, search: $search, page: $page, pageSize: 20) {
    pagination {
      total
      totalPages
    }
    diseases {
      hasMatchingGenes
      disease {
        omimId
        name
        hdoid
        icdCode
        inheritance
        geneCount
        genes {
          entrezId
          gene {
            id
            humanName
          }
        }
      }
    }
  }
}
`,
    // ICD-11 chapter 08: diseases of the nervous system
    variables: { chapter: "08", search: "epilep", page: 1 },
  },
  {
    id: "papers-of-year",
    title: "Studies of a year with gene counts",
    summary: "The Publications Catalog filtered to one year, with each study's gene and consensus counts.",
    query: `query PapersOfYear($year: String!, $page: Int!) {
  paperTable(search: $year, sortBy: PMID, sortDir: ASC, page: $page, pageSize: 20) {
    pagination {
      page
      total
      totalPages
    }
    consensus {
      totalGenes
      totalConsensusGenes
      overallPercentage
    }
    papers {
      pmid
      name
      year
      localisation
      geneCount
      consensusGeneCount
      consensusPercentage
      isSynthetic
    }
  }
}
`,
    variables: { year: "2010", page: 1 },
  },
  {
    id: "disease-consensus-genes",
    title: "Disease: consensus genes",
    summary: "A disease by HDOID and one page of its genes in consensus mode (five or more studies).",
    query: `query DiseaseConsensusGenes($hdoid: String!, $page: Int!) {
  disease(hdoid: $hdoid) {
    hdoid
    description
    icd11Chapter
    geneCount
    consensusGeneCount
    consensusPercentage
    genes(mode: CONSENSUS, page: $page, pageSize: 20) {
      pagination {
        total
        totalFiltered
        totalConsensus
        totalPages
      }
      genes {
        id
        humanName
        humanEntrez
        paperCount
      }
    }
  }
}
`,
    // DOID:0060041: autism spectrum disorder
    variables: { hdoid: "DOID:0060041", page: 1 },
  },
  {
    id: "brain-region-proteins",
    title: "Brain region: proteins by compartment",
    summary:
      "Consensus proteins reported in one brain region and compartment, most studies first, a page at a time, with the total.",
    query: `query BrainRegionProteins($regionId: Int!, $compartment: CompartmentName, $page: Int!) {
  brainRegionProteinTable(regionId: $regionId, compartment: $compartment, page: $page, pageSize: 50) {
    pagination {
      total
      totalPages
    }
    proteins {
      regionName
      compartment
      symbol
      humanEntrez
      paperCount
      species
    }
  }
}
`,
    // region 1: Brain (seeds/data/brain_regions.csv.gz)
    variables: { regionId: 1, compartment: "Postsynaptic", page: 1 },
  },
  {
    id: "brain-region-distribution",
    title: "Brain regions: distribution overview",
    summary: "Consensus proteins per brain region and compartment, with the top proteins of each.",
    query: `query BrainRegionOverview($topLimit: Int!) {
  brainRegionDistribution(topLimit: $topLimit) {
    consensusGeneCount
    totalProteinsMapped
    compartments
    regions {
      region {
        id
        name
      }
      distinctProteinCount
      paperCount
      compartments {
        name
        proteinCount
        topProteins {
          symbol
          paperCount
        }
      }
    }
  }
}
`,
    variables: { topLimit: 3 },
  },
  {
    id: "dataset-release",
    title: "Dataset release and provenance",
    summary: "The dataset release served, where it comes from, and which tables hold synthetic rows.",
    query: `query DatasetRelease {
  datasetRelease {
    name
    version
    source
    provenance
    built
    loadedAt
    hasSyntheticData
    tables {
      file
      rows
      class
      syntheticPart
      note
    }
  }
}
`,
    variables: {},
  },
  {
    id: "catalog-top-genes",
    title: "Catalog: top genes by study count",
    summary: "The Synapse Proteome Catalog sorted by the number of studies reporting each gene.",
    query: `query TopGenesByStudyCount($pageSize: Int!) {
  geneTable(sortBy: PAPER_COUNT, sortDir: DESC, page: 1, pageSize: $pageSize) {
    consensus {
      totalInDatabase
    }
    pagination {
      total
    }
    genes {
      id
      humanName
      humanEntrez
      mgi
      paperCount
      isConsensus
    }
  }
}
`,
    variables: { pageSize: 25 },
  },
  {
    id: "bulk-export",
    title: "Bulk export: one chunk",
    summary: "The bulk exports on offer, and the first chunk of one (pass nextCursor as after for more).",
    query: `query BulkExportChunk($name: String!, $first: Int!, $after: String) {
  bulkExports {
    name
    kind
    path
  }
  bulkExport(name: $name, first: $first, after: $after) {
    name
    columns
    rows
    nextCursor
  }
}
`,
    variables: { name: "genes-diseases", first: 50, after: null },
  },
  {
    id: "autocomplete",
    title: "Autocomplete suggestions",
    summary: "Search-box suggestions for what has been typed: genes, proteins, diseases and studies.",
    query: `query Suggest($q: String!, $type: SearchType!, $limit: Int!) {
  autocomplete(q: $q, type: $type, limit: $limit) {
    text
    type
    entityType
    title
    description
    genes
  }
}
`,
    variables: { q: "shank", type: "ALL", limit: 10 },
  },
  {
    id: "history",
    title: "History: diseases and localizations by year",
    summary: "Synaptopathies by (synthetic) discovery year and accumulated gene localizations by year.",
    query: `query SynaptopathyHistory {
  diseaseHistory {
    isSynthetic
    note
    years {
      year
      newDiseaseCount
      accumulatedDiseaseCount
    }
  }
  geneLocalizationHistory {
    localizations
    years {
      year
      totalAccumulated
      counts {
        localization
        count
      }
    }
  }
}
`,
    variables: {},
  },
  {
    id: "graph-gene-diseases-consensus-genes",
    title: "Graph: a gene's diseases and their other consensus genes",
    summary:
      "Walks gene → diseases (source and reference on the edge) → each disease's consensus genes, in one query.",
    query: `query GeneDiseasesAndTheirConsensusGenes($symbol: String!) {
  gene(symbol: $symbol) {
    id
    humanName
    diseaseConnection(pageSize: 10) {
      totalCount
      hasNextPage
      edges {
        source
        reference
        disease {
          hdoid
          description
          geneConnection(mode: CONSENSUS, pageSize: 10) {
            totalCount
            edges {
              gene {
                id
                humanName
                paperCount
              }
            }
          }
        }
      }
    }
  }
}
`,
    variables: { symbol: "SHANK3" },
  },
  {
    id: "graph-chapter-diseases-genes-studies",
    title: "Graph: an ICD-11 chapter's diseases, genes and studies",
    summary:
      "Walks chapter → diseases → genes → the proteomic studies behind each gene, with the study context on the edge.",
    query: `query ChapterDiseasesGenesAndStudies($code: String!) {
  chapter(code: $code) {
    chapter
    name
    diseaseConnection(pageSize: 5) {
      totalCount
      nodes {
        hdoid
        description
        geneConnection(pageSize: 5) {
          totalCount
          edges {
            source
            gene {
              humanName
              paperConnection(pageSize: 5) {
                totalCount
                edges {
                  isSynthetic
                  paper {
                    pmid
                  }
                  brainRegion {
                    name
                  }
                  compartment {
                    name
                  }
                }
              }
            }
          }
        }
      }
    }
  }
}
`,
    // ICD-11 chapter 08: diseases of the nervous system
    variables: { code: "08" },
  },
  {
    id: "graph-region-genes-by-compartment",
    title: "Graph: a brain region's genes by compartment",
    summary:
      "A region with its parent, sub-regions and compartments, and the genes reported there in one compartment, most studies first.",
    query: `query RegionGenesByCompartment($id: Int!, $compartment: CompartmentName!) {
  region(id: $id) {
    id
    name
    parent {
      id
      name
    }
    children {
      id
      name
    }
    compartments {
      compartment {
        name
      }
      geneCount
    }
    geneConnection(compartment: $compartment, pageSize: 10) {
      totalCount
      hasNextPage
      edges {
        studyCount
        gene {
          id
          humanName
          isConsensus
        }
      }
    }
  }
}
`,
    // region 2: Forebrain (seeds/data/brain_regions.csv.gz)
    variables: { id: 2, compartment: "Postsynaptic" },
  },
  {
    id: "graph-mutation-disease-papers",
    title: "Graph: a mutation with its gene, disease and studies",
    summary:
      "A mutation by id, leading to its gene, its disease (and the disease's ICD-11 chapter) and the studies reporting it.",
    query: `query MutationWithDiseaseAndStudies($id: Int!) {
  mutation(id: $id) {
    id
    variant
    functionClass
    proteinVariant
    studyName
    isSynthetic
    gene {
      id
      humanName
    }
    disease {
      hdoid
      description
      chapter {
        chapter
        name
      }
    }
    papers {
      pmid
      name
      year
      title
    }
  }
}
`,
    // mutation 1: an SCN2A missense variant in autism (seeds/data/mutations.csv.gz)
    variables: { id: 1 },
  },
];

/** The variables editor's text of an example ('' when it takes none). */
export function exampleVariablesText(example: ExplorerExample): string {
  return Object.keys(example.variables).length === 0 ? "" : JSON.stringify(example.variables, null, 2);
}

/**
 * What the editors open with: the address's query and variables, else the first example with its
 * variables, so that Run answers at once. ExplorerPage passes both as GraphiQL's initialQuery and
 * initialVariables: GraphiQL fills its variables editor from initialVariables (or what it stored)
 * only, never from defaultTabs, which left the first example without its `$id`. A linked query
 * without variables opens with none (not with what an earlier visit left in the variables editor).
 */
export function openingEditors(link: ExplorerDeepLink): { query: string; variables: string } {
  if (link.query) return { query: link.query, variables: link.variables ?? "" };
  const first = EXAMPLES[0]!;
  return { query: first.query, variables: exampleVariablesText(first) };
}

/** The name of an example's (one) operation. */
export function exampleOperationName(example: ExplorerExample): string {
  const match = /^\s*query\s+(\w+)/.exec(example.query);
  if (!match?.[1]) throw new Error(`Example ${example.id} has no named query`);
  return match[1];
}
