import type { DataSource } from "typeorm";
import { Localisation, PaperGene } from "../../schema";

/**
 * The compartments genes `ids` are reported in, each name once per gene, by name: the column the
 * gene-list analysis and the compare screen's gene rows show. `ids` is one chunk (services/chunks.ts).
 */
export async function compartmentNamesOf(
  db: DataSource,
  ids: number[],
): Promise<{ geneId: number; name: string }[]> {
  const rows = await db
    .getRepository(PaperGene)
    .createQueryBuilder("pg")
    .innerJoin(Localisation, "l", "l.id = pg.localisation_id")
    .select(["pg.gene_id AS gene_id", "l.name AS name"])
    .distinct(true)
    .where("pg.gene_id IN (:...ids)", { ids })
    .orderBy("l.name")
    .getRawMany<{ gene_id: number; name: string }>();
  return rows.map((row) => ({ geneId: Number(row.gene_id), name: row.name }));
}
