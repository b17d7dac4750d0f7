import { Arg, Ctx, Int, Query, Resolver } from "type-graphql";
import {
  ChapterDetail,
  ChapterDiseasePage,
  ChapterGene,
  ChapterSummary,
} from "../../../schema/classification.type";
import { checkPage } from "../../services/paging";
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

  @Query(() => ChapterDiseasePage, {
    nullable: true,
    description:
      "One page of the diseases of an ICD-11 chapter that match the chapter search, in the order of icd11Chapter.diseases (the chapter dialog and page); null when there is no such chapter.",
  })
  icd11ChapterDiseases(
    @Arg("chapter", () => String, { description: "Two-digit chapter number, e.g. 08." }) chapter: string,
    @Arg("search", () => String, {
      defaultValue: "",
      description:
        "Trimmed and lowercased, then a substring of the disease's name, OMIM id, description, inheritance or ICD code, or of the symbol, Entrez id, full name, an alias or the location of one of its genes (spec 2 §5). Empty: every disease.",
    })
    search: string,
    @Arg("page", () => Int, { defaultValue: 1, description: "Page (1-based)." }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 20, description: "Diseases per page (1–100)." })
    pageSize: number,
    @Ctx() { services }: PortalContext,
  ): Promise<ChapterDiseasePage | null> {
    return services.classification.chapterDiseases(chapter, search, checkPage(page, pageSize));
  }

  @Query(() => [ChapterGene], {
    nullable: true,
    description:
      "The genes of one disease of an ICD-11 chapter, by symbol, as in icd11Chapter.diseases.genes (the chapter dialog asks for them when a disease is opened); null when the chapter has no such disease.",
  })
  icd11ChapterDiseaseGenes(
    @Arg("chapter", () => String, { description: "Two-digit chapter number, e.g. 08." }) chapter: string,
    @Arg("hdoid", () => String, { description: "Disease Ontology id of the disease, e.g. DOID:10652." })
    hdoid: string,
    @Ctx() { services }: PortalContext,
  ): Promise<ChapterGene[] | null> {
    return services.classification.chapterDiseaseGenes(chapter, hdoid);
  }
}
