import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ResponseCache } from "./caching";

/** What the gateway tells the web app in the page itself, before any query has answered. */
export interface PageMarks {
  /** The loaded release has synthetic rows: the sample-data notice shows from the first paint. */
  sampleDataset: boolean;
}

/** `page` (a screen's built page) rendered for `url`: renderPage of web/src/prerender.tsx. */
type RenderPage = (page: string, url: string) => Promise<string>;

/** The web build's server renderer (web/dist-prerender/prerender.js), or null when it was not built. */
export async function loadPageRenderer(webDist: string): Promise<RenderPage | null> {
  const file = path.join(webDist, "..", "dist-prerender", "prerender.js");
  if (!existsSync(file)) return null;
  // An ES module: the compiled gateway (CommonJS) loads it with require(), which Node 20.19+ allows.
  const module: { renderPage?: RenderPage } = await import(file);
  return module.renderPage ?? null;
}

/** A page as the gateway sends it. */
export interface WebPage {
  status: 200 | 404;
  html: string;
}

/**
 * The web app's pages, held in memory: the screens prerendered at build (web/dist/pages/<screen>.html,
 * from web/scripts/prerender.mjs) by lower-cased path, since the router matches paths without regard to
 * case, and index.html for the app's other routes (the explorer). A screen's address with a query
 * string is rendered for that query (recent ones kept), so #root always holds what the browser's first
 * render will be and can be hydrated; without a renderer, or if rendering fails, it gets index.html and
 * renders it itself. A path that is none of the app's routes (web/dist/routes.json) is answered 404
 * with the Not Found screen rendered for it (web/dist/status/404.html as its frame).
 */
export function webPages(
  webDist: string,
  renderPage: RenderPage | null,
  onRenderError: (url: string, error: unknown) => void,
): (url: string, marks: PageMarks) => Promise<WebPage> {
  // Each page as sent, plain and marked, built once: only a query string's page is rendered per request.
  const variants = (html: string) => ({
    plain: html,
    sample: html.replace("<html ", "<html data-sample-dataset "),
  });
  const shell = variants(readFileSync(path.join(webDist, "index.html"), "utf8"));
  const pages = new Map<string, ReturnType<typeof variants>>();
  const dir = path.join(webDist, "pages");
  if (existsSync(dir))
    for (const file of readdirSync(dir)) {
      if (!file.endsWith(".html")) continue;
      const name = file.slice(0, -".html".length);
      pages.set(
        name === "index" ? "/" : `/${name.toLowerCase()}`,
        variants(readFileSync(path.join(dir, file), "utf8")),
      );
    }
  // Without a route list (a build older than it) every path is the app's, as before.
  const routesFile = path.join(webDist, "routes.json");
  const routes = existsSync(routesFile)
    ? new Set((JSON.parse(readFileSync(routesFile, "utf8")) as string[]).map((r) => r.toLowerCase()))
    : null;
  const notFoundFile = path.join(webDist, "status", "404.html");
  const notFound = variants(
    existsSync(notFoundFile)
      ? readFileSync(notFoundFile, "utf8")
      : readFileSync(path.join(webDist, "index.html"), "utf8"),
  );
  const rendered = new ResponseCache(RENDERED_PAGES_CACHE_BYTES);

  // Not Found pages are rendered every time: any address can be asked, and none should push a search
  // page out of the cache.
  const render = async (
    frame: string,
    url: string,
    fallback: string,
    variant: "plain" | "sample",
    keep = true,
  ) => {
    if (!renderPage) return fallback;
    const cached = keep ? rendered.get(`${variant} ${url}`) : undefined;
    if (cached !== undefined) return cached;
    try {
      // One render gives both variants, as for the build's pages.
      const html = variants(await renderPage(frame, url));
      if (!keep) return html[variant];
      rendered.set(`plain ${url}`, html.plain);
      rendered.set(`sample ${url}`, html.sample);
      return html[variant];
    } catch (error) {
      onRenderError(url, error);
      return fallback;
    }
  };

  return async (url, marks) => {
    const [pathname = "/", query] = url.split(/\?(.*)/s, 2);
    const variant = marks.sampleDataset ? "sample" : "plain";
    const key = pathname.replace(/(.)\/+$/, "$1").toLowerCase();
    if (routes && !routes.has(key))
      return { status: 404, html: await render(notFound.plain, url, notFound[variant], variant, false) };
    const page = pages.get(key);
    if (!page) return { status: 200, html: shell[variant] };
    if (!query) return { status: 200, html: page[variant] };
    return { status: 200, html: await render(page.plain, url, shell[variant], variant) };
  };
}

/** The gateway's static 414 page (web/dist/status/414.html: the portal's frame, no scripts), or null. */
export function uriTooLongPage(webDist: string): string | null {
  const file = path.join(webDist, "status", "414.html");
  return existsSync(file) ? readFileSync(file, "utf8") : null;
}

/** Pages rendered for a query string, most recent kept (about 150 search pages). */
const RENDERED_PAGES_CACHE_BYTES = 8 * 1024 * 1024;
