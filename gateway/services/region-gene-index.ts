import type { DataSource } from "typeorm";
import { Localisation, PaperGene } from "../../schema";
import { readRows, tableOf } from "../db/read";
import { HeldPerKey } from "./held-per-release";
import type { ReleaseWatcher } from "./release-watcher";

/** A region's genes in one list: most studies first, then by gene id. */
export interface RegionGeneList {
  geneIds: Int32Array;
  studyCounts: Int32Array;
}

/** A region's gene lists: over every compartment (key ""), and per compartment name. */
export type RegionGeneLists = ReadonlyMap<string, RegionGeneList>;

const EVERY_COMPARTMENT = "";

/**
 * The genes studies report in each brain region (the region itself), counted and ordered once per
 * region and release: read when a region is first asked for (two grouped statements over its own
 * rows), then held until a release switch. A page of a region's genes is then a slice, where it was a
 * window function over every row of the region for each page (467 ms a page at 10x data). Eight bytes
 * per region, compartment and gene: under 6 MB for every region of the 10x release.
 */
export class RegionGeneIndexService extends HeldPerKey<number, RegionGeneLists> {
  constructor(
    private readonly db: DataSource,
    releases: ReleaseWatcher,
  ) {
    super(releases);
  }

  /** The region's list over every compartment (`compartment` null) or in the compartment of that name. */
  async list(regionId: number, compartment: string | null): Promise<RegionGeneList> {
    return (
      (await this.ofKey(regionId)).get(compartment ?? EVERY_COMPARTMENT) ?? {
        geneIds: new Int32Array(),
        studyCounts: new Int32Array(),
      }
    );
  }

  protected async readKey(regionId: number): Promise<RegionGeneLists> {
    const links = tableOf(this.db, PaperGene);
    const [everyCompartment, perCompartment] = await Promise.all([
      readRows<{ gene_id: number; n: number | string }>(
        this.db,
        `SELECT gene_id, COUNT(DISTINCT pmid) AS n FROM ${links} WHERE brain_region_id = ? GROUP BY gene_id`,
        [regionId],
      ),
      readRows<{ compartment: string; gene_id: number; n: number | string }>(
        this.db,
        `SELECT l.name AS compartment, pg.gene_id AS gene_id, COUNT(DISTINCT pg.pmid) AS n FROM ${links} pg
          INNER JOIN ${tableOf(this.db, Localisation)} l ON l.id = pg.localisation_id
          WHERE pg.brain_region_id = ? GROUP BY l.name, pg.gene_id`,
        [regionId],
      ),
    ]);
    const lists = new Map<string, RegionGeneList>([[EVERY_COMPARTMENT, ordered(everyCompartment)]]);
    const byCompartment = new Map<string, { gene_id: number; n: number | string }[]>();
    for (const row of perCompartment) {
      const rows = byCompartment.get(row.compartment) ?? [];
      rows.push(row);
      byCompartment.set(row.compartment, rows);
    }
    for (const [compartment, rows] of byCompartment) lists.set(compartment, ordered(rows));
    return lists;
  }
}

/** Most studies first, then by gene id (the order GraphService's region pages have always had). */
function ordered(rows: { gene_id: number; n: number | string }[]): RegionGeneList {
  const counted = rows.map((row) => ({ gene: Number(row.gene_id), n: Number(row.n) }));
  counted.sort((a, b) => b.n - a.n || a.gene - b.gene);
  return {
    geneIds: Int32Array.from(counted, (row) => row.gene),
    studyCounts: Int32Array.from(counted, (row) => row.n),
  };
}
