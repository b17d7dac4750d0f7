import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonLdProblems } from "../fixtures/schemaorg/validate-json-ld";
import { testDatabases } from "./databases";
import { type RunningPortal, startPortal } from "./portal";

const STATE = /<script type="application\/json" id="apollo-state">/;
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
/** Every JSON-LD object the page's head carries. */
const jsonLdOf = (html: string): object[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!));
const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];

/**
 * Every gene, disease and study has a page of its own at one canonical address (schema/entity-address.ts),
 * rendered by the gateway with the record's card and every tab's first page; any other identifier of
 * the record is sent there with a 301, and an address that names no record is the Not Found screen
 * (404) with the nearest records.
 */
describe.each(testDatabases)("record pages ($kind)", (db) => {
  let api: RunningPortal;
  const page = (path: string) => fetch(api.baseUrl + path, { redirect: "manual" });

  const saved = process.env.PAGE_DATA_TIMEOUT_MS;
  beforeAll(async () => {
    // A page whose data takes over PAGE_DATA_TIMEOUT_MS (1 s) is sent loading: on a machine busy with
    // the rest of the suite a record page's eight queries can, so this file's gateway waits longer.
    process.env.PAGE_DATA_TIMEOUT_MS = "15000";
    try {
      api = await startPortal(db);
    } finally {
      if (saved === undefined) delete process.env.PAGE_DATA_TIMEOUT_MS;
      else process.env.PAGE_DATA_TIMEOUT_MS = saved;
    }
    // The first render of each kind loads its screen's code: not what the tests look at (a page whose
    // data takes over PAGE_DATA_TIMEOUT_MS is sent loading, and not kept).
    for (const path of ["/gene/DLG4", "/disease/DOID:1826", "/study/10862698", "/brain-region/brain"])
      await (await page(path)).text();
  });
  afterAll(() => api?.close());

  it("renders a gene's page with its card, its tabs' data, a unique head and a canonical link", async () => {
    const response = await page("/gene/DLG4");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(titleOf(html)).toBe("DLG4: discs large MAGUK scaffold protein 4 | SynaptopathyDB");
    expect(canonicalOf(html)).toBe(`${api.baseUrl}/gene/DLG4`);
    expect(html).toContain(`<meta property="og:url" content="${api.baseUrl}/gene/DLG4">`);
    expect(descriptionOf(html)).toMatch(
      /^DLG4 \(discs large MAGUK scaffold protein 4\), .* 51 studies: 22 associated diseases/,
    );
    expect(html).toContain('data-gene="DLG4"');
    expect(html).toMatch(/<h1 class="gene-card-heading record-heading">/);
    // Every tab's panel is in the page; the chart tab (network) only when it is chosen.
    for (const tab of ["papers", "diseases", "mutations", "omim", "go", "syngo", "network"])
      expect(html).toContain(`data-testid="panel-${tab}"`);
    expect(html).toContain("POSTSYNE_2022_SAMPLE"); // the publications tab's first page
    expect(html).toMatch(/data-testid="panel-diseases"[\s\S]*DOID:/); // the diseases tab's
    expect(html).not.toMatch(/data-testid="panel-network"[^>]*>[\s\S]{0,400}<svg/);
    expect(html).toMatch(STATE);
  });

  it("renders a disease's and a study's page, each with its own head", async () => {
    const disease = await (await page("/disease/DOID:1826")).text();
    expect(titleOf(disease)).toBe("Epilepsy (DOID:1826) | SynaptopathyDB");
    expect(canonicalOf(disease)).toBe(`${api.baseUrl}/disease/DOID:1826`);
    expect(disease).toContain('data-hdoid="DOID:1826"');

    const study = await page("/study/10862698");
    expect(study.status).toBe(200);
    const html = await study.text();
    expect(canonicalOf(html)).toBe(`${api.baseUrl}/study/10862698`);
    expect(titleOf(html)).toMatch(/^HUSI_2000 \(2000\) \| /);
    // A synthetic sample study is addressed by its name (its PMID is a placeholder) and says so.
    const sample = await (await page("/study/POSTSYNE_2022_SAMPLE")).text();
    expect(canonicalOf(sample)).toBe(`${api.baseUrl}/study/POSTSYNE_2022_SAMPLE`);
    expect(descriptionOf(sample)).toContain("a synthetic sample study, not real research data");
  });

  it.each([
    ["/brain-region/cerebral-cortex", "Cerebral cortex (brain region)", 'data-testid="region-page"'],
    ["/icd-chapter/08", "ICD-11 chapter 08: Diseases of the nervous system", 'data-testid="chapter-page"'],
    [
      "/compartment/postsynaptic",
      "Postsynaptic proteins (synaptic compartment)",
      'data-testid="compartment-page"',
    ],
  ])("renders %s, a page of its own (%s)", async (path, title, marker) => {
    const response = await page(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(titleOf(html)).toBe(`${title} | SynaptopathyDB`);
    expect(canonicalOf(html)).toBe(`${api.baseUrl}${path}`);
    expect(html).toContain(marker);
    expect(html).toMatch(STATE);
  });

  it("renders a chapter's page with the page of its diseases its address names", async () => {
    const diseasesIn = (html: string) => html.match(/data-testid="chapter-disease"/g)?.length ?? 0;
    const first = await (await page("/icd-chapter/08")).text();
    expect(diseasesIn(first)).toBe(20);
    expect(first.replace(/<!-- -->/g, "")).toMatch(/Showing 1 to 20 of \d{3} diseases/);
    const searched = (await (await page("/icd-chapter/08?q=SCN&page=2")).text()).replace(/<!-- -->/g, "");
    expect(searched).toMatch(/Found \d+ diseases and \d+ genes matching “SCN”/);
    expect(searched).toMatch(/Showing 21 to \d+ of \d+ diseases/);
    expect(diseasesIn(searched)).toBeGreaterThan(0);
  });

  it("names a compartment once on its page: the h1, then an h2 for its table, and nothing to close", async () => {
    const html = await (await page("/compartment/postsynaptic")).text();
    const headings = [...html.matchAll(/<(h[1-6])[^>]*>(.*?)<\/\1>/g)].map(
      ([, tag, text]) => `${tag} ${text!.replace(/<!-- -->/g, "")}`,
    );
    expect(headings.slice(0, 2)).toEqual([
      "h1 Postsynaptic proteins",
      expect.stringMatching(/^h2 Proteins \(\d{1,3}(,\d{3})*\)$/),
    ]);
    expect(html).not.toContain('data-testid="compartment-panel-close"');
  });

  it.each([
    ["/gene/DLG4", "Gene"],
    ["/disease/DOID:1826", "MedicalCondition"],
    ["/study/10862698", "ScholarlyArticle"],
    ["/study/POSTSYNE_2022_SAMPLE", "ScholarlyArticle"],
    ["/brain-region/cerebral-cortex", "DefinedTerm"],
    ["/icd-chapter/08", "DefinedTerm"],
    ["/compartment/postsynaptic", "DefinedTerm"],
  ])("gives %s its JSON-LD (%s), valid against schema.org, its URLs absolute", async (path, type) => {
    const html = await (await page(path)).text();
    const [record, ...others] = jsonLdOf(html) as Record<string, unknown>[];
    expect(others).toEqual([]);
    expect(record!["@type"]).toBe(type);
    expect(record!["@id"]).toBe(`${api.baseUrl}${path}`);
    expect(await jsonLdProblems(record!)).toEqual([]);
    expect(JSON.stringify(record)).not.toContain("%PORTAL_ORIGIN%");
    if (path.includes("SAMPLE")) {
      expect(String(record!.description)).toMatch(/synthetic/i);
      expect(record!.sameAs).toBeUndefined(); // a synthetic study has no PubMed record
    }
  });

  const asJsonLd = (path: string) =>
    fetch(api.baseUrl + path, { headers: { accept: "application/ld+json" }, redirect: "manual" });

  it.each([
    "/gene/DLG4",
    "/disease/DOID:1826",
    "/study/10862698",
    "/study/POSTSYNE_2022_SAMPLE",
    "/brain-region/cerebral-cortex",
    "/icd-chapter/08",
    "/compartment/postsynaptic",
  ])("answers %s for Accept: application/ld+json with the JSON-LD its page carries", async (path) => {
    const html = await fetch(api.baseUrl + path, {
      headers: { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" },
    });
    expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html.headers.get("vary")).toMatch(/\bAccept\b/);
    const [script, ...others] = jsonLdOf(await html.text());
    expect(others).toEqual([]);
    const answer = await asJsonLd(path);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/ld+json; charset=utf-8");
    expect(answer.headers.get("vary")).toMatch(/\bAccept\b/);
    const document = (await answer.json()) as Record<string, unknown>;
    expect(document).toEqual(script);
    expect(document["@id"]).toBe(`${api.baseUrl}${path}`);
  });

  it("sends another identifier to the canonical page first, JSON-LD asked or not", async () => {
    for (const [from, to] of [
      ["/gene/PSD-95", "/gene/DLG4"],
      ["/disease/1826", "/disease/DOID:1826"],
      ["/brain-region/9", "/brain-region/cerebral-cortex"],
    ]) {
      const response = await asJsonLd(from!);
      expect(response.status).toBe(301);
      expect(response.headers.get("location")).toBe(to);
    }
  });

  it.each([
    ["/gene/DLG", "No gene is named DLG"],
    ["/disease/DOID:999999999", "No disease is named DOID:999999999"],
    ["/study/NO_SUCH_STUDY", "No study is named NO_SUCH_STUDY"],
    ["/brain-region/nowhere", "No brain region is named nowhere"],
    ["/icd-chapter/99", "No ICD-11 chapter is named 99"],
    ["/compartment/nowhere", "No compartment is named nowhere"],
  ])(
    "answers JSON-LD asked of %s, which names no record, 404 in the JSON envelope",
    async (path, message) => {
      const response = await asJsonLd(path);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ success: false, message });
    },
  );

  it.each([
    ["/gene/dlg4", "/gene/DLG4"], // another case
    ["/gene/1742", "/gene/DLG4"], // human Entrez
    ["/gene/13385", "/gene/DLG4"], // mouse Entrez
    ["/gene/MGI:1277959", "/gene/DLG4"],
    ["/gene/HGNC:2903", "/gene/DLG4"],
    ["/gene/ENSG00000132535", "/gene/DLG4"],
    ["/gene/P78352", "/gene/DLG4"], // UniProt
    ["/gene/PSD-95", "/gene/DLG4"], // an alias
    ["/gene/1", "/gene/DLG4"], // the portal's own GeneID
    ["/gene/dlg4?tab=diseases", "/gene/DLG4?tab=diseases"], // the view is kept
    ["/disease/doid:1826", "/disease/DOID:1826"],
    ["/disease/1826", "/disease/DOID:1826"],
    ["/study/husi_2000", "/study/10862698"], // a real study by its name goes to its PMID
    ["/study/99100005", "/study/POSTSYNE_2022_SAMPLE"], // a placeholder PMID goes to the name
    ["/brain-region/9", "/brain-region/cerebral-cortex"], // a region by its id
    ["/brain-region/Cerebral%20cortex", "/brain-region/cerebral-cortex"],
    ["/icd-chapter/8", "/icd-chapter/08"],
    ["/compartment/Synaptic_Vesicle", "/compartment/synaptic-vesicle"],
  ])("sends %s to its canonical page %s (301)", async (from, to) => {
    const response = await page(from);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(to);
  });

  it("answers an address that names no record 404, with the nearest records and no canonical link", async () => {
    const response = await page("/gene/DLG");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('data-testid="not-found"');
    expect(html).toContain('<a href="/gene/DLG4"');
    expect(canonicalOf(html)).toBeUndefined();
    for (const missing of ["/disease/DOID:999999999", "/study/NO_SUCH_STUDY", "/gene/%E0%A4%A"]) {
      const other = await page(missing);
      expect([400, 404]).toContain(other.status);
      expect(await other.text()).not.toMatch(/stack|at \w+ \(/i);
    }
  });

  it("gives each record's canonical page as `url` in GraphQL", async () => {
    const { body } = await api.graphql<Record<string, { url: string }>>(`{
      gene(symbol: "DLG4") { url }
      disease(hdoid: "DOID:1826") { url }
      real: paper(name: "husi_2000") { url }
      sample: paper(pmid: 99100005) { url }
      region(id: 9) { url }
      chapter(code: "08") { url }
    }`);
    expect(body.data).toEqual({
      gene: { url: "/gene/DLG4" },
      disease: { url: "/disease/DOID:1826" },
      real: { url: "/study/10862698" },
      sample: { url: "/study/POSTSYNE_2022_SAMPLE" },
      region: { url: "/brain-region/cerebral-cortex" },
      chapter: { url: "/icd-chapter/08" },
    });
    const both = await api.graphql(`{ paper(pmid: 10862698, name: "HUSI_2000") { pmid } }`);
    expect(both.body.errors?.[0]?.message).toBe("Give exactly one of pmid or name");
  });
});
