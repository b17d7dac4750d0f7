import { Arg, Ctx, Query, Resolver } from "type-graphql";
import {
  AnalyzeGeneListInput,
  GeneListAnalysis,
  GeneNetwork,
  GeneNetworkInput,
} from "../../../schema/analysis-views.type";
import type { PortalContext } from "../context";

/** Fixed cost of an analysis: its lists are bounded by the input (5,000 identifiers), not by paging. */
const ANALYSIS_COMPLEXITY = 500;

@Resolver()
export class AnalysisResolver {
  @Query(() => GeneListAnalysis, {
    complexity: ANALYSIS_COMPLEXITY,
    description:
      "Map a gene list (up to 5,000 identifiers) to the dataset and test compartments, brain regions, diseases, ICD-11 chapters, GO and SynGO terms for over-representation (one-sided hypergeometric test, Benjamini–Hochberg FDR). Bodies above 64 KiB: use POST /api/analyze.",
  })
  analyzeGeneList(
    @Arg("input", () => AnalyzeGeneListInput, { description: "The list, background and categories." })
    input: AnalyzeGeneListInput,
    @Ctx() { services }: PortalContext,
  ): Promise<GeneListAnalysis> {
    return services.analysis.analyze(input);
  }

  @Query(() => GeneNetwork, {
    complexity: ANALYSIS_COMPLEXITY,
    description:
      "A protein interaction network (PPI table) of genes, a gene list or a compartment: induced (with all partners) or limited (among the genes only); capped at 300 genes and 2,000 interactions unless uncapped.",
  })
  geneNetwork(
    @Arg("input", () => GeneNetworkInput, { description: "The genes and the mode." }) input: GeneNetworkInput,
    @Ctx() { services }: PortalContext,
  ): Promise<GeneNetwork> {
    return services.network.network(input);
  }
}
