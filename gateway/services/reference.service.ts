import type { DataSource } from "typeorm";
import { BrainRegion, DatasetRelease, GoTerm, Localisation, Method, Species } from "../../schema";

/** Small reference tables and the release record. */
export class ReferenceService {
  constructor(private readonly db: DataSource) {}

  localisations(): Promise<Localisation[]> {
    return this.db.getRepository(Localisation).find({ order: { name: "ASC" } });
  }

  species(): Promise<Species[]> {
    return this.db.getRepository(Species).find({ order: { taxid: "ASC" } });
  }

  methods(): Promise<Method[]> {
    return this.db.getRepository(Method).find({ order: { id: "ASC" } });
  }

  brainRegions(): Promise<BrainRegion[]> {
    return this.db.getRepository(BrainRegion).find({ order: { name: "ASC" } });
  }

  goTerm(goId: string): Promise<GoTerm | null> {
    return this.db.getRepository(GoTerm).findOne({ where: { goId } });
  }

  async goTermGeneIds(goId: string): Promise<number[]> {
    const rows = await this.db
      .createQueryBuilder()
      .select("gg.gene_id", "gene_id")
      .distinct(true)
      .from("go_gene", "gg")
      .where("gg.go_id = :goId", { goId })
      .orderBy("gg.gene_id")
      .getRawMany<{ gene_id: number }>();
    return rows.map((r) => Number(r.gene_id));
  }

  datasetRelease(): Promise<DatasetRelease | null> {
    return this.db.getRepository(DatasetRelease).findOne({ where: { id: 1 } });
  }
}
