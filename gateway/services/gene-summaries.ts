import type { DataSource } from "typeorm";
import { Gene, Localisation, PaperGene } from "../../schema";

/** A gene as the gene-list analysis and the compare screen's gene rows list it, before their own columns. */
export interface GeneSummary {
  geneId: number;
  symbol: string;
  description: string | null;
  humanEntrez: number | null;
  isConsensus: boolean;
  paperCount: number;
  /** The compartments the gene is reported in, each name once, by name. */
  compartments: string[];
}

/** The genes `ids` (one chunk: services/chunks.ts) as GeneSummary, by id; an unknown id is left out. */
export async function geneSummariesOf(
  db: DataSource,
  ids: readonly number[],
): Promise<Map<number, GeneSummary>> {
  const summaries = new Map<number, GeneSummary>();
  const genes = await db
    .getRepository(Gene)
    .createQueryBuilder("g")
    .where("g.id IN (:...ids)", { ids })
    .getMany();
  for (const g of genes)
    summaries.set(g.id, {
      geneId: g.id,
      symbol: g.humanName,
      description: g.description,
      humanEntrez: g.humanEntrez,
      isConsensus: Boolean(g.isConsensus),
      paperCount: g.paperCount,
      compartments: [],
    });
  const compartments = await db
    .getRepository(PaperGene)
    .createQueryBuilder("pg")
    .innerJoin(Localisation, "l", "l.id = pg.localisation_id")
    .select(["pg.gene_id AS gene_id", "l.name AS name"])
    .distinct(true)
    .where("pg.gene_id IN (:...ids)", { ids })
    .orderBy("l.name")
    .getRawMany<{ gene_id: number; name: string }>();
  for (const row of compartments) summaries.get(Number(row.gene_id))?.compartments.push(row.name);
  return summaries;
}
