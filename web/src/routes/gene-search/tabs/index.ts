import { type ComponentType, lazy } from "react";
import type { GeneCardFieldsFragment } from "../../../gql/graphql";
import { DiseasesTab } from "./diseases/DiseasesTab";
import { diseasesTab } from "./diseases/definition";
import type { GeneTabDef } from "./geneTab";
import { goTab } from "./go/definition";
import { GoTermsTab } from "./go/GoTermsTab";
import { mutationsTab } from "./mutations/definition";
import { MutationsTab } from "./mutations/MutationsTab";
import { networkTab } from "./network/definition";
import { omimTab } from "./omim/definition";
import { OmimTab } from "./omim/OmimTab";
import { papersTab } from "./papers/definition";
import { PapersTab } from "./papers/PapersTab";
import { syngoTab } from "./syngo/definition";
import { SyngoTab } from "./syngo/SyngoTab";

/** A gene card's tab: its definition (its badge reading the card's fields) and its body. */
export interface GeneTab {
  def: GeneTabDef<GeneCardFieldsFragment>;
  Body: ComponentType<{ geneId: number }>;
}

// The network tab draws with nivo: its code is fetched when the tab is first opened, not with the results.
const NetworkTab = lazy(() => import("./network/NetworkTab").then((m) => ({ default: m.NetworkTab })));

/** The tabs of a gene card, in the order shown (lib/geneTabs.ts GENE_TAB_KEYS); a tab is a folder here. */
export const GENE_TABS: GeneTab[] = [
  { def: papersTab, Body: PapersTab },
  { def: diseasesTab, Body: DiseasesTab },
  { def: mutationsTab, Body: MutationsTab },
  { def: omimTab, Body: OmimTab },
  { def: goTab, Body: GoTermsTab },
  { def: syngoTab, Body: SyngoTab },
  { def: networkTab, Body: NetworkTab },
];
