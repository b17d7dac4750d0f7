import { geneTabDef } from "../geneTab";

/** The gene's protein interaction network; its badge names the table, not a count. */
export const networkTab = geneTabDef<unknown>({
  key: "network",
  apiTab: "network",
  label: "Network",
  badge: () => "PPI",
  downloadLabel: "Download Interactions",
  downloadPath: (id) => `/api/network/csv?geneIds=${id}&mode=induced`,
  restPath: (id) => `/api/network?geneIds=${id}&mode=induced`,
});
