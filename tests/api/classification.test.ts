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

  it("reads a chapter in the same few statements whatever its size, once per release", async () => {
    // Chapters no other test of this file reads first: each is read here for the first time.
    const small = await api.get("/api/disease-classifications/chapter/04");
    const big = await api.get("/api/disease-classifications/chapter/11");
    expect(big.status).toBe(200);
    const n = Number(small.headers.get("x-sql-queries"));
    expect(n).toBeGreaterThan(0);
    expect(Number(big.headers.get("x-sql-queries"))).toBe(n);
    // Held from then on: the chapter dialog's pages and searches read no SQL.
    const again = await api.get("/api/disease-classifications/chapter/11");
    expect(again.status).toBe(200);
    expect(again.headers.get("x-sql-queries")).toBe("0");
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

  describe("a chapter's diseases, a page at a time (icd11ChapterDiseases)", () => {
    const PAGE = `query ($chapter: String!, $search: String, $page: Int, $pageSize: Int) {
      icd11ChapterDiseases(chapter: $chapter, search: $search, page: $page, pageSize: $pageSize) {
        search matchingGeneCount matchingGenes totalCount
        pagination { page pageSize total totalPages }
        diseases { hasMatchingGenes disease { name hdoid omimId description inheritance icdCode geneCount
          genes { entrezId gene { humanName description aliases chromosomeLocation } } } }
      }
    }`;
    interface Gene {
      entrezId: number;
      gene: {
        humanName: string;
        description: string | null;
        aliases: string[];
        chromosomeLocation: string | null;
      };
    }
    interface Disease {
      name: string;
      hdoid: string | null;
      omimId: number | null;
      description: string | null;
      inheritance: string | null;
      icdCode: string | null;
      geneCount: number;
      genes: Gene[];
    }
    interface Page {
      search: string;
      matchingGeneCount: number;
      matchingGenes: string[];
      totalCount: number;
      pagination: { page: number; pageSize: number; total: number; totalPages: number };
      diseases: { hasMatchingGenes: boolean; disease: Disease }[];
    }
    const page = async (variables: Record<string, unknown>) => {
      const { status, body } = await api.graphql<{ icd11ChapterDiseases: Page | null }>(PAGE, variables);
      expect(body.errors ?? []).toEqual([]);
      expect(status).toBe(200);
      return body.data!.icd11ChapterDiseases;
    };
    const whole = async (chapter: string) => {
      const { body } = await api.graphql<{ icd11Chapter: { diseases: Disease[] } }>(
        `query ($chapter: String!) { icd11Chapter(chapter: $chapter) { diseases { name hdoid omimId description
          inheritance icdCode geneCount genes { entrezId gene { humanName description aliases chromosomeLocation } } } } }`,
        { chapter },
      );
      return body.data!.icd11Chapter.diseases;
    };
    /** Every page of a search, concatenated. */
    const allPages = async (chapter: string, search: string, pageSize: number) => {
      const first = (await page({ chapter, search, page: 1, pageSize }))!;
      const rest = await Promise.all(
        Array.from({ length: Math.max(0, first.pagination.totalPages - 1) }, (_, i) =>
          page({ chapter, search, page: i + 2, pageSize }),
        ),
      );
      return { first, hits: [first, ...rest].flatMap((p) => p!.diseases) };
    };

    it("pages concatenated are the whole chapter's diseases, in its order", async () => {
      const diseases = await whole("08");
      expect(diseases.length).toBeGreaterThan(40);
      const { first, hits } = await allPages("08", "", 20);
      expect(first.pagination).toEqual({
        page: 1,
        pageSize: 20,
        total: diseases.length,
        totalPages: Math.ceil(diseases.length / 20),
      });
      expect(first.totalCount).toBe(diseases.length);
      expect(first.diseases).toHaveLength(20);
      expect(hits.map((h) => h.disease)).toEqual(diseases);
      expect(hits.every((h) => !h.hasMatchingGenes)).toBe(true);
      expect(first).toMatchObject({ search: "", matchingGeneCount: 0, matchingGenes: [] });
    });

    it("searches a disease's own fields, trimmed and lowercased", async () => {
      // Chapter 01: 'prion disease' has no OMIM id; GSS is OMIM 137440, inheritance AD (shown as 'Autosomal dominant (AD)').
      const byName = (await page({ chapter: "01", search: "  PRION Disease " }))!;
      expect(byName.search).toBe("prion disease");
      // GSS by its description ('A prion disease ...').
      expect(byName.diseases.map((h) => h.disease.name)).toEqual([
        "Gerstmann-Straussler-Scheinker syndrome",
        "prion disease",
      ]);
      const byOmim = (await page({ chapter: "01", search: "13744" }))!;
      expect(byOmim.diseases.map((h) => h.disease.omimId)).toEqual([137440]);
      const byInheritanceShown = (await page({ chapter: "01", search: "autosomal dominant" }))!;
      expect(byInheritanceShown.diseases.map((h) => h.disease.name)).toContain(
        "Gerstmann-Straussler-Scheinker syndrome",
      );
      const byIcd = (await page({ chapter: "01", search: "a81.9" }))!;
      expect(byIcd.diseases.map((h) => h.disease.hdoid)).toEqual(["DOID:649"]);
      expect(byIcd.diseases[0]!.hasMatchingGenes).toBe(false);
    });

    it("finds diseases through their genes' aliases and locations, and names the genes that matched", async () => {
      // PRNP (20p13, aliases CJD, GSS, PrP) is the gene of chapter 01's diseases with genes.
      const diseases = await whole("01");
      const withPrnp = diseases.filter((d) => d.genes.some((g) => g.gene.humanName === "PRNP"));
      expect(withPrnp.length).toBeGreaterThan(0);
      for (const search of ["20P13", "prp"]) {
        const result = (await page({ chapter: "01", search }))!;
        expect(result.matchingGenes, search).toEqual(["PRNP"]);
        expect(result.matchingGeneCount, search).toBe(1);
        const hits = result.diseases.filter((h) => h.hasMatchingGenes).map((h) => h.disease.name);
        expect(hits, search).toEqual(withPrnp.map((d) => d.name));
      }
    });

    it("searches a large chapter exactly as the rule says, over every page", async () => {
      const diseases = await whole("08");
      const term = "ar";
      const lower = (v: unknown) => (v === null || v === undefined ? "" : String(v).toLowerCase());
      const geneHit = (g: Gene) =>
        [g.gene.humanName, g.entrezId, g.gene.description, ...g.gene.aliases, g.gene.chromosomeLocation].some(
          (v) => v !== null && lower(v).includes(term),
        );
      const expected = diseases.filter(
        (d) =>
          d.genes.some(geneHit) ||
          [d.name, d.omimId, d.description, d.icdCode, d.inheritance].some(
            (v) => v !== null && lower(v).includes(term),
          ),
      );
      expect(expected.length).toBeGreaterThan(20);
      expect(expected.length).toBeLessThan(diseases.length);
      const { first, hits } = await allPages("08", "AR ", 25);
      expect(first.pagination.total).toBe(expected.length);
      expect(hits.map((h) => h.disease.hdoid)).toEqual(expected.map((d) => d.hdoid));
      const genes = new Set(expected.flatMap((d) => d.genes.filter(geneHit).map((g) => g.gene.humanName)));
      expect(first.matchingGeneCount).toBe(genes.size);
      expect(first.matchingGenes).toEqual([...genes].sort((a, b) => a.localeCompare(b)).slice(0, 10));
    });

    it("serves the last page for a page past the end, and says so", async () => {
      const result = (await page({ chapter: "01", page: 9, pageSize: 20 }))!;
      expect(result.diseases).toHaveLength(4);
      expect(result.pagination).toEqual({ page: 1, pageSize: 20, total: 4, totalPages: 1 });
      const none = (await page({ chapter: "01", search: "no such text anywhere" }))!;
      expect(none.diseases).toEqual([]);
      expect(none.pagination.total).toBe(0);
    });

    it("answers null for no such chapter and refuses a bad chapter or page", async () => {
      expect(await page({ chapter: "28" })).toBeNull();
      for (const [variables, message] of [
        [{ chapter: "8" }, "Invalid chapter: use a two-digit chapter such as 01"],
        [{ chapter: "08", page: 0 }, "page must be a whole number of at least 1"],
        [{ chapter: "08", pageSize: 101 }, "pageSize must be a whole number from 1 to 100"],
      ] as const) {
        const { body } = await api.graphql(PAGE, variables);
        expect(body.errors?.[0]).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT" } });
      }
    });

    it("gives an opened disease's genes as the whole chapter lists them", async () => {
      const diseases = await whole("08");
      const most = diseases.reduce((a, b) => (b.genes.length > a.genes.length ? b : a));
      expect(most.genes.length).toBeGreaterThan(100);
      const GENES = `query ($chapter: String!, $hdoid: String!) { icd11ChapterDiseaseGenes(chapter: $chapter, hdoid: $hdoid) {
        entrezId gene { humanName description aliases chromosomeLocation } } }`;
      const { body } = await api.graphql<{ icd11ChapterDiseaseGenes: Gene[] | null }>(GENES, {
        chapter: "08",
        hdoid: most.hdoid,
      });
      expect(body.data?.icd11ChapterDiseaseGenes).toEqual(most.genes);
      // A disease of another chapter is not one of this chapter's.
      const other = await api.graphql<{ icd11ChapterDiseaseGenes: Gene[] | null }>(GENES, {
        chapter: "01",
        hdoid: most.hdoid,
      });
      expect(other.body.data?.icd11ChapterDiseaseGenes).toBeNull();
    });

    it("is what the cost limit points to when a whole chapter is too much", async () => {
      const { status, body } = await api.graphql(
        `{ icd11Chapter(chapter: "08") { diseases { genes { gene { humanName interactors { id papers { pmid } } } } } } }`,
      );
      expect(status).toBe(400);
      expect(body.errors?.[0]?.extensions?.code).toBe("QUERY_TOO_EXPENSIVE");
      expect(body.errors?.[0]?.message).toMatch(
        /^Query is too expensive: .*; page ChapterDetail\.diseases with icd11ChapterDiseases\(chapter, search, page, pageSize\)\.$/,
      );
    });
  });
});
