import type { DataSource } from "typeorm";
import { Chapter, Disease, Gene, OmimRecord } from "../../schema";
import type {
  ChapterDetail,
  ChapterDisease,
  ChapterGene,
  ChapterSummary,
} from "../../schema/classification.type";
import { compareText } from "../collation";
import { BadInputError } from "../errors";

/** An ICD-11 chapter: two digits ('01'). */
export const CHAPTER_PATTERN = /^\d{2}$/;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function describeChapter(c: {
  chapter: string;
  name: string;
  diseaseCount: number;
  geneCount: number;
}): string {
  if (c.diseaseCount === 0)
    return `No synaptic gene phenotype is classified in ICD-11 chapter ${c.chapter} (${c.name}).`;
  return `${plural(c.diseaseCount, "OMIM phenotype")} of ${plural(c.geneCount, "synaptic gene")} classified in ICD-11 chapter ${c.chapter} (${c.name}).`;
}

/** The ICD-11 classification explorer: OMIM phenotypes of synaptic genes grouped by ICD-11 chapter. */
export class ClassificationService {
  constructor(private readonly db: DataSource) {}

  /** Every ICD-11 chapter, in chapter order, with its disease and gene counts (0 when none). */
  async chapters(): Promise<ChapterSummary[]> {
    const [chapters, diseases, genes] = await Promise.all([
      this.db.getRepository(Chapter).find({ order: { chapter: "ASC" } }),
      this.db
        .createQueryBuilder()
        .select("t.chapter", "chapter")
        .addSelect("COUNT(*)", "n")
        .from(
          (qb) =>
            qb
              .select("o.icd11_chapter", "chapter")
              .addSelect("o.omim_id", "omim_id")
              .addSelect("o.hdoid", "hdoid")
              .distinct(true)
              .from(OmimRecord, "o"),
          "t",
        )
        .groupBy("t.chapter")
        .getRawMany<{ chapter: string | null; n: number | string }>(),
      this.db
        .getRepository(OmimRecord)
        .createQueryBuilder("o")
        .select("o.icd11_chapter", "chapter")
        .addSelect("COUNT(DISTINCT o.human_entrez)", "n")
        .groupBy("o.icd11_chapter")
        .getRawMany<{ chapter: string | null; n: number | string }>(),
    ]);
    const diseaseCounts = new Map(diseases.map((r) => [r.chapter, Number(r.n)]));
    const geneCounts = new Map(genes.map((r) => [r.chapter, Number(r.n)]));
    return chapters.map((c) => {
      const counts = {
        chapter: c.chapter,
        name: c.name,
        diseaseCount: diseaseCounts.get(c.chapter) ?? 0,
        geneCount: geneCounts.get(c.chapter) ?? 0,
      };
      return { ...counts, description: describeChapter(counts) };
    });
  }

  /**
   * One chapter with its phenotypes and their genes: four statements whatever the chapter's size.
   * `chapter` must be two digits ('01'); null when no such chapter exists.
   */
  async chapter(chapter: string): Promise<ChapterDetail | null> {
    const code = chapter.trim();
    if (!CHAPTER_PATTERN.test(code))
      throw new BadInputError("Invalid chapter: use a two-digit chapter such as 01");
    const row = await this.db.getRepository(Chapter).findOne({ where: { chapter: code } });
    if (!row) return null;
    const inChapter = "SELECT r.human_entrez FROM omim_record r WHERE r.icd11_chapter = :code";
    const [records, genes, definitions] = await Promise.all([
      this.db
        .getRepository(OmimRecord)
        .createQueryBuilder("o")
        .where("o.icd11_chapter = :code", { code })
        .getMany(),
      this.db
        .getRepository(Gene)
        .createQueryBuilder("g")
        .where(`g.human_entrez IN (${inChapter})`, { code })
        .getMany(),
      this.db
        .getRepository(Disease)
        .createQueryBuilder("d")
        .select(["d.hdoid", "d.definition"])
        .where("d.hdoid IN (SELECT r.hdoid FROM omim_record r WHERE r.icd11_chapter = :code)", { code })
        .getMany(),
    ]);
    const geneByEntrez = new Map<number, Gene>();
    for (const g of genes)
      if (g.humanEntrez !== null && !geneByEntrez.has(g.humanEntrez)) geneByEntrez.set(g.humanEntrez, g);
    const definition = new Map(definitions.map((d) => [d.hdoid, d.definition]));

    const byDisease = new Map<string, OmimRecord[]>();
    for (const r of records) {
      const key = `${r.omimId}|${r.hdoid ?? ""}`;
      const list = byDisease.get(key);
      if (list) list.push(r);
      else byDisease.set(key, [r]);
    }
    const diseases: ChapterDisease[] = [...byDisease.values()].map((group) => {
      const first = group[0]!;
      const chapterGenes = new Map<number, ChapterGene>();
      for (const r of group) {
        const gene = geneByEntrez.get(r.humanEntrez);
        if (gene && !chapterGenes.has(r.humanEntrez))
          chapterGenes.set(r.humanEntrez, { entrezId: r.humanEntrez, gene });
      }
      const geneList = [...chapterGenes.values()].sort(
        (a, b) => compareText(a.gene.humanName, b.gene.humanName) || a.entrezId - b.entrezId,
      );
      const distinct = (values: (string | null)[]) =>
        [...new Set(values.filter((v): v is string => v !== null && v !== ""))].sort();
      const inheritance = distinct(group.map((r) => r.inheritance));
      const icdCodes = distinct(group.map((r) => r.icdCode));
      return {
        name: first.phenotype ?? `OMIM ${first.omimId}`,
        omimId: first.omimId,
        hdoid: first.hdoid,
        description: (first.hdoid ? definition.get(first.hdoid) : null) || null,
        inheritance: inheritance.length > 0 ? inheritance.join(", ") : null,
        inheritanceIsSynthetic: group.some((r) => r.syntheticFields.includes("inheritance")),
        icdCode: icdCodes.length > 0 ? icdCodes.join("; ") : null,
        geneCount: geneList.length,
        genes: geneList,
      };
    });
    diseases.sort((a, b) => compareText(a.name, b.name) || a.omimId - b.omimId);
    const counts = {
      chapter: row.chapter,
      name: row.name,
      diseaseCount: diseases.length,
      geneCount: new Set(records.map((r) => r.humanEntrez)).size,
    };
    return {
      ...counts,
      description: describeChapter(counts),
      specificChapter: `ICD-11 Chapter ${row.chapter}: ${row.name}`,
      diseases,
    };
  }
}
