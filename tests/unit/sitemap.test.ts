import { describe, expect, it } from "vitest";
import {
  robotsTxt,
  SITEMAP_URLS_PER_FILE,
  sitemapIndexXml,
  sitemapShards,
  urlSetXml,
  xmlEscape,
} from "../../gateway/http/sitemap";
import { geneAddress } from "../../schema/entity-address";

describe("sitemap files", () => {
  it("cuts each kind into files of at most 50,000 URLs, numbered from 1, whatever the release's size", () => {
    // The 10x bench release has over 80,000 genes; this is half again as many.
    const genes = Array.from({ length: 120_001 }, (_, i) => geneAddress(`GENE${i}`));
    const shards = sitemapShards([
      { kind: "screens", paths: ["/", "/data"] },
      { kind: "gene", paths: genes },
      { kind: "compartment", paths: [] },
    ]);
    expect(shards.map((s) => [s.name, s.paths.length])).toEqual([
      ["screens-1", 2],
      ["gene-1", SITEMAP_URLS_PER_FILE],
      ["gene-2", SITEMAP_URLS_PER_FILE],
      ["gene-3", 20_001],
    ]);
    expect(shards.flatMap((s) => s.paths).slice(2)).toEqual(genes);
    // Each file stays far under the protocol's 50 MB.
    const largest = urlSetXml("https://synaptopathy.example.org", shards[1]!.paths, "2026-11-22");
    expect(Buffer.byteLength(largest)).toBeLessThan(10 * 1024 * 1024);
    expect(sitemapShards([{ kind: "gene", paths: genes.slice(0, 5) }], 2).map((s) => s.paths.length)).toEqual(
      [2, 2, 1],
    );
  });

  it("writes entity-escaped URLs with their lastmod, in the protocol's namespace", () => {
    expect(xmlEscape(`a&b<c>"d'`)).toBe("a&amp;b&lt;c&gt;&quot;d&apos;");
    expect(urlSetXml("https://x.example", ["/study/A&B"], "2026-11-22")).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        "<url><loc>https://x.example/study/A&amp;B</loc><lastmod>2026-11-22</lastmod></url>\n</urlset>\n",
    );
    expect(sitemapIndexXml("https://x.example", ["gene-1"], "2026-11-22")).toContain(
      "<sitemap><loc>https://x.example/sitemaps/gene-1.xml</loc><lastmod>2026-11-22</lastmod></sitemap>",
    );
    expect(robotsTxt("https://x.example")).toContain("\nSitemap: https://x.example/sitemap.xml\n");
  });
});
