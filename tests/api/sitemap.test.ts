import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SITEMAP_URLS_PER_FILE, screenPaths } from "../../gateway/http/sitemap";
import {
  chapterAddress,
  compartmentAddress,
  diseaseAddress,
  geneAddress,
  regionAddress,
  studyAddress,
} from "../../schema/entity-address";
import { testDatabases } from "./databases";
import { type RunningPortal, sharedPortal } from "./portal";

const releaseDir = path.resolve(__dirname, "../../seeds/data");
/** A file of the bundled release, as rows. */
const bundled = (name: string) =>
  parse(gunzipSync(readFileSync(path.join(releaseDir, `${name}.csv.gz`))), {
    columns: true,
    bom: true,
  }) as Record<string, string>[];
const manifest = JSON.parse(readFileSync(path.join(releaseDir, "dataset.json"), "utf8")) as { built: string };

const xml = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => name === "url" || name === "sitemap",
});
const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

interface Entry {
  loc: string;
  lastmod: string;
}

/**
 * A sitemap file read as the protocol (sitemaps.org 0.9) has it: well-formed UTF-8 XML, the protocol's
 * namespace on its root, entries of a <loc> (an absolute URL under `origin`, under 2,048 characters)
 * and a <lastmod> (a W3C date) and nothing else.
 */
function readSitemapFile(text: string, root: "urlset" | "sitemapindex", origin: string): Entry[] {
  expect(XMLValidator.validate(text)).toBe(true);
  expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const document = xml.parse(text) as Record<string, Record<string, unknown>>;
  const top = document[root];
  expect(top, root).toBeDefined();
  expect(top!["@_xmlns"]).toBe(NAMESPACE);
  const entries = (top![root === "urlset" ? "url" : "sitemap"] ?? []) as Record<string, unknown>[];
  for (const entry of entries) {
    expect(Object.keys(entry).sort()).toEqual(["lastmod", "loc"]);
    const loc = String(entry.loc);
    expect(loc.startsWith(`${origin}/`), loc).toBe(true);
    expect(loc.length).toBeLessThan(2048);
    expect(new URL(loc).href).toBe(loc);
    expect(String(entry.lastmod)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }
  return entries.map((entry) => ({ loc: String(entry.loc), lastmod: String(entry.lastmod) }));
}

describe.each(testDatabases)("/robots.txt and the sitemap on $kind", (db) => {
  let api: RunningPortal;
  /** Every shard file the index names, by its URL, with its entries. */
  const shards = new Map<string, Entry[]>();
  let indexEntries: Entry[];

  const text = async (url: string) => {
    const response = await fetch(url);
    expect(response.status, url).toBe(200);
    expect(response.headers.get("content-type"), url).toBe("application/xml; charset=utf-8");
    return response.text();
  };

  beforeAll(async () => {
    api = await sharedPortal(db);
    indexEntries = readSitemapFile(await text(`${api.baseUrl}/sitemap.xml`), "sitemapindex", api.baseUrl);
    for (const { loc } of indexEntries)
      shards.set(loc, readSitemapFile(await text(loc), "urlset", api.baseUrl));
  });
  afterAll(async () => {
    await api?.close();
  });
  afterEach(() => {
    delete process.env.PUBLIC_ORIGIN;
  });

  it("robots.txt names the sitemap index by its absolute URL", async () => {
    const response = await api.get("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const robots = await response.text();
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(new RegExp(`^Sitemap: ${api.baseUrl}/sitemap.xml$`, "m"));
  });

  it("the index lists its shard files, each at most 50,000 URLs, dated by the release", () => {
    expect(indexEntries.map((entry) => entry.loc.slice(api.baseUrl.length))).toEqual(
      expect.arrayContaining([
        "/sitemaps/screens-1.xml",
        "/sitemaps/gene-1.xml",
        "/sitemaps/disease-1.xml",
        "/sitemaps/study-1.xml",
        "/sitemaps/brain-region-1.xml",
        "/sitemaps/icd-chapter-1.xml",
        "/sitemaps/compartment-1.xml",
      ]),
    );
    for (const entry of indexEntries) {
      expect(entry.loc).toMatch(/\/sitemaps\/[a-z-]+-\d+\.xml$/);
      expect(entry.lastmod).toBe(manifest.built);
    }
    for (const [url, entries] of shards) {
      expect(entries.length, url).toBeGreaterThan(0);
      expect(entries.length, url).toBeLessThanOrEqual(SITEMAP_URLS_PER_FILE);
    }
  });

  it("lists every gene, disease and study of the bundled release, and every screen and reference page, once, dated by the release", () => {
    const listed = new Map<string, number>();
    for (const entries of shards.values())
      for (const { loc, lastmod } of entries) {
        expect(lastmod, loc).toBe(manifest.built);
        const page = loc.slice(api.baseUrl.length);
        listed.set(page, (listed.get(page) ?? 0) + 1);
      }
    const expected = [
      ...bundled("genes").map((gene) => geneAddress(gene.human_name!)),
      ...bundled("diseases").map((disease) => diseaseAddress(disease.hdoid!)),
      ...bundled("papers").map((paper) => studyAddress({ pmid: Number(paper.pmid), name: paper.name! })),
      ...bundled("brain_regions").map((region) => regionAddress(region.name!)),
      ...bundled("icd11_chapters").map((chapter) => chapterAddress(chapter.chapter!)),
      ...bundled("localisations").map((compartment) => compartmentAddress(compartment.name!)),
      ...screenPaths(path.resolve(__dirname, "../../web/dist")),
    ];
    expect(expected.length).toBeGreaterThan(11_000);
    expect(new Set(expected).size).toBe(expected.length);
    const missing = expected.filter((page) => !listed.has(page));
    const twice = [...listed].filter(([, count]) => count > 1).map(([page]) => page);
    expect(missing).toEqual([]);
    expect(twice).toEqual([]);
    expect(listed.size).toBe(expected.length);
    expect(listed.get("/gene/DLG4")).toBe(1);
    expect(listed.get("/disease/DOID:1826")).toBe(1);
    expect(listed.get("/study/10862698")).toBe(1);
  });

  it("gives every URL under PUBLIC_ORIGIN when the deployment sets it", async () => {
    process.env.PUBLIC_ORIGIN = "https://synaptopathy.example.org/";
    const origin = "https://synaptopathy.example.org";
    expect(await (await api.get("/robots.txt")).text()).toContain(`Sitemap: ${origin}/sitemap.xml\n`);
    const index = readSitemapFile(await text(`${api.baseUrl}/sitemap.xml`), "sitemapindex", origin);
    expect(index).toHaveLength(indexEntries.length);
    const genes = await text(`${api.baseUrl}/sitemaps/gene-1.xml`);
    const entries = readSitemapFile(genes, "urlset", origin);
    expect(entries.map((e) => e.loc)).toEqual(
      shards.get(`${api.baseUrl}/sitemaps/gene-1.xml`)!.map((e) => e.loc.replace(api.baseUrl, origin)),
    );
  });

  it("answers 404 for a shard that does not exist", async () => {
    for (const file of ["gene-99.xml", "nothing-1.xml", "gene-1.txt", "..%2Fpackage.json"]) {
      const response = await api.get(`/sitemaps/${file}`);
      expect(response.status, file).toBe(404);
      expect(await response.json()).toMatchObject({ success: false });
    }
  });
});
