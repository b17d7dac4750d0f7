import DataLoader from "dataloader";
import type { BrainRegion, Gene, Localisation } from "../../schema";
import type { Services } from "../services";
import type { GeneTabs } from "../services/gene-tabs";
import { createGraphLoaders } from "./graph.loaders";
import { createListLoaders } from "./list.loaders";

/** Keeps IN (...) lists bounded whatever a query asks for. */
export const MAX_BATCH_SIZE = 500;

function loader<K, V>(fetch: (keys: readonly K[]) => Promise<Map<K, V>>, missing: V): DataLoader<K, V> {
  return new DataLoader<K, V>(
    async (keys) => {
      const found = await fetch(keys);
      return keys.map((k) => found.get(k) ?? missing);
    },
    { maxBatchSize: MAX_BATCH_SIZE },
  );
}

/** One fresh set per request: a request batches its own lookups and never sees another request's cache. */
export function createLoaders(services: Services) {
  const g = services.genes;
  const mutationPmids = loader<number, number[]>((ids) => g.pmidsByMutation(ids), []);
  // A gene's tabs come from one document per gene; its mutations' PMIDs come with it.
  const tabs = loader<number, GeneTabs | null>(async (ids) => {
    const found = await g.tabs(ids);
    for (const lists of found.values())
      for (const [id, pmids] of Object.entries(lists.mutationPmids)) mutationPmids.prime(Number(id), pmids);
    return found;
  }, null);
  const tab = <T>(pick: (lists: GeneTabs) => T[]) => ({
    load: async (geneId: number): Promise<T[]> => {
      const lists = await tabs.load(geneId);
      return lists ? pick(lists) : [];
    },
  });
  return {
    gene: loader<number, Gene | null>((ids) => g.byIds(ids), null),
    diseaseCount: loader<number, number>((ids) => g.diseaseCounts(ids), 0),
    mutationCount: loader<number, number>((ids) => g.mutationCounts(ids), 0),
    goCount: loader<number, number>((ids) => g.goCounts(ids), 0),
    syngoCount: loader<number, number>((ids) => g.syngoCounts(ids), 0),
    omimCount: loader<number, number>((ids) => g.omimCounts(ids), 0),
    papers: tab((lists) => lists.papers),
    diseases: tab((lists) => lists.diseases),
    mutations: tab((lists) => lists.mutations),
    /** By gene id: the OMIM records of the gene's human Entrez id. */
    omim: tab((lists) => lists.omim),
    go: tab((lists) => lists.go),
    syngo: tab((lists) => lists.syngo),
    mutationPmids,
    diseaseName: loader<string, string | null>((ids) => g.diseaseNames(ids), null),
    compartments: loader<number, Localisation[]>((ids) => g.compartmentsByGene(ids), []),
    regions: loader<number, BrainRegion[]>((ids) => g.regionsByGene(ids), []),
    interactorIds: loader<number, number[]>((ids) => g.interactorIdsByGene(ids), []),
    /** The compartments (one statement per request, whatever asks for them: e.g. every search card's filter). */
    localisations: new DataLoader<"all", Localisation[]>(async (keys) => {
      const all = await services.compartments.localisations();
      return keys.map(() => all);
    }),
    ...createListLoaders(services),
    ...createGraphLoaders(services),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
