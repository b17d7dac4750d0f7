import { Field, Int, InterfaceType, ObjectType, registerEnumType } from "type-graphql";
import { BrainRegion } from "./brain-region.entity";
import { Disease } from "./disease.entity";
import { Gene } from "./gene.entity";
import { GoTerm } from "./go-term.entity";
import { Localisation } from "./localisation.entity";
import { Method } from "./method.entity";
import { Mutation } from "./mutation.entity";
import { Paper } from "./paper.entity";
import { Species } from "./species.entity";

/*
 * The domain graph: every relation between Gene, Disease, Paper, Mutation, Chapter and Region as a
 * paged connection. Association data (source, study context) lives on the edge; lists that carry no
 * association data expose `nodes`.
 */

export enum DisplayMode {
  ALL = "all",
  CONSENSUS = "consensus",
  NON_CONSENSUS = "non-consensus",
}

registerEnumType(DisplayMode, {
  name: "DisplayMode",
  description: "Which genes (or rows of genes) a list shows, by the consensus set (five or more studies).",
  valuesConfig: {
    ALL: { description: "Every gene." },
    CONSENSUS: { description: "Consensus genes only (reported in five or more studies)." },
    NON_CONSENSUS: { description: "Genes outside the consensus set only." },
  },
});

/** The four synaptic compartments of the release (localisations.csv); the value is the stored name. */
export enum CompartmentName {
  Postsynaptic = "Postsynaptic",
  Presynaptic = "Presynaptic",
  Synaptosome = "Synaptosome",
  Synaptic_Vesicle = "Synaptic_Vesicle",
}

registerEnumType(CompartmentName, {
  name: "CompartmentName",
  description: "A synaptic compartment a proteomic study sampled (the rows of localisations.csv).",
});

@InterfaceType({ description: "The paging every connection shares: one page of a list and how much exists." })
export abstract class PagedConnection {
  @Field(() => Int, { description: "Items of the whole list (all pages), counted in the database." })
  totalCount: number;

  @Field(() => Int, { description: "Page served (1-based)." })
  page: number;

  @Field(() => Int, { description: "Items per page asked for (1–100)." })
  pageSize: number;

  @Field(() => Boolean, { description: "True when a later page holds more items." })
  hasNextPage: boolean;
}

@ObjectType({
  description:
    "A gene–disease association (disease_gene, from the Disease Ontology and its sources), seen from the gene.",
})
export class GeneDiseaseEdge {
  @Field(() => Disease, { description: "The associated disease." })
  disease: Disease;

  @Field(() => String, {
    nullable: true,
    description: "Source of the association, e.g. DISEASES text mining or DO ancestor propagation.",
  })
  source: string | null;

  @Field(() => String, {
    nullable: true,
    description: "Reference of the association (PMID:, RGD: or the DO term it was propagated from).",
  })
  reference: string | null;
}

@ObjectType({ description: "A gene–disease association (disease_gene), seen from the disease." })
export class DiseaseGeneEdge {
  @Field(() => Gene, { description: "The associated gene." })
  gene: Gene;

  @Field(() => String, { nullable: true, description: "Source of the association." })
  source: string | null;

  @Field(() => String, {
    nullable: true,
    description: "Reference of the association (PMID:, RGD: or the DO term it was propagated from).",
  })
  reference: string | null;
}

@InterfaceType({ description: "Where and how a proteomic study found a gene (one row of paper_gene)." })
export abstract class StudyContext {
  @Field(() => Species, { nullable: true, description: "Species the study sampled." })
  species: Species | null;

  @Field(() => BrainRegion, { nullable: true, description: "Brain region the study sampled." })
  brainRegion: BrainRegion | null;

  @Field(() => Localisation, { nullable: true, description: "Synaptic compartment the study sampled." })
  compartment: Localisation | null;

  @Field(() => Method, { nullable: true, description: "Proteomic method (Shotgun or Target)." })
  method: Method | null;

  @Field(() => String, { description: "FULL, or SVR for synaptic-vesicle datasets." })
  dataset: string;

  @Field(() => Boolean, { description: "True when this gene–study link is synthetic sample data." })
  isSynthetic: boolean;
}

@ObjectType({
  implements: StudyContext,
  description:
    "A study reporting a gene in one brain region and compartment (paper_gene), seen from the gene.",
})
export class GenePaperEdge extends StudyContext {
  @Field(() => Paper, { description: "The study." })
  paper: Paper;
}

@ObjectType({
  implements: StudyContext,
  description:
    "A gene a study reports in one brain region and compartment (paper_gene), seen from the study.",
})
export class PaperGeneEdge extends StudyContext {
  @Field(() => Gene, { description: "The gene reported." })
  gene: Gene;
}

@ObjectType({ description: "A Gene Ontology annotation of a gene (go_gene), with its evidence." })
export class GeneGoTermEdge {
  @Field(() => GoTerm, {
    nullable: true,
    description: "The GO term (go_terms.csv); null only if the release lacks the term's row.",
  })
  term: GoTerm | null;

  @Field(() => String, { nullable: true, description: "GO evidence code (IDA, IEA, ...)." })
  evidence: string | null;

  @Field(() => Species, { nullable: true, description: "Species the annotation was made in." })
  species: Species | null;
}

@ObjectType({ description: "A gene reported in a brain region, with how many studies report it there." })
export class RegionGeneEdge {
  @Field(() => Gene, { description: "The gene." })
  gene: Gene;

  @Field(() => Int, {
    description: "Distinct studies (PMIDs) that report the gene in this region (and compartment, if asked).",
  })
  studyCount: number;
}

@ObjectType({ description: "A synaptic compartment sampled in a brain region, with its gene count." })
export class RegionCompartmentGenes {
  @Field(() => Localisation, { description: "The compartment." })
  compartment: Localisation;

  @Field(() => Int, { description: "Distinct genes any study reports in this region and compartment." })
  geneCount: number;
}

@ObjectType({ implements: PagedConnection, description: "One page of a gene's diseases (by disease label)." })
export class GeneDiseaseConnection extends PagedConnection {
  @Field(() => [GeneDiseaseEdge], { description: "The associations on this page." })
  edges: GeneDiseaseEdge[];
}

@ObjectType({ implements: PagedConnection, description: "One page of a disease's genes (by symbol)." })
export class DiseaseGeneConnection extends PagedConnection {
  @Field(() => [DiseaseGeneEdge], { description: "The associations on this page." })
  edges: DiseaseGeneEdge[];
}

@ObjectType({
  implements: PagedConnection,
  description: "One page of the studies reporting a gene (newest study first).",
})
export class GenePaperConnection extends PagedConnection {
  @Field(() => [GenePaperEdge], { description: "The study links on this page." })
  edges: GenePaperEdge[];
}

@ObjectType({
  implements: PagedConnection,
  description: "One page of the genes a study reports (by symbol).",
})
export class PaperGeneConnection extends PagedConnection {
  @Field(() => [PaperGeneEdge], { description: "The gene links on this page." })
  edges: PaperGeneEdge[];
}

@ObjectType({
  implements: PagedConnection,
  description: "One page of a gene's GO annotations (by domain, then GO id).",
})
export class GeneGoTermConnection extends PagedConnection {
  @Field(() => [GeneGoTermEdge], { description: "The annotations on this page." })
  edges: GeneGoTermEdge[];
}

@ObjectType({
  implements: PagedConnection,
  description: "One page of the genes reported in a brain region (most studies first).",
})
export class RegionGeneConnection extends PagedConnection {
  @Field(() => [RegionGeneEdge], { description: "The genes on this page." })
  edges: RegionGeneEdge[];
}

@ObjectType({ implements: PagedConnection, description: "One page of genes." })
export class GeneConnection extends PagedConnection {
  @Field(() => [Gene], { description: "The genes on this page." })
  nodes: Gene[];
}

@ObjectType({ implements: PagedConnection, description: "One page of diseases." })
export class DiseaseConnection extends PagedConnection {
  @Field(() => [Disease], { description: "The diseases on this page." })
  nodes: Disease[];
}

@ObjectType({ implements: PagedConnection, description: "One page of studies." })
export class PaperConnection extends PagedConnection {
  @Field(() => [Paper], { description: "The studies on this page." })
  nodes: Paper[];
}

@ObjectType({
  implements: PagedConnection,
  description: "One page of mutations (by chromosome and position).",
})
export class GeneMutationConnection extends PagedConnection {
  @Field(() => [Mutation], { description: "The mutations on this page." })
  nodes: Mutation[];
}
