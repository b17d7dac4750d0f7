import { Field, Int, ObjectType } from "type-graphql";

@ObjectType({
  description: "Calls of one API endpoint, keyed by method and route pattern (e.g. GET /api/gene/:id/csv).",
})
export class EndpointCallCount {
  @Field(() => String, { description: "Method and route pattern, e.g. 'GET /api/gene/search'." })
  endpoint: string;

  @Field(() => Int, { description: "Calls recorded since the counters were created." })
  count: number;

  @Field(() => String, { nullable: true, description: "When the endpoint was last called (ISO 8601)." })
  lastCalled: string | null;
}

@ObjectType({ description: "API usage: calls per endpoint and in total." })
export class ApiUsage {
  @Field(() => [EndpointCallCount], {
    description:
      "Calls per endpoint, most called first. The counter endpoint itself (GET /api/stats/counter) is counted but not listed.",
  })
  endpoints: EndpointCallCount[];

  @Field(() => Int, {
    description:
      "The sum of the listed counts: every recorded call but those of the counter endpoint itself (in neither).",
  })
  totalCalls: number;
}

@ObjectType({
  description: "Diseases whose (synthetic) discovery year is a given year, and the running total.",
})
export class DiseaseYearCount {
  @Field(() => Int, {
    description: "Discovery year. SYNTHETIC in this release (see DiseaseHistory.isSynthetic).",
  })
  year: number;

  @Field(() => Int, { description: "Diseases first described in this year." })
  newDiseaseCount: number;

  @Field(() => Int, { description: "Diseases first described in this year or earlier." })
  accumulatedDiseaseCount: number;
}

@ObjectType({
  description:
    "Synaptopathies by year of first description. In this release every discovery year is SYNTHETIC sample data.",
})
export class DiseaseHistory {
  @Field(() => Boolean, {
    description:
      "True when any discovery year counted here is synthetic sample data (all of them in this release).",
  })
  isSynthetic: boolean;

  @Field(() => String, { description: "Provenance note to show with the chart." })
  note: string;

  @Field(() => [DiseaseYearCount], {
    description: "One row per year in which at least one disease was first described, oldest first.",
  })
  years: DiseaseYearCount[];
}

@ObjectType({ description: "Accumulated genes of one synaptic compartment up to a year." })
export class LocalizationCount {
  @Field(() => String, { description: "Compartment (localisation) name, e.g. Synaptic_Vesicle." })
  localization: string;

  @Field(() => Int, {
    description: "Distinct genes reported in this compartment by studies published in the year or earlier.",
  })
  count: number;
}

@ObjectType({ description: "Accumulated gene localizations at the end of one year." })
export class LocalizationYear {
  @Field(() => Int, { description: "Publication year of the studies." })
  year: number;

  @Field(() => [LocalizationCount], {
    description: "One count per compartment, in the order of `localizations`.",
  })
  counts: LocalizationCount[];

  @Field(() => Int, {
    description:
      "Distinct (gene, compartment) pairs reported up to this year: the sum of the per-compartment counts.",
  })
  totalAccumulated: number;
}

@ObjectType({ description: "How many synaptic gene localizations the studies had reported, year by year." })
export class GeneLocalizationHistory {
  @Field(() => [String], { description: "Compartment names, alphabetically." })
  localizations: string[];

  @Field(() => [LocalizationYear], {
    description: "One row per year in which at least one proteomic study was published, oldest first.",
  })
  years: LocalizationYear[];

  @Field(() => Boolean, {
    description:
      "True when some counted gene–study links are synthetic sample rows (see GenePaper.isSynthetic).",
  })
  includesSyntheticSamples: boolean;
}
