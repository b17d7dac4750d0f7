import type { DataSource } from "typeorm";
import { DatasetRelease, Localisation } from "../../schema";

/** Small reference tables and the release record. */
export class ReferenceService {
  constructor(private readonly db: DataSource) {}

  localisations(): Promise<Localisation[]> {
    return this.db.getRepository(Localisation).find({ order: { name: "ASC" } });
  }

  datasetRelease(): Promise<DatasetRelease | null> {
    return this.db.getRepository(DatasetRelease).findOne({ where: { id: 1 } });
  }
}
