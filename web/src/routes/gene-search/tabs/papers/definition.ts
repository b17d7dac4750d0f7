import type { GenePapersBadgeFragment } from "../../../../gql/graphql";
import { formatCount } from "../../../../lib/format";
import { geneTabDef } from "../geneTab";

/** The studies reporting the gene, one row per brain region and compartment. */
export const papersTab = geneTabDef<GenePapersBadgeFragment>({
  key: "papers",
  apiTab: "papers",
  label: "Proteomic Publications",
  badge: (c) => `Unique: ${formatCount(c.papersCount)}`,
  downloadLabel: "Download Publications",
  downloadPath: (id) => `/api/gene/${id}/allpapers/csv`,
});
