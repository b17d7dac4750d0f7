import type { DataSource } from "typeorm";
import type { ListCounts } from "../../gateway/services/list-query";
import {
  DISEASE_GENES,
  DISEASE_MUTATIONS,
  DISEASE_PAPERS,
  type ListDefinition,
  listRows,
  PAPER_GENES,
  PAPER_MUTATIONS,
} from "../../gateway/services/lists/definitions";
import { Localisation, PaperGene } from "../../schema";

/**
 * The counts the release's read models hold (list_count), counted again by statements over the release's
 * tables: what read-models.test.ts compares them with. The gateway reads them from the read models only.
 */
export function listCountsBySql(db: DataSource) {
  const counts = <K>(def: ListDefinition, parents: readonly K[], keyOf: (grp: unknown) => K) =>
    countsOf(db, def, parents, keyOf, "COUNT(*)", "1");
  return {
    diseaseGeneCounts: (hdoids: readonly string[]) => counts(DISEASE_GENES, hdoids, String),
    diseaseMutationCounts: (hdoids: readonly string[]) => counts(DISEASE_MUTATIONS, hdoids, String),
    diseasePaperCounts: async (hdoids: readonly string[]) =>
      new Map([...(await counts(DISEASE_PAPERS, hdoids, String))].map(([key, c]) => [key, c.total])),
    paperMutationCounts: (pmids: readonly number[]) => counts(PAPER_MUTATIONS, pmids, Number),
    /** A study's distinct genes and distinct consensus genes (not its gene rows). */
    paperGeneCounts: (pmids: readonly number[]) =>
      countsOf(db, PAPER_GENES, pmids, Number, `COUNT(DISTINCT ${PAPER_GENES.item})`, PAPER_GENES.item, true),
    /** Compartment names a study reports genes in, alphabetically. */
    paperLocalizations: async (pmids: readonly number[]) => {
      const found = new Map<number, string[]>();
      if (pmids.length === 0) return found;
      const rows = await db
        .getRepository(PaperGene)
        .createQueryBuilder("pg")
        .innerJoin(Localisation, "l", "l.id = pg.localisation_id")
        .select("pg.pmid", "grp")
        .addSelect("l.name", "name")
        .where("pg.pmid IN (:...pmids)", { pmids })
        .groupBy("pg.pmid")
        .addGroupBy("l.name")
        .orderBy("l.name", "ASC")
        .getRawMany<{ grp: unknown; name: string }>();
      for (const r of rows) found.set(Number(r.grp), [...(found.get(Number(r.grp)) ?? []), String(r.name)]);
      return found;
    },
  };
}

/** Per parent: `total`, and the consensus rows' `counted` (COUNT, or COUNT DISTINCT when `distinct`). */
async function countsOf<K>(
  db: DataSource,
  def: ListDefinition,
  parents: readonly K[],
  keyOf: (grp: unknown) => K,
  total: string,
  counted: string,
  distinct = false,
): Promise<Map<K, ListCounts>> {
  if (parents.length === 0) return new Map();
  const consensus = `CASE WHEN ${def.consensus} = :modeYes THEN ${counted} END`;
  const rows = await listRows(db, def, parents)
    .select(def.parent, "grp")
    .addSelect(total, "total")
    .addSelect(distinct ? `COUNT(DISTINCT ${consensus})` : `COUNT(${consensus})`, "consensus")
    .groupBy(def.parent)
    .getRawMany<{ grp: unknown; total: unknown; consensus: unknown }>();
  return new Map(rows.map((r) => [keyOf(r.grp), { total: Number(r.total), consensus: Number(r.consensus) }]));
}
