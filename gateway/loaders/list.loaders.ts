import DataLoader from "dataloader";
import type { Disease, Mutation, Paper } from "../../schema";
import type { PaperGeneRow } from "../../schema/paper-views.type";
import type { Services } from "../services";
import type { DiseaseListArgs, GroupPage } from "../services/disease.service";
import type { ListTotals } from "../services/list-query";
import type { PaperGeneArgs, PaperMutationArgs } from "../services/paper.service";

/** Keeps IN (...) lists bounded whatever a query asks for (same bound as the gene loaders). */
const BATCH = 500;

export function byKey<K, V>(fetch: (keys: readonly K[]) => Promise<Map<K, V>>, missing: V): DataLoader<K, V> {
  return new DataLoader<K, V>(
    async (keys) => {
      const found = await fetch(keys);
      return keys.map((k) => found.get(k) ?? missing);
    },
    { maxBatchSize: BATCH },
  );
}

/**
 * A loader of one page of a list per parent (a disease's genes, a study's mutations, ...): the
 * requests of a batch that share the same arguments become one query for all their parents.
 */
export function pageLoader<K, A, V>(
  fetch: (keys: readonly K[], args: A) => Promise<Map<K, V>>,
): DataLoader<{ key: K; args: A }, V, string> {
  return new DataLoader<{ key: K; args: A }, V, string>(
    async (requests) => {
      const groups = new Map<string, { args: A; keys: K[] }>();
      for (const r of requests) {
        const id = JSON.stringify(r.args);
        const group = groups.get(id) ?? { args: r.args, keys: [] };
        group.keys.push(r.key);
        groups.set(id, group);
      }
      const results = new Map<string, Map<K, V>>();
      await Promise.all(
        [...groups].map(async ([id, g]) => results.set(id, await fetch([...new Set(g.keys)], g.args))),
      );
      return requests.map((r) => {
        const value = results.get(JSON.stringify(r.args))?.get(r.key);
        return value === undefined ? new Error(`No page for ${String(r.key)}`) : value;
      });
    },
    { maxBatchSize: BATCH, cacheKeyFn: (r) => JSON.stringify([r.key, r.args]) },
  );
}

type Counts = { total: number; consensus: number };
const none: Counts = { total: 0, consensus: 0 };

/** Loaders of the disease, publication and catalog lists; one fresh set per request. */
export function createListLoaders(services: Services) {
  const d = services.diseases;
  const p = services.papers;
  // The lists a page opens with (no filter text) and their counts come from the release's read models;
  // a filtered list from its service's statements over the release's tables.
  const read = services.lists;
  return {
    disease: byKey<string, Disease | null>((ids) => d.byIds(ids), null),
    diseaseGeneCounts: byKey<string, Counts>((ids) => read.diseaseGeneCounts(ids), none),
    diseaseMutationCounts: byKey<string, Counts>((ids) => read.diseaseMutationCounts(ids), none),
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
    paperGeneCounts: byKey<number, Counts>((ids) => read.paperGeneCounts(ids), none),
    paperMutationCounts: byKey<number, Counts>((ids) => read.paperMutationCounts(ids), none),
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
