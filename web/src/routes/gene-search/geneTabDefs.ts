import { formatCount } from "../../lib/format";
import type { GeneTabKey } from "../../lib/geneTabs";
import { siteConfig } from "../../site.config";

export interface GeneCounts {
  papersCount: number;
  diseasesCount: number;
  mutationsCount: number;
  omimCount: number;
  syngoCount: number;
  syngoportalCount: number;
}

export interface GeneTabDef {
  key: GeneTabKey;
  /** The tab's name in the legacy API (/api/gene/{id}/tab/{apiTab}), used in messages. */
  apiTab: string;
  label: string;
  badge: (counts: GeneCounts) => string;
  downloadLabel: string;
  downloadPath: (geneId: number) => string;
  /** The tab's rows in the REST API. */
  restPath: (geneId: number) => string;
}

const host = siteConfig.syngoHost.label;

type GeneTabSpec = Omit<GeneTabDef, "restPath"> & { restPath?: (geneId: number) => string };

const TABS: GeneTabSpec[] = [
  {
    key: "papers",
    apiTab: "papers",
    label: "Proteomic Publications",
    badge: (c) => `Unique: ${formatCount(c.papersCount)}`,
    downloadLabel: "Download Publications",
    downloadPath: (id) => `/api/gene/${id}/allpapers/csv`,
  },
  {
    key: "diseases",
    apiTab: "diseases",
    label: "Diseases",
    badge: (c) => formatCount(c.diseasesCount),
    downloadLabel: "Download Diseases",
    downloadPath: (id) => `/api/gene/${id}/alldiseases/csv`,
  },
  {
    key: "mutations",
    apiTab: "mutations",
    label: "Mutations",
    badge: (c) => formatCount(c.mutationsCount),
    downloadLabel: "Download Mutations",
    downloadPath: (id) => `/api/gene/${id}/allmutations/csv`,
  },
  {
    key: "omim",
    apiTab: "omim",
    label: "OMIM & ICD 11 Chapter Records",
    badge: (c) => formatCount(c.omimCount),
    downloadLabel: "Download OMIM entries",
    downloadPath: (id) => `/api/gene/${id}/allomimentries/csv`,
  },
  {
    key: "go",
    apiTab: "syngo",
    label: "GO Terms",
    badge: (c) => formatCount(c.syngoCount),
    downloadLabel: "Download Syngo Annotations",
    downloadPath: (id) => `/api/gene/${id}/allsyngo/csv`,
  },
  {
    key: "syngo",
    apiTab: "syngoportal",
    label: host,
    badge: (c) => formatCount(c.syngoportalCount),
    downloadLabel: `Download ${host} Annotations`,
    downloadPath: (id) => `/api/gene/${id}/allsyngoportal/csv`,
  },
  {
    key: "network",
    apiTab: "network",
    label: "Network",
    badge: () => "PPI",
    downloadLabel: "Download Interactions",
    downloadPath: (id) => `/api/network/csv?geneIds=${id}&mode=induced`,
    restPath: (id) => `/api/network?geneIds=${id}&mode=induced`,
  },
];

export const GENE_TABS: GeneTabDef[] = TABS.map((tab) => ({
  ...tab,
  restPath: tab.restPath ?? ((id: number) => `/api/gene/${id}/tab/${tab.apiTab}`),
}));

export function geneTabDef(key: GeneTabKey): GeneTabDef {
  const def = GENE_TABS.find((tab) => tab.key === key);
  if (!def) throw new Error(`Unknown gene tab ${key}`);
  return def;
}
