import DataLoader from "dataloader";
import type { BrainRegion, Gene, Localisation, Mutation, OmimRecord, SyngoAnnotation } from "../../schema";
import type { GeneDisease, GenePaper, GoAnnotation } from "../../schema/gene-views.type";
import type { Services } from "../services";
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
  return {
    gene: loader<number, Gene | null>((ids) => g.byIds(ids), null),
    diseaseCount: loader<number, number>((ids) => g.diseaseCounts(ids), 0),
    mutationCount: loader<number, number>((ids) => g.mutationCounts(ids), 0),
    goCount: loader<number, number>((ids) => g.goCounts(ids), 0),
    syngoCount: loader<number, number>((ids) => g.syngoCounts(ids), 0),
    omimCount: loader<number, number>((ids) => g.omimCounts(ids), 0),
    papers: loader<number, GenePaper[]>((ids) => g.papersByGene(ids), []),
    diseases: loader<number, GeneDisease[]>((ids) => g.diseasesByGene(ids), []),
    mutations: loader<number, Mutation[]>((ids) => g.mutationsByGene(ids), []),
    omim: loader<number, OmimRecord[]>((ids) => g.omimByEntrez(ids), []),
    go: loader<number, GoAnnotation[]>((ids) => g.goByGene(ids), []),
    syngo: loader<number, SyngoAnnotation[]>((ids) => g.syngoByGene(ids), []),
    mutationPmids: loader<number, number[]>((ids) => g.pmidsByMutation(ids), []),
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
