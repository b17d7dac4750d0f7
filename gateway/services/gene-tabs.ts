import type { Mutation, OmimRecord, SyngoAnnotation } from "../../schema";
import type { GeneDisease, GenePaper, GoAnnotation } from "../../schema/gene-views.type";
import { HeldPerRelease, pickHeld } from "./held-per-release";
import type { ReleaseWatcher } from "./release-watcher";

/** Every gene's tab lists, grouped by gene (OMIM records by human Entrez id, PMIDs by mutation). */
export interface GeneTabLists {
  papers: Map<number, GenePaper[]>;
  diseases: Map<number, GeneDisease[]>;
  mutations: Map<number, Mutation[]>;
  mutationPmids: Map<number, number[]>;
  omim: Map<number, OmimRecord[]>;
  go: Map<number, GoAnnotation[]>;
  syngo: Map<number, SyngoAnnotation[]>;
}

/**
 * The gene page's lists (studies, diseases, mutations, OMIM, GO and SynGO) of the live release, read
 * once per release and held in memory: the release is read-only between switches, so a cold gene page
 * costs no SQL at all (the peer of bench/peer/cold.mjs sends one statement per page; the per-gene reads
 * sent seven). GeneService reads them with its own per-gene statements minus the gene filter, so the
 * order within a gene is the same, and falls back to those statements while what is held is not of the
 * live release. The lists are shared by every request: nothing may change them.
 */
export class HeldGeneTabs extends HeldPerRelease<GeneTabLists | null> {
  constructor(
    releases: ReleaseWatcher,
    /** Every gene's lists, or null when the release is too large to hold (withinHoldBudget). */
    private readonly readAll: (release: string) => Promise<GeneTabLists | null>,
    after?: () => Promise<unknown>,
  ) {
    super(releases, after);
  }

  /**
   * The lists of the keys that have any (a key without rows is left out), or null when what is held is
   * not of the live release or the release is not held at all.
   */
  lists<T extends keyof GeneTabLists>(tab: T, keys: readonly number[]): GeneTabLists[T] | null {
    const held = this.live();
    return held && (pickHeld<number, unknown>(held[tab], keys) as GeneTabLists[T]);
  }

  protected read(release: string): Promise<GeneTabLists | null> {
    return this.readAll(release);
  }
}

/**
 * Repeated values stored once: a string equal to one seen before (a GO term's name, a study's title,
 * an evidence code) becomes that one, and a study link's species, region, compartment and method one
 * object per id instead of four fresh ones per row. What SQL returns is a new copy per row; across
 * 320,000 rows this is most of the memory held (GO annotations: 53 MB before, on the bundled release).
 */
export function shareRepeats(lists: GeneTabLists): GeneTabLists {
  const strings = new Map<string, string>();
  const objects = new Map<string, object>();
  const one = <T extends object | null>(kind: string, id: unknown, value: T): T => {
    if (value === null) return value;
    const key = `${kind}:${String(id)}`;
    const known = objects.get(key);
    if (known) return known as T;
    objects.set(key, value);
    return value;
  };
  for (const tab of Object.values(lists) as Map<number, unknown[]>[])
    for (const list of tab.values())
      for (const row of list) {
        if (typeof row !== "object" || row === null) continue;
        const fields = row as Record<string, unknown>;
        for (const [name, value] of Object.entries(fields)) {
          if (typeof value !== "string") continue;
          const known = strings.get(value);
          if (known === undefined) strings.set(value, value);
          else fields[name] = known;
        }
      }
  for (const list of lists.papers.values())
    for (const paper of list) {
      paper.species = one("s", paper.species?.taxid, paper.species);
      paper.brainRegion = one("r", paper.brainRegion?.id, paper.brainRegion);
      paper.localisation = one("l", paper.localisation?.id, paper.localisation);
      paper.method = one("m", paper.method?.id, paper.method);
    }
  return lists;
}
