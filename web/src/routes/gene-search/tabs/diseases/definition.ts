import type { GeneDiseasesBadgeFragment } from "../../../../gql/graphql";
import { formatCount } from "../../../../lib/format";
import { geneTabDef } from "../geneTab";

/** The diseases associated with the gene. */
export const diseasesTab = geneTabDef<GeneDiseasesBadgeFragment>({
  key: "diseases",
  apiTab: "diseases",
  label: "Diseases",
  badge: (c) => formatCount(c.diseasesCount),
  downloadLabel: "Download Diseases",
  downloadPath: (id) => `/api/gene/${id}/alldiseases/csv`,
});
