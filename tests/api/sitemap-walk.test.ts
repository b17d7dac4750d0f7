import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAddress } from "../../gateway/http/web-pages";
import { jsonLdProblems } from "../fixtures/schemaorg/validate-json-ld";
import { testDatabases } from "./databases";
import { type RunningPortal, startPortal } from "./portal";

const xml = new XMLParser({ isArray: (name) => name === "url" || name === "sitemap" });
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const jsonLdOf = (html: string): object[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!));

/**
 * The most pages of one kind rendered here, spread evenly over its sitemap (the first and the last
 * included): every URL of every kind is resolved, but rendering all 11,700 (about 50 ms each) would
 * take this file ten minutes. `node bench/sitemap-walk.mjs` renders every one against a running portal.
 */
const RENDERED_PER_KIND = 20;

/** Up to `count` of `paths`, evenly spread, the first and the last included. */
const spread = (paths: string[], count: number) =>
  paths.length <= count
    ? paths
    : Array.from({ length: count }, (_, i) => paths[Math.round((i * (paths.length - 1)) / (count - 1))]!);

/**
 * The sitemap as a search engine walks it: every URL it lists is a page at its own canonical address
 * (the address the gateway resolves it to is itself, so it answers 200, not a redirect or a 404), and
 * the pages rendered answer 200 with their own canonical link, a title no other page has and valid
 * JSON-LD.
 */
describe.each(testDatabases)("walking the sitemap ($kind)", (db) => {
  let api: RunningPortal;
  /** Every URL of the sitemap, by its shard's kind (gene, disease, screens...), as paths. */
  const byKind = new Map<string, string[]>();

  const saved = process.env.PAGE_DATA_TIMEOUT_MS;
  beforeAll(async () => {
    // Rendered pages must carry their data: on a machine busy with the rest of the suite a record
    // page's queries can pass the default 1 s, after which it would be sent loading.
    process.env.PAGE_DATA_TIMEOUT_MS = "15000";
    try {
      api = await startPortal(db);
    } finally {
      if (saved === undefined) delete process.env.PAGE_DATA_TIMEOUT_MS;
      else process.env.PAGE_DATA_TIMEOUT_MS = saved;
    }
    const read = async (url: string) => xml.parse(await (await fetch(url)).text());
    const index = await read(`${api.baseUrl}/sitemap.xml`);
    for (const { loc } of index.sitemapindex.sitemap as { loc: string }[]) {
      const kind = /\/sitemaps\/([a-z-]+)-\d+\.xml$/.exec(loc)![1]!;
      const urls = ((await read(loc)).urlset.url as { loc: string }[]).map((u) => u.loc);
      byKind.set(kind, [...(byKind.get(kind) ?? []), ...urls.map((url) => url.slice(api.baseUrl.length))]);
    }
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  it("lists only record pages at their canonical address (every one of them resolved)", async () => {
    let resolved = 0;
    const notCanonical: string[] = [];
    for (const [kind, paths] of byKind) {
      if (kind === "screens") continue;
      for (const path of paths) {
        const address = recordAddress(path);
        expect(address, path).not.toBeNull();
        const canonical = await api.portal.services.records.canonical(address!.kind, address!.identifier);
        if (canonical !== path) notCanonical.push(`${path} -> ${canonical}`);
        resolved++;
      }
    }
    expect(notCanonical).toEqual([]);
    expect(resolved).toBeGreaterThan(11_000);
  }, 120_000);

  it(`renders each page with its own canonical link, a unique title and valid JSON-LD (up to ${RENDERED_PER_KIND} pages of each kind)`, async () => {
    const walked: string[] = [];
    for (const paths of byKind.values()) walked.push(...spread(paths, RENDERED_PER_KIND));
    const titles = new Map<string, string>();
    const problems: string[] = [];
    for (const path of walked) {
      const response = await fetch(api.baseUrl + path, { redirect: "manual" });
      const html = await response.text();
      if (response.status !== 200) {
        problems.push(`${path}: ${response.status}`);
        continue;
      }
      if (canonicalOf(html) !== api.baseUrl + path) problems.push(`${path}: canonical ${canonicalOf(html)}`);
      const title = titleOf(html) ?? "";
      if (titles.has(title)) problems.push(`${path}: title "${title}" also of ${titles.get(title)}`);
      titles.set(title, path);
      const linkedData = jsonLdOf(html);
      // Every record page says what it is; a screen may or may not carry JSON-LD.
      if (recordAddress(path) && linkedData.length === 0) problems.push(`${path}: no JSON-LD`);
      for (const document of linkedData)
        for (const problem of await jsonLdProblems(document)) problems.push(`${path}: ${problem}`);
    }
    expect(problems).toEqual([]);
    expect(walked.length).toBeGreaterThan(100);
    for (const kind of ["screens", "gene", "disease", "study", "brain-region", "icd-chapter", "compartment"])
      expect(
        walked.some((path) => byKind.get(kind)?.includes(path)),
        kind,
      ).toBe(true);
  }, 180_000);
});
