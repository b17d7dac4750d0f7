import type { GeneOmimBadgeFragment } from "../../../../gql/graphql";
import { formatCount } from "../../../../lib/format";
import { geneTabDef } from "../geneTab";

/** The gene's OMIM phenotypes and their ICD-11 chapters. */
export const omimTab = geneTabDef<GeneOmimBadgeFragment>({
  key: "omim",
  apiTab: "omim",
  label: "OMIM & ICD 11 Chapter Records",
  badge: (c) => formatCount(c.omimCount),
  downloadLabel: "Download OMIM entries",
  downloadPath: (id) => `/api/gene/${id}/allomimentries/csv`,
});
