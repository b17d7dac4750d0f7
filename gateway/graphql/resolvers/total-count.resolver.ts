import { type ClassType, FieldResolver, Int, Resolver, Root } from "type-graphql";
import { RegionProteinTablePage } from "../../../schema/brain-region-views.type";
import { DiseaseTablePage, GeneTablePage, PaperTablePage } from "../../../schema/catalog-views.type";
import { ChapterDiseasePage } from "../../../schema/classification.type";
import { ComparedGenePage } from "../../../schema/compare.type";
import { CompartmentProteinTablePage } from "../../../schema/compartment.type";
import {
  DiseaseGenePage,
  DiseaseMutationPage,
  DiseasePaperPage,
  DiseaseSearchResult,
} from "../../../schema/disease-views.type";
import { GeneSearchResult } from "../../../schema/gene-views.type";
import { PaperGenePage, PaperMutationPage, PaperSearchResult } from "../../../schema/paper-views.type";

interface PagedResult {
  pagination: { total: number; totalFiltered?: number };
}

/**
 * `totalCount` on a page type of the older `pagination { ... }` shape, as every connection has it: the
 * items the pages cover (the filtered count where the page filters, otherwise the total).
 */
function totalCountResolver(pageType: ClassType): ClassType {
  @Resolver(() => pageType)
  class TotalCountResolver {
    @FieldResolver(() => Int, {
      description:
        "Items of the whole list (all pages) after its filters, as in every connection; the same as pagination.totalFiltered where there is one, otherwise pagination.total.",
    })
    totalCount(@Root() page: PagedResult): number {
      return page.pagination.totalFiltered ?? page.pagination.total;
    }
  }
  return TotalCountResolver;
}

/** Every page type with a `pagination` field (tests/unit/schema-sdl.test.ts checks none is missing). */
export const PAGED_RESULTS = [
  ChapterDiseasePage,
  ComparedGenePage,
  CompartmentProteinTablePage,
  DiseaseGenePage,
  DiseaseMutationPage,
  DiseasePaperPage,
  DiseaseSearchResult,
  DiseaseTablePage,
  GeneSearchResult,
  GeneTablePage,
  PaperGenePage,
  PaperMutationPage,
  PaperSearchResult,
  PaperTablePage,
  RegionProteinTablePage,
];

export const totalCountResolvers = PAGED_RESULTS.map(totalCountResolver);
