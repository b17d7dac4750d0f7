import type { BrainRegion, Gene, Localisation } from "../../schema";
import type { Services } from "../services";
import type { GeneTabs } from "../services/gene-tabs";
import { createGraphLoaders } from "./graph.loaders";
import { createListLoaders } from "./list.loaders";
import { byKey, wholeTable } from "./loader-kinds";

/** One fresh set per request: a request batches its own lookups and never sees another request's cache. */
export function createLoaders(services: Services) {
  const g = services.genes;
  const mutationPmids = byKey<number, number[]>((ids) => g.pmidsByMutation(ids), []);
  // A gene's tabs come from one document per gene; its mutations' PMIDs come with it.
  const tabs = byKey<number, GeneTabs | null>(async (ids) => {
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
    gene: byKey<number, Gene | null>((ids) => g.byIds(ids), null),
    diseaseCount: byKey<number, number>((ids) => g.diseaseCounts(ids), 0),
    mutationCount: byKey<number, number>((ids) => g.mutationCounts(ids), 0),
    goCount: byKey<number, number>((ids) => g.goCounts(ids), 0),
    syngoCount: byKey<number, number>((ids) => g.syngoCounts(ids), 0),
    omimCount: byKey<number, number>((ids) => g.omimCounts(ids), 0),
    papers: tab((lists) => lists.papers),
    diseases: tab((lists) => lists.diseases),
    mutations: tab((lists) => lists.mutations),
    /** By gene id: the OMIM records of the gene's human Entrez id. */
    omim: tab((lists) => lists.omim),
    go: tab((lists) => lists.go),
    syngo: tab((lists) => lists.syngo),
    mutationPmids,
    diseaseName: byKey<string, string | null>((ids) => g.diseaseNames(ids), null),
    compartments: byKey<number, Localisation[]>((ids) => g.compartmentsByGene(ids), []),
    regions: byKey<number, BrainRegion[]>((ids) => g.regionsByGene(ids), []),
    interactorIds: byKey<number, number[]>((ids) => g.interactorIdsByGene(ids), []),
    /** The compartments (one statement per request, whatever asks for them: e.g. every search card's filter). */
    localisations: wholeTable<Localisation>(() => services.compartments.localisations()),
    ...createListLoaders(services),
    ...createGraphLoaders(services),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
