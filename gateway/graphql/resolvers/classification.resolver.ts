import { Arg, Ctx, Query, Resolver } from "type-graphql";
import { ChapterDetail, ChapterSummary } from "../../../schema/classification.type";
import type { PortalContext } from "../context";

@Resolver()
export class ClassificationResolver {
  @Query(() => [ChapterSummary], {
    description:
      "The ICD-11 chapters of the explorer (spec 2 §5): numeric chapters with at least 5 diseases and 5 genes, by gene count descending. A disease's chapter is Disease.icd11Chapter (one derivation, also in diseases.csv).",
  })
  icd11Chapters(@Ctx() { services }: PortalContext): Promise<ChapterSummary[]> {
    return services.classification.chapters();
  }

  @Query(() => ChapterDetail, {
    nullable: true,
    description:
      "One ICD-11 chapter with its diseases (Disease Ontology terms whose icd11Chapter it is) and their genes; null when there is no such chapter.",
  })
  icd11Chapter(
    @Arg("chapter", () => String, { description: "Two-digit chapter number, e.g. 08." }) chapter: string,
    @Ctx() { services }: PortalContext,
  ): Promise<ChapterDetail | null> {
    return services.classification.chapter(chapter);
  }
}
