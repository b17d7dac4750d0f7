import type { DataSource } from "typeorm";
import { BrainRegion, Chapter, DatasetRelease, Disease, Gene, Localisation, Paper } from "../../schema";
import {
  chapterAddress,
  compartmentAddress,
  diseaseAddress,
  ENTITY_PAGE_PREFIXES,
  geneAddress,
  regionAddress,
  studyAddress,
} from "../../schema/entity-address";
import { releaseDateOf } from "../../schema/linked-data";
import { readRows, tableOf } from "../db/read";
import { HeldPerRelease } from "./held-per-release";
import type { ReleaseWatcher } from "./release-watcher";

/** Every record page of one release, by kind, and the release's date (each page's lastmod). */
export interface SitemapListing {
  /** The release key the listing was read from. */
  release: string;
  /** YYYY-MM-DD. */
  releaseDate: string;
  /** Page paths by kind (the kind is the pages' first path segment: gene, disease, study, ...). */
  pages: { kind: string; paths: string[] }[];
}

/** Paths in order, each once (two names may share an address: brain regions by slug, say). */
const distinct = (paths: string[]) => [...new Set(paths)];

/**
 * The address of every record page of the live release (genes, diseases, studies, brain regions,
 * ICD-11 chapters, compartments), for the sitemap: read when first asked for, and again after each
 * release switch, then held (about 12,000 short strings for the bundled release, ten times that at 10x).
 */
export class SitemapService extends HeldPerRelease<SitemapListing> {
  constructor(
    private readonly db: DataSource,
    releases: ReleaseWatcher,
  ) {
    super(releases);
  }

  /** The live release's listing: read on the first call, then held until the next switch. */
  listing(): Promise<SitemapListing> {
    return this.liveOrRead();
  }

  protected async read(key: string): Promise<SitemapListing> {
    const column = <T>(entity: Parameters<typeof tableOf>[1], columns: string, order: string) =>
      readRows<T>(this.db, `SELECT ${columns} FROM ${tableOf(this.db, entity)} ORDER BY ${order}`);
    const [releases, genes, diseases, studies, regions, chapters, compartments] = await Promise.all([
      readRows<{ built: string | null; loaded_at: string }>(
        this.db,
        `SELECT built, loaded_at FROM ${tableOf(this.db, DatasetRelease)} WHERE id = 1`,
      ),
      column<{ human_name: string }>(Gene, "human_name", "id"),
      column<{ hdoid: string }>(Disease, "hdoid", "hdoid"),
      column<{ pmid: number; name: string }>(Paper, "pmid, name", "pmid"),
      column<{ name: string }>(BrainRegion, "name", "id"),
      column<{ chapter: string }>(Chapter, "chapter", "chapter"),
      column<{ name: string }>(Localisation, "name", "id"),
    ]);
    const release = releases[0];
    return {
      release: key,
      releaseDate: release ? releaseDateOf({ built: release.built, loadedAt: release.loaded_at }) : "",
      pages: [
        { kind: ENTITY_PAGE_PREFIXES.gene, paths: distinct(genes.map((g) => geneAddress(g.human_name))) },
        { kind: ENTITY_PAGE_PREFIXES.disease, paths: distinct(diseases.map((d) => diseaseAddress(d.hdoid))) },
        {
          kind: ENTITY_PAGE_PREFIXES.study,
          paths: distinct(studies.map((s) => studyAddress({ pmid: Number(s.pmid), name: s.name }))),
        },
        { kind: ENTITY_PAGE_PREFIXES.region, paths: distinct(regions.map((r) => regionAddress(r.name))) },
        {
          kind: ENTITY_PAGE_PREFIXES.chapter,
          paths: distinct(chapters.map((c) => chapterAddress(c.chapter))),
        },
        {
          kind: ENTITY_PAGE_PREFIXES.compartment,
          paths: distinct(compartments.map((c) => compartmentAddress(c.name))),
        },
      ],
    };
  }
}
