import type { GeneTabKey } from "../../../lib/geneTabs";

/**
 * A gene card's tab as its folder defines it (tabs/<tab>/definition.ts): its key, names, badge,
 * downloads and REST path. `Counts` is what its badge reads: the tab's badge fragment on Gene.
 */
export interface GeneTabDef<Counts = never> {
  key: GeneTabKey;
  /** The tab's name in the legacy API (/api/gene/{id}/tab/{apiTab}), used in messages. */
  apiTab: string;
  label: string;
  badge: (counts: Counts) => string;
  downloadLabel: string;
  downloadPath: (geneId: number) => string;
  /** The tab's rows in the REST API. */
  restPath: (geneId: number) => string;
}

/** A tab's definition; its REST path is the legacy tab's (/api/gene/{id}/tab/{apiTab}) unless given. */
export function geneTabDef<Counts>(
  spec: Omit<GeneTabDef<Counts>, "restPath"> & { restPath?: (geneId: number) => string },
): GeneTabDef<Counts> {
  return { ...spec, restPath: spec.restPath ?? ((id: number) => `/api/gene/${id}/tab/${spec.apiTab}`) };
}
