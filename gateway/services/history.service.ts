import type { DataSource } from "typeorm";
import { Disease, Localisation, Paper, PaperGene } from "../../schema";
import type { DiseaseHistory, GeneLocalizationHistory } from "../../schema/stats-views.type";
import { compareText } from "../collation";

type Raw = Record<string, string | number | null>;

export const SYNTHETIC_YEARS_NOTE = "Discovery years in this release are synthetic sample data";

/** The synaptopathy history charts: diseases by discovery year, gene localizations by study year. */
export class HistoryService {
  constructor(private readonly db: DataSource) {}

  /** New and accumulated diseases per discovery year (one statement). */
  async diseaseHistory(): Promise<DiseaseHistory> {
    const rows = await this.db
      .getRepository(Disease)
      .createQueryBuilder("d")
      .select("d.discovery_year", "year")
      .addSelect("COUNT(*)", "n")
      .addSelect("SUM(CASE WHEN d.discovery_year_is_synthetic = :yes THEN 1 ELSE 0 END)", "synthetic")
      .where("d.discovery_year IS NOT NULL")
      .groupBy("d.discovery_year")
      .setParameters({ yes: true })
      .getRawMany<Raw>();
    rows.sort((a, b) => Number(a.year) - Number(b.year));
    let accumulated = 0;
    const years = rows.map((r) => {
      accumulated += Number(r.n);
      return { year: Number(r.year), newDiseaseCount: Number(r.n), accumulatedDiseaseCount: accumulated };
    });
    const isSynthetic = rows.some((r) => Number(r.synthetic) > 0);
    return {
      isSynthetic,
      note: isSynthetic ? SYNTHETIC_YEARS_NOTE : "Discovery years come from the dataset release",
      years,
    };
  }

  /**
   * Distinct (gene, compartment) pairs reported by studies published up to each year: a pair counts
   * from the year of the first study that reported it. Four statements whatever the data size.
   */
  async geneLocalizationHistory(): Promise<GeneLocalizationHistory> {
    const [localisations, firsts, years, synthetic] = await Promise.all([
      this.db.getRepository(Localisation).find(),
      this.db
        .createQueryBuilder()
        .select("f.first_year", "year")
        .addSelect("f.localisation_id", "localisation_id")
        .addSelect("COUNT(*)", "n")
        .from(
          (qb) =>
            qb
              .select("pg.gene_id", "gene_id")
              .addSelect("pg.localisation_id", "localisation_id")
              .addSelect("MIN(p.year)", "first_year")
              .from(PaperGene, "pg")
              .innerJoin(Paper, "p", "p.pmid = pg.pmid")
              .groupBy("pg.gene_id")
              .addGroupBy("pg.localisation_id"),
          "f",
        )
        .groupBy("f.first_year")
        .addGroupBy("f.localisation_id")
        .getRawMany<Raw>(),
      this.db
        .getRepository(Paper)
        .createQueryBuilder("p")
        .select("DISTINCT p.year", "year")
        .where("p.pmid IN (SELECT x.pmid FROM paper_gene x)")
        .getRawMany<Raw>(),
      this.db
        .getRepository(PaperGene)
        .createQueryBuilder("pg")
        .select("COUNT(*)", "n")
        .where("pg.is_synthetic = :yes", { yes: true })
        .getRawOne<Raw>(),
    ]);
    localisations.sort((a, b) => compareText(a.name, b.name));
    const newPairs = new Map<string, number>();
    for (const r of firsts) newPairs.set(`${Number(r.year)}|${Number(r.localisation_id)}`, Number(r.n));
    const running = new Map(localisations.map((l) => [l.id, 0]));
    const sortedYears = years.map((r) => Number(r.year)).sort((a, b) => a - b);
    return {
      localizations: localisations.map((l) => l.name),
      years: sortedYears.map((year) => {
        const counts = localisations.map((l) => {
          const count = running.get(l.id)! + (newPairs.get(`${year}|${l.id}`) ?? 0);
          running.set(l.id, count);
          return { localization: l.name, count };
        });
        return { year, counts, totalAccumulated: counts.reduce((sum, c) => sum + c.count, 0) };
      }),
      includesSyntheticSamples: Number(synthetic?.n ?? 0) > 0,
    };
  }
}
