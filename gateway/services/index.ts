import type { DataSource } from "typeorm";
import { GeneService } from "./gene.service";
import { ReferenceService } from "./reference.service";
import { StatsService } from "./stats.service";

export interface Services {
  genes: GeneService;
  reference: ReferenceService;
  stats: StatsService;
}

export function createServices(db: DataSource): Services {
  return { genes: new GeneService(db), reference: new ReferenceService(db), stats: new StatsService(db) };
}
