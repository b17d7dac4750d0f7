import { describe, expect, it } from "vitest";
import { catalogJsonLd, catalogMarkup } from "../../gateway/http/catalog-json-ld";
import { headJsonLd, prefersJsonLd } from "../../gateway/http/web-pages";
import { exportDefinitions } from "../../gateway/services/export.service";
import type { ReleaseDescription } from "../../gateway/services/release-description.service";
import { jsonLdDocument } from "../../schema/linked-data";
import { portalIdentity } from "../../schema/portal-identity";
import { jsonLdProblems } from "../fixtures/schemaorg/validate-json-ld";

const BASE = "https://synaptopathy.example.org";
const release: ReleaseDescription = {
  key: "0.1.0@2026-11-28T10:00:00.000Z",
  name: "synaptopathy-demo-dataset",
  version: "0.1.0",
  built: "2026-11-22",
  loadedAt: "2026-11-28T10:00:00.000Z",
  sample: true,
  fileBytes: null,
};
const sized = { ...release, fileBytes: new Map(exportDefinitions.map((d, i) => [d.name, 1000 + i])) };
type Download = { name: string; contentUrl: string; encodingFormat: string; contentSize?: string };
const datasetOf = (markup: ReturnType<typeof catalogJsonLd>) =>
  markup.get("/data")![0] as Record<string, unknown> & { distribution: Download[] };

describe("the catalog markup of / and /data", () => {
  it("is valid schema.org: a WebSite and the release's Dataset on /, the Dataset on /data", async () => {
    const markup = catalogJsonLd(release, BASE);
    expect(markup.get("/")!.map((object) => object["@type"])).toEqual(["WebSite", "Dataset"]);
    expect(markup.get("/data")).toEqual([markup.get("/")![1]]);
    for (const objects of markup.values())
      for (const object of objects) expect(await jsonLdProblems(object)).toEqual([]);
  });

  it("dates and versions the release, names its terms and cites it, says it is a sample", () => {
    const dataset = datasetOf(catalogJsonLd(release, BASE));
    expect(dataset).toMatchObject({
      version: "0.1.0",
      dateModified: "2026-11-22",
      url: `${BASE}/data`,
      name: `${portalIdentity.productName} release 0.1.0`,
      license: `${BASE}/data#provenance-heading`,
      creator: { "@type": "Organization", name: portalIdentity.productName },
      citation: `${portalIdentity.productName}. ${portalIdentity.productName} release 0.1.0 (sample dataset) [dataset]. Version 0.1.0, 2026-11-22. ${BASE}/data`,
      includedInDataCatalog: { "@type": "DataCatalog", url: `${BASE}/` },
    });
    expect(dataset.description).toMatch(/This is a sample release: parts of it are synthetic sample data/);
    const real = datasetOf(catalogJsonLd({ ...release, sample: false, built: null }, BASE));
    expect(real.description).not.toMatch(/synthetic/);
    expect(real.dateModified).toBe("2026-11-28"); // no build date: the day it was loaded
  });

  it("cites the lab's paper instead once one is configured", () => {
    const identity = { ...portalIdentity, citation: { text: "Ada L. A portal. J 1 (2026).", doi: "10.1/x" } };
    expect(datasetOf(catalogJsonLd(release, BASE, identity)).citation).toBe(
      "Ada L. A portal. J 1 (2026). https://doi.org/10.1/x",
    );
  });

  it("offers every bulk CSV, the descriptor and the archive, sized once a measurement is stored", () => {
    const unsized = datasetOf(catalogJsonLd(release, BASE)).distribution;
    expect(
      unsized.map(({ name, contentUrl, encodingFormat }) => ({ name, contentUrl, encodingFormat })),
    ).toEqual([
      ...exportDefinitions.map((d) => ({
        name: d.name,
        contentUrl: `${BASE}/api/${d.name}`,
        encodingFormat: "text/csv",
      })),
      {
        name: "datapackage.json",
        contentUrl: `${BASE}/api/datapackage.json`,
        encodingFormat: "application/json",
      },
      {
        name: "datapackage.zip",
        contentUrl: `${BASE}/api/datapackage.zip`,
        encodingFormat: "application/zip",
      },
    ]);
    expect(unsized.some((file) => "contentSize" in file)).toBe(false);
    const files = datasetOf(catalogJsonLd(sized, BASE)).distribution;
    expect(files.slice(0, exportDefinitions.length).map((file) => file.contentSize)).toEqual(
      exportDefinitions.map((_, i) => `${1000 + i} B`),
    );
  });

  it("is built once per release and sizes, origin left open, as scripts and as one document", () => {
    const markup = catalogMarkup();
    const first = markup(release);
    expect(markup({ ...release })).toBe(first);
    const withSizes = markup(sized);
    expect(withSizes).not.toBe(first);
    expect(withSizes.key).not.toBe(first.key);
    expect(markup({ ...release, key: "0.2.0@later" }).key).not.toBe(first.key);
    const home = first.scripts.get("/")!;
    expect(home).toContain("%PORTAL_ORIGIN%/#website");
    const scripts = headJsonLd(`<html><head>${home}</head><body></body></html>`);
    expect(scripts.map((object) => object["@type"])).toEqual(["WebSite", "Dataset"]);
    expect(JSON.parse(first.documents.get("/")!)).toEqual(jsonLdDocument(scripts));
    expect(JSON.parse(first.documents.get("/data")!)).toEqual(scripts[1]);
  });
});

describe("content negotiation of a page", () => {
  it.each([
    ["application/ld+json", true],
    ["application/ld+json, text/html;q=0.5", true],
    ["text/html;q=0.1, application/ld+json", true],
    ["application/*", true],
    // A browser's, any type, none, or types the page is not offered as: the HTML.
    ["text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8", false],
    ["*/*", false],
    [undefined, false],
    ["", false],
    ["application/json", false],
    ["text/html, application/ld+json", false],
    ["application/ld+json;q=0.5, text/html", false],
  ])("Accept %j prefers JSON-LD: %s", (accept, jsonLd) => {
    expect(prefersJsonLd(accept)).toBe(jsonLd);
  });

  it("reads the JSON-LD of a page's head only, `<` escapes and all", () => {
    const html =
      '<head><script type="application/ld+json">{"name":"a \\u003c/script> b"}</script></head>' +
      '<body><script type="application/ld+json">{"name":"not in the head"}</script></body>';
    expect(headJsonLd(html)).toEqual([{ name: "a </script> b" }]);
    expect(headJsonLd("<p>no head</p>")).toEqual([]);
  });
});
