import type { GeneSyngoBadgeFragment } from "../../../../gql/graphql";
import { formatCount } from "../../../../lib/format";
import { siteConfig } from "../../../../site.config";
import { geneTabDef } from "../geneTab";

const host = siteConfig.syngoHost.label;

/** The gene's expert-curated SynGO annotations (the legacy API's 'syngoportal' tab). */
export const syngoTab = geneTabDef<GeneSyngoBadgeFragment>({
  key: "syngo",
  apiTab: "syngoportal",
  label: host,
  badge: (c) => formatCount(c.syngoportalCount),
  downloadLabel: `Download ${host} Annotations`,
  downloadPath: (id) => `/api/gene/${id}/allsyngoportal/csv`,
});
