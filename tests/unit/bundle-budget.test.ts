import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

/**
 * The web bundle budget: the JavaScript a first visit downloads (the entry script, its modulepreload
 * links and everything they import statically) stays under 200 KB gzipped, and every screen is a lazy
 * chunk of its own. Reads the production build (web/dist), which `npm test` builds first.
 */
const root = path.resolve(__dirname, "../..");
const dist = path.join(root, "web", "dist");
const BUDGET_GZIP_BYTES = 200 * 1024;
/**
 * Screens that open on a chart preload the chart library (nivo, ~90 KB gzipped) with the page: the
 * chart is their first paint, so it is fetched at once rather than after the screen's own chunk.
 */
const CHART_SCREENS = [
  "synaptopathy-history",
  "brain-region-protein-distribution",
  "disease-classifications",
  "api-counter-dashboard",
  "brain-region", // a region's own page: its panel's compartment chart
];
const CHART_SCREEN_BUDGET_GZIP_BYTES = 300 * 1024;

const missing = `web/dist/index.html is missing: build the web app first (npm run build) — the budget reads the production bundle`;

/** Relative files a module imports statically (`import ... from "./x.js"`, `import "./x.js"`); not `import()`. */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(
    /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]*?from\s*)?["'](\.\.?\/[^"']+\.js)["']/g,
  ))
    found.add(m[1]!);
  return [...found];
}

/** The scripts a page's first visit downloads: its entry, the chunks it preloads and their static imports. */
function initialScripts(page = "index.html"): string[] {
  const html = readFileSync(path.join(dist, page), "utf8");
  const start = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
    // The app's chunks, preloaded by src/main.tsx once the page is painted.
    ...(html.match(/<meta name="app-chunks" content="([^"]*)"/)?.[1] ?? "")
      .split(" ")
      .filter(Boolean)
      .map((href) => [href, href]),
  ].map((m) => path.join(dist, m[1]!.replace(/^\//, "")));
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, "utf8");
    for (const rel of staticImports(code)) queue.push(path.resolve(path.dirname(file), rel));
  }
  return [...seen];
}

/** The screen modules: web/src/routes/<screen>/<Name>Page.tsx. */
function screenModules(): string[] {
  const routes = path.join(root, "web", "src", "routes");
  return readdirSync(routes, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(path.join(routes, d.name))
        .filter((f) => /Page\.tsx$/.test(f))
        .map((f) => `routes/${d.name}/${f}`),
    );
}

describe("web bundle budget", () => {
  it("finds the production build", () => {
    expect(existsSync(path.join(dist, "index.html")), missing).toBe(true);
  });

  function expectWithinBudget(page: string, budget = BUDGET_GZIP_BYTES) {
    const files = initialScripts(page);
    expect(files.length).toBeGreaterThan(0);
    const sizes = files.map((f) => ({ file: path.basename(f), gzip: gzipSync(readFileSync(f)).length }));
    const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
    const detail = sizes.map((s) => `${s.file} ${(s.gzip / 1024).toFixed(1)} KB`).join(", ");
    expect(
      total,
      `${page}: initial JS is ${(total / 1024).toFixed(1)} KB gzipped (${detail}); budget ${budget / 1024} KB`,
    ).toBeLessThan(budget);
  }

  it("keeps the initial JavaScript under 200 KB gzipped", () => {
    expect(existsSync(path.join(dist, "index.html")), missing).toBe(true);
    expectWithinBudget("index.html");
  });

  it("keeps each prerendered screen, with the chunks it preloads, under 200 KB gzipped (chart screens 300 KB)", () => {
    const pages = readdirSync(path.join(dist, "pages")).filter((f) => f.endsWith(".html"));
    expect(pages.length, "web/dist/pages holds the prerendered screens").toBeGreaterThan(5);
    for (const page of pages) {
      const chart = CHART_SCREENS.includes(path.basename(page, ".html"));
      expectWithinBudget(`pages/${page}`, chart ? CHART_SCREEN_BUDGET_GZIP_BYTES : BUDGET_GZIP_BYTES);
    }
  });

  it("loads every screen lazily: no screen module is in the initial JavaScript", () => {
    expect(existsSync(path.join(dist, "index.html")), missing).toBe(true);
    const screens = screenModules();
    expect(screens.length).toBeGreaterThan(5);
    const initialSources = new Set<string>();
    for (const file of initialScripts()) {
      const map = `${file}.map`;
      // Only the bundler's own runtime chunk has no source map (it has no source module).
      if (/rolldown-runtime-[\w-]+\.js$/.test(file) && !existsSync(map)) continue;
      expect(existsSync(map), `${path.basename(map)} is missing: the budget reads the source maps`).toBe(
        true,
      );
      const sources = (JSON.parse(readFileSync(map, "utf8")) as { sources: string[] }).sources;
      for (const s of sources) initialSources.add(s.replace(/\\/g, "/"));
    }
    const eager = screens.filter((screen) => [...initialSources].some((s) => s.endsWith(screen)));
    expect(eager, "screens bundled into the initial JavaScript instead of their own lazy chunk").toEqual([]);
    // And each screen does have a chunk of its own.
    const chunks = readdirSync(path.join(dist, "assets")).filter((f) => f.endsWith(".js"));
    const withoutChunk = screens.filter((screen) => {
      const name = path.basename(screen, ".tsx");
      return !chunks.some((c) => c.startsWith(`${name}-`));
    });
    expect(withoutChunk, "screens without a lazy chunk of their own").toEqual([]);
  });
});
