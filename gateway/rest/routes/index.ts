import type { RestRoute } from "../route-table";
import { geneRoutes } from "./gene.routes";
import { statsRoutes } from "./stats.routes";

/** The REST route table: every documented path, in catalogue order. */
export const restRoutes: RestRoute[] = [...geneRoutes, ...statsRoutes];
