import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from "type-graphql";
import { Chapter } from "../../../schema";
import { chapterAddress } from "../../../schema/entity-address";
import { DiseaseConnection } from "../../../schema/graph.type";
import { checkPage } from "../../services/paging";
import type { PortalContext } from "../context";
import { COSTED_AT_LONGEST, PAGE, PAGE_SIZE, paging } from "./connection";
import { present } from "./loaded";

@Resolver(() => Chapter)
export class ChapterResolver {
  @FieldResolver(() => String, {
    description: "The chapter's own page on the portal, as a path under its address (/icd-chapter/08).",
  })
  url(@Root() chapter: Chapter): string {
    return chapterAddress(chapter.chapter);
  }

  @Query(() => Chapter, {
    nullable: true,
    description: "An ICD-11 chapter by its two-digit code (e.g. 08); null when unknown.",
  })
  async chapter(
    @Arg("code", () => String, { description: "Two-digit chapter code, e.g. 08." }) code: string,
    @Ctx() { loaders }: PortalContext,
  ): Promise<Chapter | null> {
    const chapters = await loaders.allChapters.load("all");
    return chapters.find((c) => c.chapter === code.trim()) ?? null;
  }

  @FieldResolver(() => DiseaseConnection, {
    description: `The diseases classified in the chapter (Disease.icd11Chapter), by label. ${COSTED_AT_LONGEST}`,
  })
  async diseaseConnection(
    @Root() chapter: Chapter,
    @Arg("page", () => Int, PAGE) page: number,
    @Arg("pageSize", () => Int, PAGE_SIZE) pageSize: number,
    @Ctx() { loaders }: PortalContext,
  ): Promise<DiseaseConnection> {
    const request = checkPage(page, pageSize);
    const result = await loaders.chapterDiseases.load({ key: chapter.chapter, args: request });
    return {
      ...paging(request, result.totalCount),
      nodes: present(await loaders.disease.loadMany(result.rows)),
    };
  }
}
