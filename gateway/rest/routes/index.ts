import type { RestRoute } from "../route-table";
import { catalogRoutes } from "./catalog.routes";
import { classificationRoutes } from "./classification.routes";
import { diseaseRoutes } from "./disease.routes";
import { exportRoutes } from "./export.routes";
import { geneRoutes } from "./gene.routes";
import { paperRoutes } from "./paper.routes";
import { proteinRoutes } from "./proteins.routes";
import { searchRoutes } from "./search.routes";
import { statsRoutes } from "./stats.routes";

/** The REST route table: every documented path, in catalogue order. */
export const restRoutes: RestRoute[] = [
  ...geneRoutes,
  ...statsRoutes,
  ...proteinRoutes,
  ...classificationRoutes,
  ...searchRoutes,
  ...exportRoutes,
  ...diseaseRoutes,
  ...paperRoutes,
  ...catalogRoutes,
];
