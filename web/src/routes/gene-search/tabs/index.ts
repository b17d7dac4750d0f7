import { type ComponentType, lazy } from "react";
import type { GeneCardFieldsFragment } from "../../../gql/graphql";
import type { AnyPageQuery } from "../../../lib/pageQuery";
import { DiseasesTab, diseasesTabRequest } from "./diseases/DiseasesTab";
import { diseasesTab } from "./diseases/definition";
import type { GeneTabDef } from "./geneTab";
import { goTab } from "./go/definition";
import { GoTermsTab, goTermsTabRequest } from "./go/GoTermsTab";
import { mutationsTab } from "./mutations/definition";
import { MutationsTab, mutationsTabRequest } from "./mutations/MutationsTab";
import { networkTab, networkTabRequest } from "./network/definition";
import { omimTab } from "./omim/definition";
import { OmimTab, omimTabRequest } from "./omim/OmimTab";
import { papersTab } from "./papers/definition";
import { PapersTab, papersTabRequests } from "./papers/PapersTab";
import { syngoTab } from "./syngo/definition";
import { SyngoTab, syngoTabRequest } from "./syngo/SyngoTab";

/**
 * A gene card's tab: its definition (its badge reading the card's fields), its body and the queries
 * its body asks as the server renders it (the gene's page preloads them; none: a further render loads it).
 */
export interface GeneTab {
  def: GeneTabDef<GeneCardFieldsFragment>;
  Body: ComponentType<{ geneId: number }>;
  queries?: (geneId: number) => AnyPageQuery[];
}

// The network tab draws with nivo: its code is fetched when the tab is first opened, not with the results.
const NetworkTab = lazy(() => import("./network/NetworkTab").then((m) => ({ default: m.NetworkTab })));

/** The tabs of a gene card, in the order shown (lib/geneTabs.ts GENE_TAB_KEYS); a tab is a folder here. */
export const GENE_TABS: GeneTab[] = [
  { def: papersTab, Body: PapersTab, queries: (id) => Object.values(papersTabRequests(id)) },
  { def: diseasesTab, Body: DiseasesTab, queries: (id) => [diseasesTabRequest(id)] },
  { def: mutationsTab, Body: MutationsTab, queries: (id) => [mutationsTabRequest(id)] },
  { def: omimTab, Body: OmimTab, queries: (id) => [omimTabRequest(id)] },
  { def: goTab, Body: GoTermsTab, queries: (id) => [goTermsTabRequest(id)] },
  { def: syngoTab, Body: SyngoTab, queries: (id) => [syngoTabRequest(id)] },
  { def: networkTab, Body: NetworkTab, queries: (id) => [networkTabRequest(id)] },
];
