import type { RegionProtein } from "../../schema/brain-region-views.type";
import { HeldPerKey } from "./held-per-release";
import type { ReleaseWatcher } from "./release-watcher";

/**
 * One region's (and compartment's) consensus proteins in the order of brainRegionProteins, without the
 * per-gene text: the symbol and Entrez id of a page's genes are read with the page.
 */
export interface RegionProteinList {
  /** The region every row is of (null when the list is empty). */
  region: Pick<RegionProtein, "regionId" | "regionName" | "interlexId"> | null;
  geneIds: Int32Array;
  paperCounts: Int32Array;
  /** Each row's compartment, as a position in `compartments`. */
  compartmentOf: Uint8Array;
  compartments: readonly string[];
  /** Each row's species, as a position in `speciesSets` (a release has few distinct sets). */
  speciesOf: Uint16Array;
  speciesSets: readonly (readonly string[])[];
}

/** Reads the whole list of a region and compartment (BrainRegionService.proteins). */
export type RegionProteinReader = (regionId: number, compartment: string | null) => Promise<RegionProtein[]>;

/**
 * The consensus proteins of each region and compartment asked for, held per release: read when first
 * asked for (one grouped statement, the one the whole list is answered by), then held until a release
 * switch. A page of the brain-region screen's table is then a slice and one read of its genes, where
 * each page would count the region's every study-gene link again (tens of milliseconds at 1x data,
 * growing with the release). About ten bytes a row: a region's list at 10x data is a few hundred KB.
 */
export class RegionProteinIndexService extends HeldPerKey<string, RegionProteinList> {
  constructor(
    releases: ReleaseWatcher,
    private readonly readList: RegionProteinReader,
  ) {
    super(releases);
  }

  /** The list of the region and compartment (`compartment` null: every compartment). */
  list(regionId: number, compartment: string | null): Promise<RegionProteinList> {
    return this.ofKey(`${regionId}|${compartment ?? ""}`);
  }

  protected async readKey(key: string): Promise<RegionProteinList> {
    const [regionId, compartment] = key.split("|");
    return indexed(await this.readList(Number(regionId), compartment || null));
  }
}

function indexed(rows: RegionProtein[]): RegionProteinList {
  const compartments: string[] = [];
  const speciesSets: string[][] = [];
  const setKeys = new Map<string, number>();
  const positionOf = (names: string[], name: string) => {
    const at = names.indexOf(name);
    return at >= 0 ? at : names.push(name) - 1;
  };
  const first = rows[0];
  return {
    region: first
      ? { regionId: first.regionId, regionName: first.regionName, interlexId: first.interlexId }
      : null,
    geneIds: Int32Array.from(rows, (row) => row.geneId),
    paperCounts: Int32Array.from(rows, (row) => row.paperCount),
    compartmentOf: Uint8Array.from(rows, (row) => positionOf(compartments, row.compartment)),
    compartments,
    speciesOf: Uint16Array.from(rows, (row) => {
      const key = row.species.join("\u0001");
      let at = setKeys.get(key);
      if (at === undefined) {
        at = speciesSets.push(row.species) - 1;
        setKeys.set(key, at);
      }
      return at;
    }),
    speciesSets,
  };
}
