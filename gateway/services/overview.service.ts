import type { DataSource } from "typeorm";
import { DiseaseGene, Gene, OmimRecord, Paper, PaperGene } from "../../schema";
import type { DatasetOverview } from "../../schema/overview.type";

type CountRow = { n: number | string | null };
const toNumber = (row: CountRow | undefined) => Number(row?.n ?? 0);

/** The headline figures of the home page, counted from the loaded release (never typed into a text). */
export class OverviewService {
  constructor(private readonly db: DataSource) {}

  async overview(): Promise<DatasetOverview> {
    const repo = <T extends object>(entity: new () => T) => this.db.getRepository(entity);
    const [studies, proteins, consensus, diseaseGenes, disorders, omim] = await Promise.all([
      repo(Paper)
        .createQueryBuilder("p")
        .select("COUNT(*)", "n")
        .addSelect("SUM(CASE WHEN p.is_synthetic = :yes THEN 1 ELSE 0 END)", "synthetic")
        .where("p.kind = :kind", { kind: "proteomic", yes: true })
        .getRawOne<CountRow & { synthetic: number | string | null }>(),
      repo(PaperGene)
        .createQueryBuilder("pg")
        .select("COUNT(DISTINCT pg.gene_id)", "n")
        .addSelect("MAX(CASE WHEN pg.is_synthetic = :yes THEN 1 ELSE 0 END)", "synthetic")
        .setParameter("yes", true)
        .getRawOne<CountRow & { synthetic: number | string | null }>(),
      repo(Gene)
        .createQueryBuilder("g")
        .select("COUNT(*)", "n")
        .addSelect("MIN(g.paper_count)", "min")
        .where("g.is_consensus = :yes", { yes: true })
        .getRawOne<CountRow & { min: number | string | null }>(),
      repo(DiseaseGene)
        .createQueryBuilder("dg")
        .innerJoin(Gene, "g", "g.id = dg.gene_id")
        .select("COUNT(DISTINCT dg.gene_id)", "n")
        .where("g.is_consensus = :yes", { yes: true })
        .getRawOne<CountRow>(),
      repo(DiseaseGene)
        .createQueryBuilder("dg")
        .innerJoin(Gene, "g", "g.id = dg.gene_id")
        .select("COUNT(DISTINCT dg.hdoid)", "n")
        .where("g.is_consensus = :yes", { yes: true })
        .getRawOne<CountRow>(),
      repo(OmimRecord)
        .createQueryBuilder("o")
        .innerJoin(Gene, "g", "g.human_entrez = o.human_entrez")
        .select("COUNT(DISTINCT o.omim_id)", "n")
        .where("g.is_consensus = :yes", { yes: true })
        .getRawOne<CountRow>(),
    ]);
    const consensusGenes = toNumber(consensus);
    const diseaseLinkedGenes = toNumber(diseaseGenes);
    return {
      studies: toNumber(studies),
      syntheticStudies: Number(studies?.synthetic ?? 0),
      proteins: toNumber(proteins),
      includesSyntheticSamples: Number(proteins?.synthetic ?? 0) > 0,
      consensusGenes,
      consensusMinStudies:
        consensus?.min === null || consensus?.min === undefined ? null : Number(consensus.min),
      diseaseLinkedGenes,
      diseaseLinkedPercentage:
        consensusGenes === 0 ? 0 : Math.round((diseaseLinkedGenes / consensusGenes) * 1000) / 10,
      linkedDisorders: toNumber(disorders),
      omimPhenotypes: toNumber(omim),
    };
  }
}
