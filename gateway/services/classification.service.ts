import type { DataSource } from "typeorm";
import { Chapter, Disease, DiseaseGene, Gene, OmimRecord } from "../../schema";
import { MATCHING_GENE_NAMES_SHOWN, searchChapter } from "../../schema/chapter-search";
import type {
  ChapterDetail,
  ChapterDisease,
  ChapterDiseasePage,
  ChapterGene,
  ChapterSummary,
} from "../../schema/classification.type";
import { compareText } from "../collation";
import { BadInputError } from "../errors";
import { HeldChapters } from "./held-chapters";
import { type PageRequest, pagination } from "./paging";
import type { ReleaseWatcher } from "./release-watcher";

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
    return `No disease of synaptic genes is classified in ICD-11 chapter ${c.chapter} (${c.name}).`;
  return `${plural(c.diseaseCount, "disease")} of ${plural(c.geneCount, "synaptic gene")} classified in ICD-11 chapter ${c.chapter} (${c.name}).`;
}

/** Spec 2 §5: the chapter list shows numeric chapters with at least this many diseases and genes. */
export const CHAPTER_MIN_DISEASES = 5;
export const CHAPTER_MIN_GENES = 5;

/**
 * The ICD-11 classification explorer. A disease's chapter has one derivation, used everywhere (this
 * explorer, diseases.csv, the analysis): `disease.icd11_chapter`, derived at import from the Disease
 * Ontology term's ICD xrefs, else its DO branch (`disease.icd11_chapter_basis` says which). A chapter's
 * diseases are the Disease Ontology terms with that chapter (with or without an OMIM id); its genes are
 * their genes (disease_gene). OMIM records only add the OMIM id, inheritance and ICD code.
 */
export class ClassificationService {
  private readonly held: HeldChapters;

  constructor(
    private readonly db: DataSource,
    releases: ReleaseWatcher,
  ) {
    this.held = new HeldChapters(releases, (code, genes) => this.readChapter(code, genes));
  }

  stop(): void {
    this.held.stop();
  }

  /**
   * The chapters the explorer lists (spec 2 §5): numeric chapters with at least 5 diseases and 5 genes,
   * by gene count descending (then chapter number). Every listed chapter opens with `chapter()`.
   */
  async chapters(): Promise<ChapterSummary[]> {
    const [chapters, diseases, genes] = await Promise.all([
      this.db.getRepository(Chapter).find({ order: { chapter: "ASC" } }),
      this.db
        .getRepository(Disease)
        .createQueryBuilder("d")
        .select("d.icd11_chapter", "chapter")
        .addSelect("COUNT(*)", "n")
        .where("d.icd11_chapter IS NOT NULL")
        .groupBy("d.icd11_chapter")
        .getRawMany<{ chapter: string; n: number | string }>(),
      this.db
        .getRepository(DiseaseGene)
        .createQueryBuilder("dg")
        .innerJoin(Disease, "d", "d.hdoid = dg.hdoid")
        .select("d.icd11_chapter", "chapter")
        .addSelect("COUNT(DISTINCT dg.gene_id)", "n")
        .where("d.icd11_chapter IS NOT NULL")
        .groupBy("d.icd11_chapter")
        .getRawMany<{ chapter: string; n: number | string }>(),
    ]);
    const diseaseCounts = new Map(diseases.map((r) => [r.chapter, Number(r.n)]));
    const geneCounts = new Map(genes.map((r) => [r.chapter, Number(r.n)]));
    return chapters
      .map((c) => {
        const counts = {
          chapter: c.chapter,
          name: c.name,
          diseaseCount: diseaseCounts.get(c.chapter) ?? 0,
          geneCount: geneCounts.get(c.chapter) ?? 0,
        };
        return { ...counts, description: describeChapter(counts) };
      })
      .filter(
        (c) =>
          CHAPTER_PATTERN.test(c.chapter) &&
          c.diseaseCount >= CHAPTER_MIN_DISEASES &&
          c.geneCount >= CHAPTER_MIN_GENES,
      )
      .sort((a, b) => b.geneCount - a.geneCount || a.chapter.localeCompare(b.chapter));
  }

  /**
   * One chapter with its diseases and their genes, held once read (HeldChapters). `chapter` must be two
   * digits ('01'); null when no such chapter exists.
   */
  async chapter(chapter: string): Promise<ChapterDetail | null> {
    return (await this.held.chapter(checkChapter(chapter)))?.detail ?? null;
  }

  /**
   * One page of a chapter's diseases that match the chapter search (schema/chapter-search.ts), in the
   * order of chapter()'s list; null when no such chapter exists. A page past the end (an old deep link)
   * serves the last page, and says so, as the other paged tables do.
   */
  async chapterDiseases(
    chapter: string,
    search: string,
    page: PageRequest,
  ): Promise<ChapterDiseasePage | null> {
    const held = await this.held.chapter(checkChapter(chapter));
    if (!held) return null;
    const result = searchChapter(held.search, search);
    const shown = Math.min(page.page, Math.max(1, Math.ceil(result.hits.length / page.pageSize)));
    const start = (shown - 1) * page.pageSize;
    return {
      search: result.term,
      diseases: result.hits.slice(start, start + page.pageSize),
      matchingGeneCount: result.matchingGeneNames.length,
      matchingGenes: result.matchingGeneNames.slice(0, MATCHING_GENE_NAMES_SHOWN),
      pagination: pagination({ ...page, page: shown }, result.hits.length),
    };
  }

  /**
   * The genes of one disease of a chapter, as in chapter()'s list; null when the chapter has no such
   * disease. The dialog asks for them when a disease is opened: a page of diseases with every gene
   * was up to 2.9 MB at 10x data (a search that lists Alzheimer's disease and its thousands of genes).
   */
  async chapterDiseaseGenes(chapter: string, hdoid: string): Promise<ChapterGene[] | null> {
    const held = await this.held.chapter(checkChapter(chapter));
    return held?.detail.diseases.find((d) => d.hdoid === hdoid)?.genes ?? null;
  }

  /**
   * One chapter with its diseases and their genes: four statements whatever the chapter's size. A gene
   * already in `geneById` is that object (the chapters held share their genes).
   */
  private async readChapter(code: string, geneById: Map<number, Gene>): Promise<ChapterDetail | null> {
    const row = await this.db.getRepository(Chapter).findOne({ where: { chapter: code } });
    if (!row) return null;
    const inChapter = "SELECT c.hdoid FROM disease c WHERE c.icd11_chapter = :code";
    const [diseaseRows, links, records] = await Promise.all([
      this.db
        .getRepository(Disease)
        .createQueryBuilder("d")
        .where("d.icd11_chapter = :code", { code })
        .getMany(),
      this.db
        .getRepository(DiseaseGene)
        .createQueryBuilder("dg")
        .innerJoinAndMapOne("dg.gene", Gene, "g", "g.id = dg.gene_id")
        .where(`dg.hdoid IN (${inChapter})`, { code })
        .getMany() as Promise<(DiseaseGene & { gene: Gene })[]>,
      this.db
        .getRepository(OmimRecord)
        .createQueryBuilder("o")
        .where(`o.hdoid IN (${inChapter})`, { code })
        .getMany(),
    ]);
    // One object per gene, whatever the number of its diseases and chapters: chapters are held.
    const genesOf = new Map<string, Map<number, Gene>>();
    for (const link of links) {
      let gene = geneById.get(link.gene.id);
      if (!gene) {
        gene = link.gene;
        geneById.set(gene.id, gene);
      }
      const genes = genesOf.get(link.hdoid) ?? new Map<number, Gene>();
      genes.set(gene.id, gene);
      genesOf.set(link.hdoid, genes);
    }
    const recordsOf = new Map<string, OmimRecord[]>();
    for (const r of records) {
      if (r.hdoid === null) continue;
      const list = recordsOf.get(r.hdoid);
      if (list) list.push(r);
      else recordsOf.set(r.hdoid, [r]);
    }
    const distinct = (values: (string | null)[]) =>
      [...new Set(values.filter((v): v is string => v !== null && v !== ""))].sort();
    const chapterGenes = new Set<number>();
    const diseases: ChapterDisease[] = diseaseRows.map((d) => {
      const group = recordsOf.get(d.hdoid) ?? [];
      const geneList: ChapterGene[] = [...(genesOf.get(d.hdoid)?.values() ?? [])]
        .map((gene) => ({ entrezId: gene.humanEntrez ?? gene.id, gene }))
        .sort((a, b) => compareText(a.gene.humanName, b.gene.humanName) || a.entrezId - b.entrezId);
      for (const g of geneList) chapterGenes.add(g.gene.id);
      const inheritance = distinct(group.map((r) => r.inheritance));
      const icdCodes = distinct(group.map((r) => r.icdCode));
      return {
        name: d.description,
        omimId: omimIdOf(group, d.omimIds),
        hdoid: d.hdoid,
        description: d.definition || null,
        inheritance: inheritance.length > 0 ? inheritance.join(", ") : null,
        inheritanceIsSynthetic: group.some((r) => r.syntheticFields.includes("inheritance")),
        icdCode:
          icdCodes.length > 0 ? icdCodes.join("; ") : d.icdCodes.length > 0 ? d.icdCodes.join("; ") : null,
        geneCount: geneList.length,
        genes: geneList,
      };
    });
    diseases.sort((a, b) => compareText(a.name, b.name) || compareText(a.hdoid ?? "", b.hdoid ?? ""));
    const counts = {
      chapter: row.chapter,
      name: row.name,
      diseaseCount: diseases.length,
      geneCount: chapterGenes.size,
    };
    return {
      ...counts,
      description: describeChapter(counts),
      specificChapter: `ICD-11 Chapter ${row.chapter}: ${row.name}`,
      diseases,
    };
  }
}

function checkChapter(chapter: string): string {
  const code = chapter.trim();
  if (!CHAPTER_PATTERN.test(code))
    throw new BadInputError("Invalid chapter: use a two-digit chapter such as 01");
  return code;
}

/** A disease's OMIM phenotype number: its OMIM records' lowest, else its first numeric DO xref; null when none. */
function omimIdOf(records: OmimRecord[], xrefs: string[]): number | null {
  if (records.length > 0) return Math.min(...records.map((r) => r.omimId));
  const numeric = xrefs.find((x) => /^\d+$/.test(x));
  return numeric ? Number(numeric) : null;
}
