import { Arg, Ctx, Query, Resolver } from "type-graphql";
import { ChapterDetail, ChapterSummary } from "../../../schema/classification.type";
import type { PortalContext } from "../context";

@Resolver()
export class ClassificationResolver {
  @Query(() => [ChapterSummary], {
    description:
      "Every ICD-11 chapter with the number of synaptic-gene OMIM phenotypes and genes classified in it.",
  })
  icd11Chapters(@Ctx() { services }: PortalContext): Promise<ChapterSummary[]> {
    return services.classification.chapters();
  }

  @Query(() => ChapterDetail, {
    nullable: true,
    description:
      "One ICD-11 chapter with its OMIM phenotypes and their genes; null when there is no such chapter.",
  })
  icd11Chapter(
    @Arg("chapter", () => String, { description: "Two-digit chapter number, e.g. 08." }) chapter: string,
    @Ctx() { services }: PortalContext,
  ): Promise<ChapterDetail | null> {
    return services.classification.chapter(chapter);
  }
}
