import { Field, Int, ObjectType, registerEnumType } from "type-graphql";
import { Gene } from "./gene.entity";
import { Pagination } from "./gene-views.type";
import { pageRows } from "./list-views.type";

/** Frequency bands of the compartment table: studies of the compartment reporting a gene. */
export const FREQUENCY_BANDS = ["1", "2-3", "4-9", ">10"] as const;

/** A frequency band as a filter argument; its value is the band's label. */
export enum FrequencyBand {
  ONE = "1",
  TWO_TO_THREE = "2-3",
  FOUR_TO_NINE = "4-9",
  MORE_THAN_TEN = ">10",
}
registerEnumType(FrequencyBand, {
  name: "FrequencyBand",
  description: "How many of a compartment's studies report a gene, in the bands of the compartment table.",
  valuesConfig: {
    ONE: { description: "One study ('1')." },
    TWO_TO_THREE: { description: "Two or three studies ('2-3')." },
    FOUR_TO_NINE: { description: "Four to ten studies ('4-9': the spec's bands leave ten out)." },
    MORE_THAN_TEN: { description: "Eleven or more studies ('>10')." },
  },
});

/**
 * '1', '2-3', '4-9' or '>10', the spec's labels (a legacy client filters on them). '>10' means what it
 * says, more than ten studies (11+); the spec's bands leave exactly ten out, so ten falls in the band
 * below: '4-9' holds 4 to 10 studies.
 */
export function frequencyBand(paperCount: number): (typeof FREQUENCY_BANDS)[number] {
  if (paperCount <= 1) return "1";
  if (paperCount <= 3) return "2-3";
  if (paperCount <= 10) return "4-9";
  return ">10";
}

@ObjectType({ description: "A synaptic compartment and how many proteins (genes) the studies report in it." })
export class CompartmentSummary {
  @Field(() => String, {
    description: "Compartment: Postsynaptic, Presynaptic, Synaptosome or Synaptic_Vesicle.",
  })
  compartment: string;

  @Field(() => Int, {
    description:
      "Distinct genes reported in this compartment by at least one study (all genes, not only consensus).",
  })
  proteinCount: number;
}

@ObjectType({
  description: "A protein (gene) reported in a synaptic compartment, with how many of its studies report it.",
})
export class CompartmentProtein {
  @Field(() => Gene, { description: "The gene (GeneID, symbol, Human/Mouse/Rat Entrez, MGI, ...)." })
  gene: Gene;

  @Field(() => Int, { description: "Distinct studies of this compartment that report the gene." })
  paperCount: number;

  @Field(() => String, {
    description:
      "Band of paperCount: '1', '2-3', '4-9' (4 to 10 studies: the spec's bands leave ten out) or '>10' (11 or more).",
  })
  frequency: string;
}

@ObjectType({ description: "One filtered, sorted page of the proteins of a compartment." })
export class CompartmentProteinTablePage {
  @Field(() => [CompartmentProtein], { description: "Proteins on this page.", complexity: pageRows })
  proteins: CompartmentProtein[];

  @Field(() => Pagination, { description: "Paging of the matching rows." })
  pagination: Pagination;
}
