import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "./databases";
import { type RunningPortal, startPortal } from "./portal";

/** Issue 17: deviations of the REST contract from spec 2 (§3, §5, §7, §8), one test each. */

interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data: T;
  [extra: string]: unknown;
}
interface ChapterSummary {
  chapter: string;
  disease_count: number;
  gene_count: number;
}

const parseCsv = (text: string) => parse(text, { columns: true }) as Record<string, string>[];

describe.each(testDatabases)("REST deviations of issue 17 on $kind", (db) => {
  let api: RunningPortal;
  beforeAll(async () => {
    api = await startPortal(db);
  });
  afterAll(async () => {
    await api?.close();
  });

  it("lists only numeric chapters with >= 5 diseases and >= 5 genes, by gene count descending, and each opens", async () => {
    const { status, body } = await api.json<Envelope<ChapterSummary[]>>("/api/disease-classifications");
    expect(status).toBe(200);
    const chapters = body.data.map((c) => c.chapter);
    expect(chapters).not.toContain("V");
    expect(chapters).not.toContain("X");
    for (const c of body.data) {
      expect(c.chapter).toMatch(/^\d+$/);
      expect(c.disease_count).toBeGreaterThanOrEqual(5);
      expect(c.gene_count).toBeGreaterThanOrEqual(5);
    }
    const counts = body.data.map((c) => c.gene_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(body.data.length).toBeGreaterThan(4);
    for (const c of body.data) {
      const opened = await api.get(`/api/disease-classifications/chapter/${c.chapter}`);
      expect({ chapter: c.chapter, status: opened.status }).toEqual({ chapter: c.chapter, status: 200 });
    }
  });

  it("a disease's chapter has one derivation: the explorer and diseases.csv agree (chapter 08: 842)", async () => {
    const csv = parseCsv(await (await api.get("/api/diseases")).text());
    const inCsv = csv.filter((r) => r["ICD-11 Chapter"] === "08");
    expect(inCsv).toHaveLength(842);
    const list = await api.json<Envelope<ChapterSummary[]>>("/api/disease-classifications");
    expect(list.body.data.find((c) => c.chapter === "08")?.disease_count).toBe(842);
    const detail = await api.json<
      Envelope<{ disease_count: number; diseases: { hdoid: string; omim_id: number | null }[] }>
    >("/api/disease-classifications/chapter/08");
    expect(detail.body.data.disease_count).toBe(842);
    expect(new Set(detail.body.data.diseases.map((d) => d.hdoid))).toEqual(
      new Set(inCsv.map((r) => r.HDOID)),
    );
    // A disease without an OMIM id still counts.
    const withoutOmim = inCsv.filter((r) => r["OMIM IDs"] === "").map((r) => r.HDOID);
    expect(withoutOmim.length).toBeGreaterThan(0);
    expect(detail.body.data.diseases.find((d) => d.hdoid === withoutOmim[0])?.omim_id).toBeNull();
    // Every chapter of the list: its count is its number of rows in diseases.csv.
    for (const c of list.body.data)
      expect({ chapter: c.chapter, n: c.disease_count }).toEqual({
        chapter: c.chapter,
        n: csv.filter((r) => r["ICD-11 Chapter"] === c.chapter).length,
      });
  });
});
