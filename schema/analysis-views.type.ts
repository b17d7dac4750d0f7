import { Field, Float, InputType, Int, ObjectType, registerEnumType } from "type-graphql";

export enum AnalysisBackground {
  DATASET = "DATASET",
  SYNAPTIC = "SYNAPTIC",
  CONSENSUS = "CONSENSUS",
  CUSTOM = "CUSTOM",
}
registerEnumType(AnalysisBackground, {
  name: "AnalysisBackground",
  description: "The gene universe an enrichment is tested against.",
  valuesConfig: {
    DATASET: { description: "Every gene in the dataset." },
    SYNAPTIC: { description: "Genes reported at the synapse by at least one study." },
    CONSENSUS: { description: "The consensus set (genes reported in five or more studies)." },
    CUSTOM: { description: "The genes of backgroundIdentifiers (mapped like the list)." },
  },
});

export enum EnrichmentCategory {
  COMPARTMENT = "COMPARTMENT",
  BRAIN_REGION = "BRAIN_REGION",
  DISEASE = "DISEASE",
  ICD11_CHAPTER = "ICD11_CHAPTER",
  GO = "GO",
  SYNGO = "SYNGO",
}
registerEnumType(EnrichmentCategory, {
  name: "EnrichmentCategory",
  description: "A family of gene annotations tested for over-representation.",
  valuesConfig: {
    COMPARTMENT: { description: "Synaptic compartments in which studies report the gene." },
    BRAIN_REGION: { description: "Brain regions in which studies report the gene." },
    DISEASE: { description: "Associated diseases (Human Disease Ontology)." },
    ICD11_CHAPTER: { description: "ICD-11 chapters of the associated diseases." },
    GO: { description: "Gene Ontology terms (any evidence)." },
    SYNGO: { description: "Expert-curated SynGO terms." },
  },
});

export enum NetworkMode {
  INDUCED = "INDUCED",
  LIMITED = "LIMITED",
}
registerEnumType(NetworkMode, {
  name: "NetworkMode",
  description: "Which interactions a network shows.",
  valuesConfig: {
    INDUCED: { description: "The given genes, all their interaction partners and the edges among them." },
    LIMITED: { description: "Only the given genes and the interactions among them." },
  },
});

@InputType({ description: "A gene list to map and test for enrichment." })
export class AnalyzeGeneListInput {
  @Field(() => [String], {
    description:
      "Identifiers (symbols, aliases, Human/Mouse/Rat Entrez, MGI, UniProt, Ensembl; mixed). Each entry may itself hold several separated by newlines, commas, tabs, spaces or semicolons. At most 5,000 after splitting.",
  })
  identifiers: string[];

  @Field(() => AnalysisBackground, {
    defaultValue: AnalysisBackground.DATASET,
    description: "The background (universe) of the enrichment test.",
  })
  background: AnalysisBackground;

  @Field(() => [String], {
    nullable: true,
    description: "The background genes when background is CUSTOM (same identifier rules, at most 25,000).",
  })
  backgroundIdentifiers?: string[] | null;

  @Field(() => [EnrichmentCategory], {
    nullable: true,
    description: "Annotation families to test (default: all).",
  })
  categories?: EnrichmentCategory[] | null;
}

@ObjectType({ description: "A gene an identifier could stand for." })
export class AnalysisCandidate {
  @Field(() => Int, { description: "Internal GeneID." })
  geneId: number;

  @Field(() => String, { description: "Human gene symbol." })
  symbol: string;

  @Field(() => String, {
    description:
      "How the identifier matched: symbol, mouse_symbol, rat_symbol, alias, human_entrez, mouse_entrez, rat_entrez, mgi, ensembl or uniprot.",
  })
  matchedBy: string;
}

@ObjectType({ description: "An identifier that matched exactly one gene." })
export class MappedIdentifier {
  @Field(() => String, { description: "The identifier as given." })
  identifier: string;

  @Field(() => Int, { description: "Internal GeneID it maps to." })
  geneId: number;

  @Field(() => String, { description: "Human gene symbol it maps to." })
  symbol: string;

  @Field(() => String, { description: "How it matched (see AnalysisCandidate.matchedBy)." })
  matchedBy: string;
}

@ObjectType({ description: "An identifier that matched more than one gene; it is left out of the analysis." })
export class AmbiguousIdentifier {
  @Field(() => String, { description: "The identifier as given." })
  identifier: string;

  @Field(() => [AnalysisCandidate], { description: "The genes it could stand for." })
  candidates: AnalysisCandidate[];
}

@ObjectType({ description: "A mapped gene of the list with its synaptic annotations." })
export class AnalysisGene {
  @Field(() => Int, { description: "Internal GeneID." })
  geneId: number;

  @Field(() => String, { description: "Human gene symbol." })
  symbol: string;

  @Field(() => String, { nullable: true, description: "Approved gene (protein) name." })
  description: string | null;

  @Field(() => Int, { nullable: true, description: "NCBI Gene id of the human gene." })
  humanEntrez: number | null;

  @Field(() => [String], { description: "Identifiers of the list that map to this gene." })
  identifiers: string[];

  @Field(() => Boolean, { description: "True when the gene is in the consensus set." })
  isConsensus: boolean;

  @Field(() => Int, { description: "Distinct studies reporting the gene." })
  paperCount: number;

  @Field(() => [String], { description: "Compartments in which studies report the gene." })
  compartments: string[];

  @Field(() => [String], { description: "Associated diseases (labels)." })
  diseases: string[];

  @Field(() => [String], {
    description: "ICD-11 chapters of the associated diseases ('08 Diseases of the nervous system').",
  })
  icd11Chapters: string[];
}

@ObjectType({ description: "One annotation term tested for over-representation in the list." })
export class EnrichmentTerm {
  @Field(() => EnrichmentCategory, { description: "Annotation family." })
  category: EnrichmentCategory;

  @Field(() => String, { description: "Term id (compartment or region name, DOID, chapter number, GO id)." })
  termId: string;

  @Field(() => String, { description: "Term label." })
  termName: string;

  @Field(() => String, { nullable: true, description: "Sub-family, e.g. the GO domain." })
  group: string | null;

  @Field(() => Int, { description: "Genes of the list (within the background) carrying the term (k)." })
  overlap: number;

  @Field(() => Int, { description: "Background genes carrying the term (K)." })
  termSize: number;

  @Field(() => Float, { description: "Overlap expected by chance: n·K/N." })
  expected: number;

  @Field(() => Float, { description: "Fold enrichment: overlap / expected." })
  foldEnrichment: number;

  @Field(() => Float, {
    description:
      "One-sided hypergeometric p-value P(X ≥ overlap) (Fisher's exact test for over-representation).",
  })
  pValue: number;

  @Field(() => Float, {
    description:
      "Benjamini–Hochberg FDR within the category, over every term with at least one background gene.",
  })
  fdr: number;

  @Field(() => [String], { description: "Symbols of the list's genes carrying the term." })
  genes: string[];

  @Field(() => Boolean, {
    description:
      "True when the term's gene links include synthetic sample study rows (compartments, regions).",
  })
  includesSyntheticData: boolean;
}

@ObjectType({ description: "The background an analysis was tested against." })
export class AnalysisBackgroundSummary {
  @Field(() => AnalysisBackground, { description: "Background kind." })
  kind: AnalysisBackground;

  @Field(() => Int, { description: "Genes in the background (N)." })
  size: number;

  @Field(() => Int, { description: "Mapped genes of the list inside the background (n)." })
  listInBackground: number;

  @Field(() => [String], { description: "Symbols of mapped genes outside the background (not tested)." })
  listOutsideBackground: string[];

  @Field(() => Int, { description: "Custom background identifiers that matched no gene or several." })
  unmappedBackgroundIdentifiers: number;
}

@ObjectType({ description: "Terms tested in one category (for the multiple-testing correction)." })
export class EnrichmentCategoryCount {
  @Field(() => EnrichmentCategory, { description: "Annotation family." })
  category: EnrichmentCategory;

  @Field(() => Int, { description: "Terms with at least one background gene (m of Benjamini–Hochberg)." })
  testedTerms: number;
}

@ObjectType({ description: "A gene list mapped to the dataset and tested for enrichment." })
export class GeneListAnalysis {
  @Field(() => Int, { description: "Distinct identifiers after splitting (case-insensitive)." })
  inputCount: number;

  @Field(() => [MappedIdentifier], { description: "Identifiers that matched one gene, in input order." })
  mapped: MappedIdentifier[];

  @Field(() => [AmbiguousIdentifier], { description: "Identifiers that matched several genes." })
  ambiguous: AmbiguousIdentifier[];

  @Field(() => [String], { description: "Identifiers that matched no gene." })
  unmapped: string[];

  @Field(() => [AnalysisGene], { description: "Distinct mapped genes, in input order." })
  genes: AnalysisGene[];

  @Field(() => AnalysisBackgroundSummary, { description: "The background used." })
  background: AnalysisBackgroundSummary;

  @Field(() => [EnrichmentCategoryCount], { description: "Terms tested per category." })
  categories: EnrichmentCategoryCount[];

  @Field(() => [EnrichmentTerm], {
    description: "Terms carried by at least one gene of the list, by p-value (smallest first).",
  })
  enrichment: EnrichmentTerm[];
}

@InputType({ description: "Which genes a protein interaction network starts from, and how far it reaches." })
export class GeneNetworkInput {
  @Field(() => [Int], { nullable: true, description: "Internal GeneIDs of the genes." })
  geneIds?: number[] | null;

  @Field(() => [String], {
    nullable: true,
    description: "Gene identifiers (mapped like analyzeGeneList; ambiguous or unmapped ones are reported).",
  })
  identifiers?: string[] | null;

  @Field(() => String, {
    nullable: true,
    description: "A compartment (e.g. Presynaptic): its reported genes are the network's genes.",
  })
  compartment?: string | null;

  @Field(() => NetworkMode, { defaultValue: NetworkMode.INDUCED, description: "Induced or limited network." })
  mode: NetworkMode;

  @Field(() => Boolean, {
    defaultValue: false,
    description:
      "Return the whole network without the drawing cap (for downloads; bounded by the size of the PPI table).",
  })
  uncapped: boolean;
}

@ObjectType({ description: "A gene of a protein interaction network." })
export class NetworkNode {
  @Field(() => Int, { description: "Internal GeneID." })
  geneId: number;

  @Field(() => String, { description: "Human gene symbol." })
  symbol: string;

  @Field(() => Boolean, {
    description: "True for the genes the network was asked about (not added partners).",
  })
  isSeed: boolean;

  @Field(() => Boolean, { description: "True when the gene is in the consensus set." })
  isConsensus: boolean;

  @Field(() => Int, { description: "Diseases associated with the gene (0: not a disease gene)." })
  diseaseCount: number;

  @Field(() => Int, { description: "Interactions of the gene within the network shown." })
  degree: number;
}

@ObjectType({ description: "An undirected protein–protein interaction of a network." })
export class NetworkEdge {
  @Field(() => Int, { description: "GeneID of one partner (the smaller id)." })
  source: number;

  @Field(() => Int, { description: "GeneID of the other partner." })
  target: number;

  @Field(() => String, { description: "Symbol of the source gene." })
  sourceSymbol: string;

  @Field(() => String, { description: "Symbol of the target gene." })
  targetSymbol: string;

  @Field(() => String, { description: "Interaction type as in the PPI table." })
  type: string;

  @Field(() => String, { description: "Detection method as in the PPI table." })
  method: string;
}

@ObjectType({
  description: "A protein interaction network from the dataset's PPI table, capped for drawing.",
})
export class GeneNetwork {
  @Field(() => NetworkMode, { description: "Induced or limited." })
  mode: NetworkMode;

  @Field(() => [NetworkNode], { description: "Genes shown (seeds first, then partners by connectivity)." })
  nodes: NetworkNode[];

  @Field(() => [NetworkEdge], { description: "Interactions among the genes shown." })
  edges: NetworkEdge[];

  @Field(() => Int, { description: "Genes the network was asked about (seeds) that exist in the dataset." })
  seedCount: number;

  @Field(() => Int, { description: "Genes in the whole (uncapped) network." })
  totalNodes: number;

  @Field(() => Int, { description: "Interactions in the whole (uncapped) network." })
  totalEdges: number;

  @Field(() => Boolean, { description: "True when the cap cut genes or interactions." })
  truncated: boolean;

  @Field(() => String, { nullable: true, description: "What the cap cut and how to narrow the network." })
  message: string | null;

  @Field(() => Int, { description: "Most genes a network shows." })
  maxNodes: number;

  @Field(() => Int, { description: "Most interactions a network shows." })
  maxEdges: number;

  @Field(() => [String], { description: "Identifiers that matched no gene or several (left out)." })
  unmatched: string[];
}
