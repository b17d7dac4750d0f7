import type { BrainRegion, Chapter } from "../../schema";
import type { Services } from "../services";
import type {
  DiseaseGeneRow,
  EdgePage,
  RegionCompartmentRow,
  RegionGeneRow,
} from "../services/graph.service";
import type { ListMode } from "../services/list-query";
import type { PageRequest } from "../services/paging";
import { byKey, pageLoader, wholeTable } from "./loader-kinds";

/** Loaders of the domain graph's relations (graph.service); one fresh set per request. */
export function createGraphLoaders(services: Services) {
  const graph = services.graph;
  return {
    allRegions: wholeTable<BrainRegion>(() => services.reference.brainRegions()),
    allChapters: wholeTable<Chapter>(() => graph.chapters()),
    diseaseGeneEdges: pageLoader<string, { mode: ListMode; request: PageRequest }, EdgePage<DiseaseGeneRow>>(
      (hdoids, args) => graph.diseaseGenePages(hdoids, args.mode, args.request),
    ),
    regionGeneEdges: pageLoader<
      number,
      { compartment: string | null; request: PageRequest },
      EdgePage<RegionGeneRow>
    >((ids, args) => graph.regionGenePages(ids, args.compartment, args.request)),
    regionCompartments: byKey<number, RegionCompartmentRow[]>((ids) => graph.regionCompartments(ids), []),
    chapterDiseases: pageLoader<string, PageRequest, EdgePage<string>>((codes, request) =>
      graph.chapterDiseasePages(codes, request),
    ),
    goTermGenes: pageLoader<string, PageRequest, EdgePage<number>>((goIds, request) =>
      graph.goTermGenePages(goIds, request),
    ),
    geneIdBySymbol: byKey<string, number | null>((symbols) => services.search.geneIdsBySymbol(symbols), null),
    paperPmidByName: byKey<string, number | null>((names) => graph.paperPmidsByName(names), null),
    geneIdByEntrez: byKey<number, number | null>((ids) => graph.geneIdsByEntrez(ids), null),
    syngoAnnotationGeneIds: byKey<number, number[]>((ids) => graph.syngoAnnotationGeneIds(ids), []),
  };
}
