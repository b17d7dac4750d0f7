import { type NetworkSource, networkRequest } from "../../../../components/network/network.queries";
import { geneTabDef } from "../geneTab";

/** The network a gene's tab draws: the gene's. */
export const networkSource = (geneId: number): NetworkSource => ({ geneIds: [geneId] });

/** The tab's query as it opens (the gene's page preloads it when the tab is the one shown: tabs/index.ts). */
export const networkTabRequest = (geneId: number) => networkRequest(networkSource(geneId));

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
