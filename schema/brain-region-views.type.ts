import { Field, Int, ObjectType } from "type-graphql";
import { BrainRegion } from "./brain-region.entity";
import { Pagination } from "./gene-views.type";
import { pageRows } from "./list-views.type";

// Every count in these types is over CONSENSUS genes (reported in five or more studies), as the
// brain-region screen's subtitle states, and over the studies that sampled the region itself
// (a parent region does not include its sub-regions' studies).

@ObjectType({
  description: "A consensus protein (gene) of a region and compartment, with its study count there.",
})
export class RegionTopProtein {
  @Field(() => Int, { description: "Internal GeneID." })
  geneId: number;

  @Field(() => String, { description: "Human gene symbol." })
  symbol: string;

  @Field(() => Int, { description: "Distinct studies of this region and compartment that report the gene." })
  paperCount: number;
}

@ObjectType({ description: "Consensus proteins of a region and compartment reported in one species." })
export class SpeciesProteinCount {
  @Field(() => String, { description: "Species common name (human, mouse, rat)." })
  speciesName: string;

  @Field(() => Int, { description: "Distinct consensus genes reported in this species." })
  proteinCount: number;
}

@ObjectType({ description: "One compartment of a brain region: consensus proteins, studies and species." })
export class RegionCompartment {
  @Field(() => String, {
    description: "Compartment name (Postsynaptic, Presynaptic, Synaptosome, Synaptic_Vesicle).",
  })
  name: string;

  @Field(() => Int, {
    description: "Distinct consensus genes reported in this region and compartment (0 when none).",
  })
  proteinCount: number;

  @Field(() => Int, {
    description: "Distinct studies of this region and compartment reporting a consensus gene.",
  })
  paperCount: number;

  @Field(() => [RegionTopProtein], {
    description:
      "The consensus genes reported by most studies here, most first (ties by GeneID); at most topLimit.",
  })
  topProteins: RegionTopProtein[];

  @Field(() => [SpeciesProteinCount], { description: "Consensus genes per species, most first." })
  speciesDistribution: SpeciesProteinCount[];
}

@ObjectType({
  description:
    "A brain region with its consensus proteins per synaptic compartment. Region 1 (Brain, the root of the hierarchy) is the whole brain: its counts are over every region.",
})
export class RegionDistribution {
  @Field(() => BrainRegion, { description: "The region (id, name, description, InterLex id, parent)." })
  region: BrainRegion;

  @Field(() => Int, {
    description: "Distinct consensus genes reported in the region, over all compartments.",
  })
  distinctProteinCount: number;

  @Field(() => Int, { description: "Distinct studies of the region reporting a consensus gene." })
  paperCount: number;

  @Field(() => [RegionCompartment], {
    description: "Every compartment, in compartment order, zero counts included.",
  })
  compartments: RegionCompartment[];
}

@ObjectType({
  description:
    "Consensus proteins (genes in five or more studies) per brain region and compartment: the heatmap of the brain-region screen.",
})
export class BrainRegionDistribution {
  @Field(() => Int, { description: "Genes in the consensus set (reported in five or more studies)." })
  consensusGeneCount: number;

  @Field(() => [String], { description: "Compartment names, in compartment order (the heatmap's columns)." })
  compartments: string[];

  @Field(() => Int, { description: "Distinct consensus genes reported in at least one brain region." })
  totalProteinsMapped: number;

  @Field(() => [RegionDistribution], { description: "Every brain region, by name (the heatmap's rows)." })
  regions: RegionDistribution[];
}

@ObjectType({
  description: "A consensus gene reported in a brain region and compartment (one download row).",
})
export class RegionProtein {
  @Field(() => Int, { description: "Brain region id." })
  regionId: number;

  @Field(() => String, { description: "Brain region name." })
  regionName: string;

  @Field(() => String, { nullable: true, description: "InterLex id of the region." })
  interlexId: string | null;

  @Field(() => String, { description: "Compartment name." })
  compartment: string;

  @Field(() => Int, { description: "Internal GeneID." })
  geneId: number;

  @Field(() => String, { description: "Human gene symbol." })
  symbol: string;

  @Field(() => Int, { nullable: true, description: "NCBI Gene id of the human gene." })
  humanEntrez: number | null;

  @Field(() => Int, { description: "Distinct studies of this region and compartment that report the gene." })
  paperCount: number;

  @Field(() => [String], { description: "Species in which those studies reported it, alphabetically." })
  species: string[];
}

@ObjectType({
  description:
    "One page of a brain region's consensus proteins in a compartment, in the order of brainRegionProteins.",
})
export class RegionProteinTablePage {
  @Field(() => [RegionProtein], { description: "Proteins on this page.", complexity: pageRows })
  proteins: RegionProtein[];

  @Field(() => Pagination, { description: "Paging of the whole list." })
  pagination: Pagination;
}
