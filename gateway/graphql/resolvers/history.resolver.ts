import { Ctx, Query, Resolver } from "type-graphql";
import { DiseaseHistory, GeneLocalizationHistory } from "../../../schema/stats-views.type";
import type { PortalContext } from "../context";

@Resolver()
export class HistoryResolver {
  @Query(() => DiseaseHistory, {
    description:
      "Synaptopathies by year of first description, new and accumulated. Discovery years are SYNTHETIC sample data in this release (isSynthetic).",
  })
  diseaseHistory(@Ctx() { services }: PortalContext): Promise<DiseaseHistory> {
    return services.history.diseaseHistory();
  }

  @Query(() => GeneLocalizationHistory, {
    description:
      "Accumulated synaptic gene localizations (gene, compartment pairs) by study publication year.",
  })
  geneLocalizationHistory(@Ctx() { services }: PortalContext): Promise<GeneLocalizationHistory> {
    return services.history.geneLocalizationHistory();
  }
}
