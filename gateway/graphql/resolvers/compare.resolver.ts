import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from "type-graphql";
import { AnalysisBackground, EnrichmentCategory } from "../../../schema/analysis-views.type";
import {
  ComparedGenePage,
  CompareSetInput,
  IntersectionEnrichment,
  SetComparison,
  SetIntersection,
} from "../../../schema/compare.type";
import { MAX_PAGE_SIZE } from "../../services/paging";
import type { PortalContext } from "../context";

/** Fixed cost of a comparison: its lists are bounded by the six sets, not by paging. */
const COMPARE_COMPLEXITY = 500;

@Resolver(() => SetComparison)
export class CompareResolver {
  @Query(() => SetComparison, {
    complexity: COMPARE_COMPLEXITY,
    description:
      "Compare 2 to 6 gene sets (diseases, ICD-11 chapters, compartments, brain regions, studies, pasted gene lists): set sizes, every non-empty exclusive intersection (UpSet), one chosen intersection's genes with their evidence, and its enrichment.",
  })
  compareSets(
    @Arg("sets", () => [CompareSetInput], { description: "The sets, 2 to 6." }) sets: CompareSetInput[],
    @Ctx() { services }: PortalContext,
  ): Promise<SetComparison> {
    return services.compare.compare(sets);
  }

  @FieldResolver(() => SetIntersection, {
    description:
      "The exclusive intersection of exactly these sets (an empty one when no gene is in exactly them).",
  })
  intersection(
    @Root() comparison: SetComparison,
    @Arg("sets", () => [Int], { description: "Indices of the sets (0-based)." }) sets: number[],
    @Ctx() { services }: PortalContext,
  ): SetIntersection {
    return services.compare.intersection(comparison, sets);
  }

  @FieldResolver(() => IntersectionEnrichment, {
    complexity: COMPARE_COMPLEXITY,
    description:
      "Over-representation in the genes of one exclusive intersection against a background (the test of analyzeGeneList).",
  })
  enrichment(
    @Root() comparison: SetComparison,
    @Arg("sets", () => [Int], { description: "Indices of the intersection's sets (0-based)." })
    sets: number[],
    @Arg("background", () => AnalysisBackground, {
      defaultValue: AnalysisBackground.DATASET,
      description: "The background (universe) of the test.",
    })
    background: AnalysisBackground,
    @Arg("backgroundIdentifiers", () => [String], {
      nullable: true,
      description: "The background genes when background is CUSTOM (at most 25,000).",
    })
    backgroundIdentifiers: string[] | null,
    @Arg("categories", () => [EnrichmentCategory], {
      nullable: true,
      description: "Annotation families to test (default: all).",
    })
    categories: EnrichmentCategory[] | null,
    @Ctx() { services }: PortalContext,
  ): Promise<IntersectionEnrichment> {
    return services.compare.enrichment(comparison, sets, { background, backgroundIdentifiers, categories });
  }
}

@Resolver(() => SetIntersection)
export class SetIntersectionResolver {
  @FieldResolver(() => ComparedGenePage, {
    complexity: ({ args, childComplexity }) => 1 + (Number(args.pageSize) || 20) * childComplexity,
    description: `One page of the intersection's genes with their evidence (studies, compartments, mutations); pageSize at most ${MAX_PAGE_SIZE}.`,
  })
  genes(
    @Root() intersection: SetIntersection,
    @Arg("page", () => Int, { defaultValue: 1, description: "Page (1-based)." }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 20, description: "Genes per page." }) pageSize: number,
    @Ctx() { services }: PortalContext,
  ): Promise<ComparedGenePage> {
    return services.compare.genePage(intersection.geneIds, page, pageSize);
  }
}
