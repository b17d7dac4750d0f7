import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every prerendered screen (web/dist/pages/<screen>.html) has a title and a meta description of its
 * own, as search engines and link previews want them: no two pages that are their own canonical
 * address share either. Reads the production build (web/dist), which `npm test` builds first.
 */
const dist = path.resolve(__dirname, "../../web/dist");
const pagesDir = path.join(dist, "pages");
const MAX_DESCRIPTION = 160;

const fromHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

interface BuiltPage {
  file: string;
  /** The path the page is served at (/ for index.html). */
  path: string;
  title: string | undefined;
  description: string | undefined;
  /** The canonical link's path (the origin is the gateway's placeholder), if any. */
  canonical: string | undefined;
}

/** The record pages' frames (gene.html): filled with a record on request, never served as they are. */
function recordFrames(): Set<string> {
  const routes = JSON.parse(readFileSync(path.join(dist, "routes.json"), "utf8")) as string[];
  return new Set(
    routes
      .filter((route) => route.includes("/:"))
      .map((route) => `${route.slice(1, route.indexOf("/:"))}.html`),
  );
}

function builtPages(): BuiltPage[] {
  const frames = recordFrames();
  return readdirSync(pagesDir)
    .filter((file) => file.endsWith(".html") && !frames.has(file))
    .map((file) => {
      const html = readFileSync(path.join(pagesDir, file), "utf8");
      const head = html.slice(0, html.indexOf("</head>"));
      const title = /<title>([^<]*)<\/title>/.exec(head)?.[1];
      const description = /<meta name="description" content="([^"]*)"/.exec(head)?.[1];
      const canonical = /<link rel="canonical" href="[^"/]*(\/[^"]*)">/.exec(head)?.[1];
      return {
        file,
        path: file === "index.html" ? "/" : `/${file.slice(0, -".html".length)}`,
        title: title === undefined ? undefined : fromHtml(title),
        description: description === undefined ? undefined : fromHtml(description),
        canonical,
      };
    });
}

/** Values held by more than one page, each with the pages that hold it. */
function shared(pages: BuiltPage[], value: (page: BuiltPage) => string | undefined): string[] {
  const byValue = new Map<string, string[]>();
  for (const page of pages) {
    const key = value(page) ?? "(none)";
    byValue.set(key, [...(byValue.get(key) ?? []), page.file]);
  }
  return [...byValue]
    .filter(([, files]) => files.length > 1)
    .map(([key, files]) => `${key}: ${files.join(", ")}`);
}

describe("the prerendered pages' heads", () => {
  it("finds the production build", () => {
    expect(existsSync(pagesDir), "web/dist/pages is missing: build the web app first (npm run build)").toBe(
      true,
    );
  });

  it("gives every screen a description of one sentence, at most 160 characters", () => {
    const pages = builtPages();
    expect(pages.length).toBeGreaterThan(15);
    for (const page of pages) {
      expect(page.description, page.file).toBeTruthy();
      expect(page.description!.length, `${page.file}: ${page.description}`).toBeLessThanOrEqual(
        MAX_DESCRIPTION,
      );
      expect(page.description, page.file).toMatch(/^[A-Z].*[.!]$/);
    }
  });

  it("gives no two pages that are their own canonical address the same title or description", () => {
    const pages = builtPages();
    // A screen's other address (/synapse-localization) names its canonical one, whose head it shares.
    const canonicalPages = pages.filter((page) => page.canonical === page.path);
    for (const page of pages.filter((p) => !canonicalPages.includes(p)))
      expect(
        canonicalPages.some((c) => c.path === page.canonical),
        `${page.file}: canonical ${page.canonical}`,
      ).toBe(true);
    expect(canonicalPages.length).toBeGreaterThan(15);
    expect(shared(canonicalPages, (page) => page.title)).toEqual([]);
    expect(shared(canonicalPages, (page) => page.description)).toEqual([]);
  });
});
