import type { DataSource } from "typeorm";
import type { ProteinFallback } from "../search/protein-fallback";
import { AnalysisService } from "./analysis";
import { BrainRegionService } from "./brain-region.service";
import { CatalogService } from "./catalog.service";
import { ClassificationService } from "./classification.service";
import { CompareService } from "./compare.service";
import { CompartmentService } from "./compartment.service";
import { CompartmentIndexService } from "./compartment-index";
import { DataPackageStatsService } from "./data-package-stats";
import { DiseaseService } from "./disease.service";
import { ExportService } from "./export.service";
import { GeneService } from "./gene.service";
import { GraphService } from "./graph.service";
import { HistoryService } from "./history.service";
import { NetworkService } from "./network.service";
import { OverviewService } from "./overview.service";
import { PaperService } from "./paper.service";
import { ListReadModels } from "./read-models/lists";
import { RecordAddressService } from "./record-address.service";
import { ReferenceService } from "./reference.service";
import { RegionGeneIndexService } from "./region-gene-index";
import { ReleaseDescriptionService } from "./release-description.service";
import { ReleaseSizeService } from "./release-size.service";
import { ReleaseWatcher } from "./release-watcher";
import { SchemaDiagramService } from "./schema-diagram.service";
import { SearchService } from "./search.service";
import { SitemapService } from "./sitemap.service";
import { StatsService } from "./stats.service";

export interface Services {
  genes: GeneService;
  exports: ExportService;
  reference: ReferenceService;
  stats: StatsService;
  compartments: CompartmentService;
  classification: ClassificationService;
  brainRegions: BrainRegionService;
  history: HistoryService;
  search: SearchService;
  diseases: DiseaseService;
  papers: PaperService;
  catalogs: CatalogService;
  schemaDiagram: SchemaDiagramService;
  analysis: AnalysisService;
  network: NetworkService;
  compare: CompareService;
  overview: OverviewService;
  sizes: ReleaseSizeService;
  /** The lists a disease or study page opens with, and their counts, from the release's read models. */
  lists: ListReadModels;
  graph: GraphService;
  /** The canonical page of a record from any identifier of it (the gateway's record pages). */
  records: RecordAddressService;
  /** The live release's key, polled; what depends on the release subscribes to it. */
  releases: ReleaseWatcher;
  /** The data package's file measurements, kept with the release. */
  dataPackageStats: DataPackageStatsService;
  /** Every record page's address, for the sitemap, held per release. */
  sitemap: SitemapService;
  /** The live release and its files' stored sizes, for the catalog JSON-LD of `/` and `/data`, held per release. */
  releaseDescription: ReleaseDescriptionService;
}

export interface ServiceOptions {
  /** External protein-name lookup used when the local index finds nothing (off by default). */
  proteinFallback?: ProteinFallback | null;
  /** Where warnings go (the gateway's logger); console.warn without one. */
  warn?: (message: string) => void;
}

export function createServices(db: DataSource, options: ServiceOptions = {}): Services {
  const releases = new ReleaseWatcher(db);
  const analysis = new AnalysisService(db, releases);
  const search = new SearchService(db, releases, options.proteinFallback ?? null);
  const sizes = new ReleaseSizeService(db, releases);
  const genes = new GeneService(db, search, sizes);
  // A filtered list's page reads its unfiltered total from the read models.
  const lists = new ListReadModels(db);
  const diseases = new DiseaseService(db, search, lists);
  const papers = new PaperService(db, lists);
  const dataPackageStats = new DataPackageStatsService(db);
  return {
    genes,
    exports: new ExportService(db),
    reference: new ReferenceService(db),
    stats: new StatsService(db, undefined, options.warn),
    compartments: new CompartmentService(db, new CompartmentIndexService(db, releases)),
    classification: new ClassificationService(db, releases),
    brainRegions: new BrainRegionService(db, releases),
    history: new HistoryService(db),
    search,
    diseases,
    papers,
    catalogs: new CatalogService(db),
    schemaDiagram: new SchemaDiagramService(db),
    analysis,
    network: new NetworkService(db, analysis),
    compare: new CompareService(db, analysis, genes),
    overview: new OverviewService(db),
    sizes,
    lists,
    graph: new GraphService(db, new RegionGeneIndexService(db, releases)),
    records: new RecordAddressService(db, search, releases),
    releases,
    dataPackageStats,
    sitemap: new SitemapService(db, releases),
    releaseDescription: new ReleaseDescriptionService(db, releases, dataPackageStats),
  };
}
