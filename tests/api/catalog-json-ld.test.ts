import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportDefinitions } from "../../gateway/services/export.service";
import { jsonLdDocument, releaseDateOf } from "../../schema/linked-data";
import { jsonLdProblems } from "../fixtures/schemaorg/validate-json-ld";
import { testDatabases } from "./databases";
import { forgetFileMeasurement, type RunningPortal, startPortal } from "./portal";

type Node = Record<string, unknown>;
type Download = { name: string; contentUrl: string; encodingFormat: string; contentSize?: string };
/** Every JSON-LD object the page's head carries. */
const jsonLdOf = (html: string): Node[] =>
  [
    ...html
      .slice(0, html.indexOf("</head>"))
      .matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g),
  ].map((m) => JSON.parse(m[1]!) as Node);
const BROWSER_ACCEPT =
  "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";

/**
 * The catalog markup the gateway adds to the home page and /data: the release as a Bioschemas
 * Dataset in the portal's DataCatalog (and the WebSite with its gene search on /), built once per
 * release, also answered for `Accept: application/ld+json`. Its own gateway: it clears the release's
 * stored file measurement to show the sizes appear once one is stored, and that no page starts one.
 */
describe.each(testDatabases)("catalog JSON-LD of / and /data ($kind)", (db) => {
  let api: RunningPortal;
  let release: { version: string; built: string | null; loadedAt: string; hasSyntheticData: boolean };
  const page = (path: string, accept?: string) =>
    fetch(api.baseUrl + path, { headers: accept ? { accept } : {}, redirect: "manual" });
  /** The release key the gateway serves (with its derived data's build), under which a measurement is kept. */
  const releaseKey = () => api.portal.services.releases.key!;
  const storedMeasurement = () => api.portal.services.dataPackageStats.read(releaseKey());

  beforeAll(async () => {
    api = await startPortal(db);
    await forgetFileMeasurement(api);
    const { body } = await api.graphql<{ datasetRelease: typeof release }>(
      "{ datasetRelease { version built loadedAt hasSyntheticData } }",
    );
    release = body.data!.datasetRelease;
  });
  afterAll(() => api?.close());

  it("gives / a WebSite with its gene search and the release's Dataset, and /data the Dataset, valid against schema.org", async () => {
    const home = jsonLdOf(await (await page("/")).text());
    expect(home.map((object) => object["@type"])).toEqual(["WebSite", "Dataset"]);
    const [website, dataset] = home as [Node, Node];
    expect(website).toMatchObject({
      "@id": `${api.baseUrl}/#website`,
      potentialAction: {
        "@type": "SearchAction",
        target: { urlTemplate: `${api.baseUrl}/gene-search?q={search_term_string}` },
      },
    });
    const data = jsonLdOf(await (await page("/data")).text());
    expect(data).toEqual([dataset]);
    for (const object of home) expect(await jsonLdProblems(object)).toEqual([]);
    expect(JSON.stringify(home)).not.toContain("%PORTAL_ORIGIN%");

    // The loaded release's version and date; the bundled release is a sample and says so.
    expect(dataset).toMatchObject({
      "@id": `${api.baseUrl}/data#release-${release.version}`,
      url: `${api.baseUrl}/data`,
      version: release.version,
      dateModified: releaseDateOf(release),
      license: `${api.baseUrl}/data#provenance-heading`,
      creator: { "@type": "Organization" },
      includedInDataCatalog: { "@type": "DataCatalog", url: `${api.baseUrl}/` },
    });
    expect(release.hasSyntheticData).toBe(true);
    expect(String(dataset.citation)).toContain(`release ${release.version} (sample dataset) [dataset]`);
    expect(String(dataset.description)).toMatch(
      /This is a sample release: parts of it are synthetic sample data, labelled so in every file/,
    );
  });

  it("lists every bulk CSV with its content type, then the data package descriptor and archive", async () => {
    const [dataset] = jsonLdOf(await (await page("/data")).text()) as [Node & { distribution: Download[] }];
    expect(
      dataset.distribution.map(({ name, contentUrl, encodingFormat }) => ({
        name,
        contentUrl,
        encodingFormat,
      })),
    ).toEqual([
      ...exportDefinitions.map((definition) => ({
        name: definition.name,
        contentUrl: `${api.baseUrl}/api/${definition.name}`,
        encodingFormat: "text/csv",
      })),
      {
        name: "datapackage.json",
        contentUrl: `${api.baseUrl}/api/datapackage.json`,
        encodingFormat: "application/json",
      },
      {
        name: "datapackage.zip",
        contentUrl: `${api.baseUrl}/api/datapackage.zip`,
        encodingFormat: "application/zip",
      },
    ]);
    // Each file's address answers its type.
    const genes = await fetch(dataset.distribution.find((file) => file.name === "genes")!.contentUrl);
    expect(genes.headers.get("content-type")).toMatch(/^text\/csv/);
    await genes.body?.cancel();
  });

  it("answers Accept: application/ld+json with the page's markup, and a browser with the page", async () => {
    for (const path of ["/", "/data"]) {
      const html = await page(path, BROWSER_ACCEPT);
      expect(html.status).toBe(200);
      expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(html.headers.get("vary")).toMatch(/\bAccept\b/);
      const scripts = jsonLdOf(await html.text());
      const answer = await page(path, "application/ld+json");
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("application/ld+json; charset=utf-8");
      expect(answer.headers.get("vary")).toMatch(/\bAccept\b/);
      const document = (await answer.json()) as Node;
      // /data's one object as its script gives it; / its two as an @graph under their shared context.
      expect(document).toEqual(jsonLdDocument(scripts as never));
      expect(await jsonLdProblems(document)).toEqual([]);
    }
    const home = (await (await page("/", "application/ld+json")).json()) as Node & { "@graph": Node[] };
    expect(home["@context"]).toBe("https://schema.org");
    expect(home["@graph"].map((object) => object["@type"])).toEqual(["WebSite", "Dataset"]);
    // Without an Accept, or with any type, the page.
    for (const accept of [undefined, "*/*"])
      expect((await page("/data", accept)).headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("sizes each CSV once the release's measurement is stored, and a page never starts one", async () => {
    const sizesOf = async (accept?: string) => {
      const response = await page("/data", accept);
      const [dataset] = accept ? [(await response.json()) as Node] : jsonLdOf(await response.text());
      return new Map((dataset!.distribution as Download[]).map((file) => [file.name, file.contentSize]));
    };
    for (const sizes of [await sizesOf(), await sizesOf("application/ld+json")])
      expect([...sizes.values()].filter(Boolean)).toEqual([]);
    await (await page("/")).text();
    expect(await storedMeasurement()).toBeNull();

    // A measurement stored with the release (as the data package stores the one it takes: that path is
    // data-package.test.ts's) is what the markup and the descriptor then both say.
    await api.portal.services.dataPackageStats.write(
      releaseKey(),
      new Map(exportDefinitions.map((d, i) => [d.name, { bytes: 1000 + i, hash: "0".repeat(64), rows: i }])),
    );
    const descriptor = await api.json<{ resources: { name: string; bytes: number }[] }>(
      "/api/datapackage.json",
    );
    expect(descriptor.status).toBe(200);
    const expected = new Map(descriptor.body.resources.map((file) => [file.name, `${file.bytes} B`]));
    expect(expected.size).toBe(exportDefinitions.length);
    expect(expected.get(exportDefinitions[1]!.name)).toBe("1001 B");
    for (const sizes of [await sizesOf(), await sizesOf("application/ld+json")]) {
      for (const [name, size] of expected) expect(sizes.get(name)).toBe(size);
      expect(sizes.get("datapackage.zip")).toBeUndefined(); // not measured: left out, never guessed
    }
    // The home page's Dataset follows too (its own built page).
    const [, dataset] = jsonLdOf(await (await page("/")).text()) as [
      Node,
      Node & { distribution: Download[] },
    ];
    expect(dataset.distribution.find((file) => file.name === "genes")?.contentSize).toBe(
      expected.get("genes"),
    );
  });
});
