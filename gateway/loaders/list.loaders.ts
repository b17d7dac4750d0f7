import type { Disease, Mutation, Paper } from "../../schema";
import type { PaperGeneRow } from "../../schema/paper-views.type";
import type { Services } from "../services";
import type { DiseaseListArgs, GroupPage } from "../services/disease.service";
import type { ListCounts, ListTotals } from "../services/list-query";
import type { PaperGeneArgs, PaperMutationArgs } from "../services/paper.service";
import { byKey, pageLoader } from "./loader-kinds";

const none: ListCounts = { total: 0, consensus: 0 };

/** Loaders of the disease, publication and catalog lists; one fresh set per request. */
export function createListLoaders(services: Services) {
  const d = services.diseases;
  const p = services.papers;
  // The lists a page opens with (no filter text) and their counts come from the release's read models;
  // a filtered list from its service's statements over the release's tables.
  const read = services.lists;
  return {
    disease: byKey<string, Disease | null>((ids) => d.byIds(ids), null),
    diseaseGeneCounts: byKey<string, ListCounts>((ids) => read.diseaseGeneCounts(ids), none),
    diseaseMutationCounts: byKey<string, ListCounts>((ids) => read.diseaseMutationCounts(ids), none),
    diseasePaperCount: byKey<string, number>((ids) => read.diseasePaperCounts(ids), 0),
    diseaseGenePage: pageLoader<string, DiseaseListArgs, GroupPage>((ids, args) =>
      args.term === "" ? read.diseaseGenePages(ids, args.mode, args.request) : d.genePages(ids, args),
    ),
    diseaseMutationPage: pageLoader<string, DiseaseListArgs, GroupPage>((ids, args) =>
      args.term === "" ? read.diseaseMutationPages(ids, args.mode, args.request) : d.mutationPages(ids, args),
    ),
    diseasePaperPage: pageLoader<string, DiseaseListArgs, GroupPage>((ids, args) =>
      args.term === "" ? read.diseasePaperPages(ids, args.request) : d.paperPages(ids, args),
    ),
    mutation: byKey<number, Mutation | null>((ids) => d.mutationsByIds(ids), null),
    paper: byKey<number, Paper | null>((ids) => p.byIds(ids), null),
    paperGeneCounts: byKey<number, ListCounts>((ids) => read.paperGeneCounts(ids), none),
    paperMutationCounts: byKey<number, ListCounts>((ids) => read.paperMutationCounts(ids), none),
    paperLocalizations: byKey<number, string[]>((ids) => read.paperLocalizations(ids), []),
    paperGenePage: pageLoader<
      number,
      PaperGeneArgs,
      { rows: Omit<PaperGeneRow, "gene">[]; totals: ListTotals }
    >((ids, args) =>
      args.term === "" && args.localization === ""
        ? read.paperGenePages(ids, args.mode, args.request)
        : p.genePages(ids, args),
    ),
    paperMutationPage: pageLoader<number, PaperMutationArgs, GroupPage>((ids, args) =>
      args.term === "" ? read.paperMutationPages(ids, args.mode, args.request) : p.mutationPages(ids, args),
    ),
  };
}
