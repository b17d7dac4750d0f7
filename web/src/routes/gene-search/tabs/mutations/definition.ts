import type { GeneMutationsBadgeFragment } from "../../../../gql/graphql";
import { formatCount } from "../../../../lib/format";
import { geneTabDef } from "../geneTab";

/** The disease-associated mutations of the gene. */
export const mutationsTab = geneTabDef<GeneMutationsBadgeFragment>({
  key: "mutations",
  apiTab: "mutations",
  label: "Mutations",
  badge: (c) => formatCount(c.mutationsCount),
  downloadLabel: "Download Mutations",
  downloadPath: (id) => `/api/gene/${id}/allmutations/csv`,
});
