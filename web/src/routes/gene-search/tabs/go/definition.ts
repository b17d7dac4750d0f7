import type { GeneGoBadgeFragment } from "../../../../gql/graphql";
import { formatCount } from "../../../../lib/format";
import { geneTabDef } from "../geneTab";

/** The gene's Gene Ontology annotations (the legacy API's 'syngo' tab). */
export const goTab = geneTabDef<GeneGoBadgeFragment>({
  key: "go",
  apiTab: "syngo",
  label: "GO Terms",
  badge: (c) => formatCount(c.syngoCount),
  downloadLabel: "Download Syngo Annotations",
  downloadPath: (id) => `/api/gene/${id}/allsyngo/csv`,
});
