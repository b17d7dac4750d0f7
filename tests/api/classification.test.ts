import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "./databases";
import { type RunningPortal, sharedPortal } from "./portal";

interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data: T;
}
interface ChapterSummary {
  chapter: string;
  name: string;
  description: string;
  disease_count: number;
  gene_count: number;
}
interface ChapterGene {
  gene_name: string;
  entrez_id: number;
  human_entrez: number;
  full_name: string | null;
  alias: string[];
  location: string | null;
}
interface ChapterDisease {
  name: string;
  omim_id: number;
  hdoid: string | null;
  description: string | null;
  inheritance: string | null;
  inheritance_is_synthetic: boolean;
  icd_code: string | null;
  gene_count: number;
  genes: ChapterGene[];
}
interface ChapterDetail extends ChapterSummary {
  specific_chapter: string;
  diseases: ChapterDisease[];
}

const parseCsv = (text: string) =>
  parse(text, { columns: true, relax_quotes: false, relax_column_count: false }) as Record<string, string>[];
const cell = (v: unknown) => (v === null || v === undefined ? "" : String(v));

describe.each(testDatabases)("ICD-11 classification on $kind", (db) => {
  let api: RunningPortal;
  beforeAll(async () => {
    api = await sharedPortal(db);
  });
  afterAll(async () => {
    await api?.close();
  });

  it("lists the explorer's chapters (spec 2 §5) with disease and gene counts, by gene count", async () => {
    const { status, body } = await api.json<Envelope<ChapterSummary[]>>("/api/disease-classifications");
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    // Numeric chapters with >= 5 diseases and >= 5 genes; 01, 07, 17, 18, 21, V and X are left out.
    expect(body.data.map((c) => c.chapter)).toEqual([
      "06",
      "08",
      "20",
      "05",
      "11",
      "15",
      "09",
      "04",
      "03",
      "02",
      "14",
      "16",
      "10",
      "13",
      "12",
      "19",
    ]);
    expect(body.message).toBe("16 ICD-11 chapters");
    const nervous = body.data.find((c) => c.chapter === "08");
    expect(nervous).toMatchObject({
      name: "Diseases of the nervous system",
      disease_count: 842,
      gene_count: 1853,
    });
    expect(nervous?.description).toContain("842 diseases of 1853 synaptic genes");
    // The home page shows the first four.
    expect(body.data.slice(0, 4).map((c) => c.chapter)).toEqual(["06", "08", "20", "05"]);
  });

  it("details a chapter: its diseases with OMIM ids, inheritance and genes", async () => {
    const { status, body } = await api.json<Envelope<ChapterDetail>>(
      "/api/disease-classifications/chapter/01",
    );
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({
      chapter: "01",
      name: "Certain infectious or parasitic diseases",
      specific_chapter: "ICD-11 Chapter 01: Certain infectious or parasitic diseases",
      disease_count: 4,
      gene_count: 1,
    });
    // Every Disease Ontology term of the chapter, with or without an OMIM id (prion disease has none).
    expect(body.data.diseases.map((d) => d.name)).toEqual([
      "Creutzfeldt-Jakob disease",
      "fatal familial insomnia",
      "Gerstmann-Straussler-Scheinker syndrome",
      "prion disease",
    ]);
    expect(body.data.diseases[3]).toMatchObject({
      hdoid: "DOID:649",
      omim_id: null,
      icd_code: "ICD10CM:A81.9",
    });
    const gss = body.data.diseases[2]!;
    expect(gss).toMatchObject({
      omim_id: 137440,
      hdoid: "DOID:4249",
      inheritance: "AD",
      inheritance_is_synthetic: true,
      icd_code: "A81.82",
      gene_count: 1,
    });
    expect(gss.description).toMatch(/^A prion disease/);
    expect(gss.genes).toEqual([
      {
        gene_name: "PRNP",
        entrez_id: 5621,
        human_entrez: 5621,
        full_name: "prion protein",
        alias: expect.arrayContaining(["CJD", "GSS", "PrP"]),
        location: "20p13",
      },
    ]);
  });

  it("marks real and synthetic inheritance apart", async () => {
    const { body } = await api.json<Envelope<ChapterDetail>>("/api/disease-classifications/chapter/06");
    const dlg4 = body.data.diseases.find((d) => d.omim_id === 618793);
    expect(dlg4).toMatchObject({
      name: "autosomal dominant intellectual developmental disorder 62",
      inheritance_is_synthetic: true,
    });
    expect(dlg4?.genes.map((g) => g.gene_name)).toEqual(["DLG4"]);
    const grin2b = body.data.diseases.find((d) => d.omim_id === 613970);
    expect(grin2b).toMatchObject({ inheritance: "AD", inheritance_is_synthetic: false });
    const genes = new Set(body.data.diseases.flatMap((d) => d.genes.map((g) => g.human_entrez)));
    expect(genes.size).toBe(body.data.gene_count);
    expect(body.data.diseases).toHaveLength(body.data.disease_count);
    for (const d of body.data.diseases) expect(d.genes).toHaveLength(d.gene_count);
  });

  it.each([
    ["/api/disease-classifications/chapter/8", 400, "Invalid chapter: use a two-digit chapter such as 01"],
    ["/api/disease-classifications/chapter/abc", 400, "Invalid chapter: use a two-digit chapter such as 01"],
    ["/api/disease-classifications/chapter/X", 400, "Invalid chapter: use a two-digit chapter such as 01"],
    [
      "/api/disease-classifications/chapter/008/csv",
      400,
      "Invalid chapter: use a two-digit chapter such as 01",
    ],
    ["/api/disease-classifications/chapter/99", 404, "Chapter not found"],
    ["/api/disease-classifications/chapter/27/csv", 404, "Chapter not found"],
  ])("GET %s answers %i", async (path, status, message) => {
    const response = await api.json<Envelope>(path);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ success: false, message });
  });

  it("answers an existing chapter without classified diseases with an empty list", async () => {
    const { status, body } = await api.json<Envelope<ChapterDetail>>(
      "/api/disease-classifications/chapter/17",
    );
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ chapter: "17", disease_count: 0, gene_count: 0, diseases: [] });
  });

  it.each(["01", "06"])(
    "exports chapter %s as a CSV row per disease and gene, as in the JSON",
    async (chapter) => {
      const response = await api.get(`/api/disease-classifications/chapter/${chapter}/csv`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/csv");
      expect(response.headers.get("content-disposition")).toBe(
        `attachment; filename="icd11_chapter_${chapter}_v0.1.0.csv"`,
      );
      const rows = parseCsv(await response.text());
      const json = (
        await api.json<Envelope<ChapterDetail>>(`/api/disease-classifications/chapter/${chapter}`)
      ).body.data;
      const expected = json.diseases.flatMap((d) =>
        d.genes.map((g) => ({
          Chapter: json.chapter,
          "Chapter Name": json.name,
          Disease: d.name,
          "OMIM ID": cell(d.omim_id),
          "Disease Ontology ID": cell(d.hdoid),
          "Disease Description": cell(d.description),
          Inheritance: cell(d.inheritance),
          "Inheritance Synthetic": d.inheritance_is_synthetic ? "Yes" : "No",
          "ICD Code": cell(d.icd_code),
          "Gene Symbol": g.gene_name,
          "Entrez ID": cell(g.entrez_id),
          "Gene Name": cell(g.full_name),
          Aliases: g.alias.join(";"),
          Location: cell(g.location),
        })),
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(rows).toEqual(expected);
    },
  );

  it("keeps SQL round trips flat whatever the chapter's size", async () => {
    const small = await api.get("/api/disease-classifications/chapter/01");
    const big = await api.get("/api/disease-classifications/chapter/08");
    expect(big.status).toBe(200);
    const n = Number(small.headers.get("x-sql-queries"));
    expect(n).toBeGreaterThan(0);
    expect(Number(big.headers.get("x-sql-queries"))).toBe(n);
  });

  it("serves the chapters through GraphQL, flagging synthetic inheritance", async () => {
    const { body } = await api.graphql<{
      icd11Chapter: { diseases: { omimId: number; inheritanceIsSynthetic: boolean }[] } | null;
      missing: unknown;
    }>(`{ icd11Chapter(chapter: "01") { diseases { omimId inheritanceIsSynthetic } }
          missing: icd11Chapter(chapter: "28") { chapter } }`);
    expect(body.data?.icd11Chapter?.diseases).toHaveLength(4);
    expect(body.data?.missing).toBeNull();
    const bad = await api.graphql('{ icd11Chapter(chapter: "1") { chapter } }');
    expect(bad.body.errors?.[0]).toMatchObject({
      message: "Invalid chapter: use a two-digit chapter such as 01",
      extensions: { code: "BAD_USER_INPUT" },
    });
  });
});
