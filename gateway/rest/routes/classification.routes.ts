import type { CsvColumn } from "../../csv/csv-writer";
import { CHAPTER_PATTERN } from "../../services/classification.service";
import { arrayOf, object, type Shape } from "../response-schema";
import { csvRoute, type GraphQLData, type ParamSpec, type RestRoute } from "../route-table";

const chapterParam: ParamSpec = {
  name: "chapter",
  in: "path",
  type: "string",
  description: "Two-digit ICD-11 chapter number, e.g. 08.",
  pattern: CHAPTER_PATTERN.source,
  message: "Invalid chapter: use a two-digit chapter such as 01",
};
const chapterNotFound = { when: (d: GraphQLData) => d.icd11Chapter === null, message: "Chapter not found" };

const CHAPTER_DETAIL = `query Icd11Chapter($chapter: String!) {
  icd11Chapter(chapter: $chapter) {
    chapter name description diseaseCount geneCount specificChapter
    diseases {
      name omimId hdoid description inheritance inheritanceIsSynthetic icdCode geneCount
      genes { entrezId gene { humanName humanEntrez description aliases chromosomeLocation } }
    }
  }
}`;

/** The documented chapter summary (spec 2 §3). */
const chapterSummary = (c: GraphQLData) => ({
  chapter: c.chapter,
  name: c.name,
  description: c.description,
  disease_count: c.diseaseCount,
  gene_count: c.geneCount,
});

const chapterSummarySchema = (c: Shape) => ({
  chapter: c.f("chapter"),
  name: c.f("name"),
  description: c.f("description"),
  disease_count: c.f("diseaseCount"),
  gene_count: c.f("geneCount"),
});

const chapterDiseaseSchema = (d: Shape) =>
  object({
    name: d.f("name"),
    omim_id: d.f("omimId"),
    hdoid: d.f("hdoid"),
    description: d.f("description"),
    inheritance: d.f("inheritance"),
    inheritance_is_synthetic: d.f("inheritanceIsSynthetic"),
    icd_code: d.f("icdCode"),
    gene_count: d.f("geneCount"),
    genes: arrayOf(
      object({
        gene_name: d.f("genes.gene.humanName"),
        entrez_id: d.f("genes.entrezId"),
        human_entrez: d.f("genes.gene.humanEntrez"),
        full_name: d.f("genes.gene.description"),
        alias: d.f("genes.gene.aliases"),
        location: d.f("genes.gene.chromosomeLocation"),
      }),
    ),
  });

const chapterGene = (g: GraphQLData) => ({
  gene_name: g.gene.humanName,
  entrez_id: g.entrezId,
  human_entrez: g.gene.humanEntrez,
  full_name: g.gene.description,
  alias: g.gene.aliases,
  location: g.gene.chromosomeLocation,
});

const chapterDisease = (d: GraphQLData) => ({
  name: d.name,
  omim_id: d.omimId,
  hdoid: d.hdoid,
  description: d.description,
  inheritance: d.inheritance,
  inheritance_is_synthetic: d.inheritanceIsSynthetic,
  icd_code: d.icdCode,
  gene_count: d.geneCount,
  genes: (d.genes as GraphQLData[]).map(chapterGene),
});

interface ChapterCsvRow {
  chapter: GraphQLData;
  disease: GraphQLData;
  gene: GraphQLData;
}

const chapterColumns: CsvColumn<ChapterCsvRow>[] = [
  { header: "Chapter", value: (r) => r.chapter.chapter },
  { header: "Chapter Name", value: (r) => r.chapter.name },
  { header: "Disease", value: (r) => r.disease.name },
  { header: "OMIM ID", value: (r) => r.disease.omimId },
  { header: "Disease Ontology ID", value: (r) => r.disease.hdoid },
  { header: "Disease Description", value: (r) => r.disease.description },
  { header: "Inheritance", value: (r) => r.disease.inheritance },
  { header: "Inheritance Synthetic", value: (r) => (r.disease.inheritanceIsSynthetic ? "Yes" : "No") },
  { header: "ICD Code", value: (r) => r.disease.icdCode },
  { header: "Gene Symbol", value: (r) => r.gene.gene.humanName },
  { header: "Entrez ID", value: (r) => r.gene.entrezId },
  { header: "Gene Name", value: (r) => r.gene.gene.description },
  { header: "Aliases", value: (r) => (r.gene.gene.aliases as string[]).join(";") },
  { header: "Location", value: (r) => r.gene.gene.chromosomeLocation },
];

function* chapterRows(d: GraphQLData): Iterable<ChapterCsvRow> {
  const chapter = d.icd11Chapter;
  for (const disease of chapter.diseases as GraphQLData[])
    for (const gene of disease.genes as GraphQLData[]) yield { chapter, disease, gene };
}

export const classificationRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/disease-classifications",
    category: "Disease Classification",
    summary:
      "Every ICD-11 chapter with the number of OMIM phenotypes (diseases) of synaptic genes classified in it and of their genes.",
    params: [],
    operation: "query Icd11Chapters { icd11Chapters { chapter name description diseaseCount geneCount } }",
    variables: () => ({}),
    response: "json",
    schema: (op) => ({ data: arrayOf(object(chapterSummarySchema(op.at("icd11Chapters")))) }),
    map: (d) => ({
      data: (d.icd11Chapters as GraphQLData[]).map(chapterSummary),
      message: `${d.icd11Chapters.length} ICD-11 chapters`,
    }),
  },
  {
    method: "GET",
    path: "/api/disease-classifications/chapter/:chapter",
    category: "Disease Classification",
    summary:
      "One ICD-11 chapter with its diseases (OMIM phenotypes) and their genes. Inheritance is partly synthetic sample data (inheritance_is_synthetic).",
    params: [chapterParam],
    operation: CHAPTER_DETAIL,
    variables: (p) => ({ chapter: p.chapter }),
    notFound: chapterNotFound,
    response: "json",
    schema: (op) => {
      const c = op.at("icd11Chapter");
      return {
        data: object({
          ...chapterSummarySchema(c),
          specific_chapter: c.f("specificChapter"),
          diseases: arrayOf(chapterDiseaseSchema(c.at("diseases"))),
        }),
      };
    },
    map: (d) => {
      const c = d.icd11Chapter;
      return {
        data: {
          ...chapterSummary(c),
          specific_chapter: c.specificChapter,
          diseases: (c.diseases as GraphQLData[]).map(chapterDisease),
        },
        message: `Chapter ${c.chapter}: ${c.diseaseCount} diseases, ${c.geneCount} genes`,
      };
    },
  },
  csvRoute<ChapterCsvRow>({
    method: "GET",
    path: "/api/disease-classifications/chapter/:chapter/csv",
    category: "Disease Classification",
    summary: "One ICD-11 chapter as CSV: a row per disease and gene.",
    params: [chapterParam],
    operation: CHAPTER_DETAIL,
    variables: (p) => ({ chapter: p.chapter }),
    notFound: chapterNotFound,
    response: "csv",
    fileName: (d) => ["icd11", "chapter", d.icd11Chapter.chapter],
    columns: chapterColumns,
    rows: chapterRows,
  }),
];
