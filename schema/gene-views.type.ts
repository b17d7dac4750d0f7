import { Field, Int, ObjectType } from "type-graphql";
import { BrainRegion } from "./brain-region.entity";
import { Gene } from "./gene.entity";
import { GeneMatchKind } from "./gene-match.enum";
import { Localisation } from "./localisation.entity";
import { Method } from "./method.entity";
import { Species } from "./species.entity";

@ObjectType({ description: "Paging of a list: the page served and how much exists." })
export class Pagination {
  @Field(() => Int, { description: "Page served (1-based)." })
  page: number;

  @Field(() => Int, { description: "Rows per page." })
  pageSize: number;

  @Field(() => Int, { description: "Rows that match, over all pages." })
  total: number;

  @Field(() => Int, { description: "Number of pages." })
  totalPages: number;
}

@ObjectType({ description: "How one gene of a result list matched the search or filter term." })
export class GeneMatch {
  @Field(() => Int, { description: "Internal GeneID of the gene." })
  geneId: number;

  @Field(() => GeneMatchKind, { description: "The kind of match (the group of the search order)." })
  match: GeneMatchKind;

  @Field(() => Boolean, {
    description: "The gene is listed only because the protein-name lookup of the term found it.",
  })
  proteinDerived: boolean;
}

@ObjectType({ description: "The protein-name lookup of a search or filter term: the genes it adds." })
export class ProteinLookupResult {
  @Field(() => String, { description: "The term looked up." })
  name: string;

  @Field(() => [String], { description: "Gene symbols found (at most 100)." })
  genes: string[];

  @Field(() => Int, { description: "Genes found in all." })
  total: number;
}

@ObjectType({
  description:
    "One page of gene search results in the search order: exact symbol, ids, symbol family, alias, prefixes, protein lookup, protein name.",
})
export class GeneSearchResult {
  @Field(() => [Gene], { description: "Genes on this page." })
  genes: Gene[];

  @Field(() => [GeneMatch], { description: "How each gene of this page matched, in the same order." })
  matches: GeneMatch[];

  @Field(() => ProteinLookupResult, {
    nullable: true,
    description:
      "The protein-name lookup of the term, whose genes join the results; null when it found none.",
  })
  proteinLookup: ProteinLookupResult | null;

  @Field(() => Pagination, { description: "Paging of the results." })
  pagination: Pagination;
}

@ObjectType({ description: "A study that reports a gene, in one brain region and compartment." })
export class GenePaper {
  @Field(() => Int, { description: "PubMed id of the study." })
  pmid: number;

  @Field(() => String, { description: "Study name, e.g. HUSI_2000." })
  name: string;

  @Field(() => String, { nullable: true, description: "Article title, where known." })
  title: string | null;

  @Field(() => String, {
    description: "The article title, or the study name when the title is unknown (as Paper.paperTitle).",
  })
  paperTitle: string;

  @Field(() => Int, { description: "Publication year." })
  year: number;

  @Field(() => String, { nullable: true, description: "Study description." })
  description: string | null;

  @Field(() => String, { description: "FULL, or SVR for synaptic-vesicle datasets." })
  dataset: string;

  @Field(() => Species, { nullable: true, description: "Species studied." })
  species: Species | null;

  @Field(() => BrainRegion, { nullable: true, description: "Brain region sampled." })
  brainRegion: BrainRegion | null;

  @Field(() => Localisation, { nullable: true, description: "Synaptic compartment." })
  localisation: Localisation | null;

  @Field(() => Method, { nullable: true, description: "Proteomic method." })
  method: Method | null;

  @Field(() => Boolean, { description: "True when this gene–study link is synthetic sample data." })
  isSynthetic: boolean;
}

@ObjectType({ description: "A disease associated with a gene." })
export class GeneDisease {
  @Field(() => String, { description: "Disease Ontology id." })
  hdoid: string;

  @Field(() => String, { description: "Disease label." })
  description: string;

  @Field(() => String, { nullable: true, description: "Source of the association." })
  source: string | null;

  @Field(() => String, {
    nullable: true,
    description: "Reference of the association (PMID:, RGD: or a DO term).",
  })
  reference: string | null;
}

@ObjectType({ description: "A GO annotation of a gene, with evidence code and species." })
export class GoAnnotation {
  @Field(() => String, { description: "GO id." })
  goId: string;

  @Field(() => String, { nullable: true, description: "Term name." })
  term: string | null;

  @Field(() => String, {
    nullable: true,
    description: "biological_process, molecular_function, cellular_component or Unknown.",
  })
  domain: string | null;

  @Field(() => String, { nullable: true, description: "GO evidence code (IDA, IEA, ...)." })
  evidence: string | null;

  @Field(() => Int, { description: "NCBI Taxonomy id of the annotated species." })
  speciesTaxid: number;

  @Field(() => String, { nullable: true, description: "Species common name." })
  speciesName: string | null;

  @Field(() => String, { nullable: true, description: "Species scientific name." })
  speciesSciName: string | null;
}

@ObjectType({ description: "Page views recorded by the portal." })
export class VisitStats {
  @Field(() => Int, { description: "Distinct visitor ids." })
  uniqueVisitors: number;

  @Field(() => Int, { description: "All recorded page views." })
  totalVisits: number;
}
