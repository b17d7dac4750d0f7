import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Negotiator from "negotiator";
import { ENTITY_PAGE_PREFIXES, type EntityPageKind } from "../../schema/entity-address";
import { type JsonLd, jsonLdDocument } from "../../schema/linked-data";
import { envInt } from "../env";
import { ResponseCache } from "./caching";

/** What the gateway tells the web app in the page itself, before any query has answered. */
export interface PageMarks {
  /** The loaded release has synthetic rows: the sample-data notice shows from the first paint. */
  sampleDataset: boolean;
  /** The portal's public origin (gateway/http/origin.ts): canonical links, previews and JSON-LD start with it. */
  origin: string;
  /** The JSON-LD the gateway adds to screens' pages (the catalog markup of `/` and `/data`), if any. */
  screenJsonLd?: ScreenJsonLd | null;
}

/** JSON-LD the gateway adds to screens' pages as it sends them (catalog-json-ld.ts), origin left open. */
export interface ScreenJsonLd {
  /** What it was built from (the release, whether its files' sizes were known): pages kept with it follow it. */
  key: string;
  /** The `<script type="application/ld+json">` tags of each screen's page, by lower-case path. */
  scripts: ReadonlyMap<string, string>;
  /** Each screen's JSON-LD as one document (jsonLdDocument), as text: its `Accept: application/ld+json` answer. */
  documents: ReadonlyMap<string, string>;
}

/**
 * What a server render writes where the portal's origin goes (ORIGIN_PLACEHOLDER of
 * web/src/hooks/useDocumentTitle.ts): a page is rendered and kept once, and given its origin as it is sent.
 */
export const ORIGIN_PLACEHOLDER = "%PORTAL_ORIGIN%";
const withOrigin = (html: string, origin: string) => html.replaceAll(ORIGIN_PLACEHOLDER, origin);
/** JSON text with the origin in place of the placeholder, written as a JSON string's characters. */
const jsonWithOrigin = (json: string, origin: string) =>
  withOrigin(json, JSON.stringify(origin).slice(1, -1));

/** The end of the head a screen's render writes (web/src/prerender.tsx), else of the head itself. */
const SCREEN_HEAD_END = "<!-- /screen head -->";
/** `scripts` added at the end of the page's screen head. */
function withHeadScripts(html: string, scripts: string | undefined): string {
  if (!scripts) return html;
  const at = html.includes(SCREEN_HEAD_END) ? SCREEN_HEAD_END : "</head>";
  return html.replace(at, () => `${scripts}\n    ${at}`);
}

/** The JSON-LD objects a page's head carries (its `<script type="application/ld+json">`), parsed. */
export function headJsonLd(html: string): JsonLd[] {
  const head = html.slice(0, Math.max(0, html.indexOf("</head>")));
  return [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as JsonLd,
  );
}
/** Built pages kept with their origin filled in: every screen, both variants, a few origins. */
const BUILT_PAGES_BY_ORIGIN = 256;

/** One GraphQL operation of a page's server render (PageOperationRequest of web/src/prerender.tsx). */
export interface PageOperationRequest {
  query: string;
  variables: Record<string, unknown>;
  operationName?: string;
}

/** Runs a page's operation in-process, against the gateway's own schema: no HTTP round trip. */
export type PageOperation = (
  request: PageOperationRequest,
) => Promise<{ data?: Record<string, unknown> | null; errors?: readonly unknown[] }>;

/** Where a page's data comes from: the executor, and the release it reads (pages are kept per release). */
export interface PageDataSource {
  execute: PageOperation;
  release: string | null;
}

/** `page` (a screen's built page) rendered for `url`: renderPage of web/src/prerender.tsx. */
type RenderPage = (
  page: string,
  url: string,
  data?: { execute: PageOperation; signal?: AbortSignal },
) => Promise<{ html: string; complete: boolean } | string>;

/** The web build's server renderer (web/dist-prerender/prerender.js), or null when it was not built. */
export async function loadPageRenderer(webDist: string): Promise<RenderPage | null> {
  const file = path.join(webDist, "..", "dist-prerender", "prerender.js");
  if (!existsSync(file)) return null;
  // An ES module: the compiled gateway (CommonJS) loads it with require(), which Node 20.19+ allows.
  const module: { renderPage?: RenderPage } = await import(file);
  return module.renderPage ?? null;
}

/** How long a search page's queries may take before the page is sent with them loading (ms). */
export const PAGE_DATA_TIMEOUT_MS = 1000;

export interface WebPagesOptions {
  /** A page could not be rendered: the app shell was sent. */
  onRenderError: (url: string, error: unknown) => void;
  /** A search page's data failed or was too slow: it was sent with its queries loading. */
  onDataFallback?: (url: string) => void;
  /** See PAGE_DATA_TIMEOUT_MS. */
  dataTimeoutMs?: number;
}

/** A page as the gateway sends it. */
export interface WebPage {
  status: 200 | 404;
  html: string;
}

/**
 * A record page's address (/gene/DLG4): its kind, the segment that names it (gene) and the identifier,
 * decoded; null for any other address, or one whose identifier is not a valid percent-encoding.
 */
export function recordAddress(
  pathname: string,
): { kind: EntityPageKind; segment: string; identifier: string } | null {
  const match = /^\/([a-z-]+)\/([^/]+)\/?$/.exec(pathname);
  const kind = match && KIND_OF_SEGMENT.get(match[1]!);
  if (!match || !kind) return null;
  try {
    return { kind, segment: match[1]!, identifier: decodeURIComponent(match[2]!) };
  } catch {
    return null;
  }
}

const KIND_OF_SEGMENT = new Map(
  Object.entries(ENTITY_PAGE_PREFIXES).map(([kind, segment]) => [segment as string, kind as EntityPageKind]),
);

/** A screen's path as the page table keys it: lower case, no trailing slash (the router ignores both). */
export const screenPath = (pathname: string) => pathname.replace(/(.)\/+$/, "$1").toLowerCase();

/** What a page's address can be answered as: HTML first, so a tie goes to the page. */
const PAGE_MEDIA_TYPES = ["text/html", "application/ld+json"];
export const JSON_LD_MEDIA_TYPE = "application/ld+json";

/**
 * Whether a request's Accept header ranks the page's JSON-LD above its HTML (by quality, then
 * specificity). A browser's (text/html first, any type at a lower quality), any type, no Accept, or
 * one naming neither keep the HTML.
 */
export const prefersJsonLd = (accept: string | undefined): boolean =>
  new Negotiator({ headers: { accept } }).mediaType(PAGE_MEDIA_TYPES) === JSON_LD_MEDIA_TYPE;

/** Each record kind in words, for the answer to a JSON-LD request that names no record. */
export const RECORD_KIND_WORDS: Record<EntityPageKind, string> = {
  gene: "gene",
  disease: "disease",
  study: "study",
  region: "brain region",
  chapter: "ICD-11 chapter",
  compartment: "compartment",
};

/** What the gateway sends for a page's address (see webPages). */
export type WebPageSender = ((
  url: string,
  marks: PageMarks,
  data?: PageDataSource | null,
  record?: "found" | "missing",
) => Promise<WebPage>) & {
  /** The record page's address of `pathname` when the web build has that kind's page (its frame), else null. */
  recordPageOf: (pathname: string) => ReturnType<typeof recordAddress>;
  /**
   * The JSON-LD the page at `pathname` carries, as one document's text (jsonLdDocument) with the
   * origin filled in: the answer to `Accept: application/ld+json`. A catalog screen's comes from
   * `marks.screenJsonLd`; a record's (found, at its canonical address) is read from its page as
   * rendered for the HTML answer, so both say the same. Null when the page carries none (a screen
   * without it, or a record page sent without its data).
   */
  jsonLd: (pathname: string, marks: PageMarks, data: PageDataSource) => Promise<string | null>;
};

/**
 * The web app's pages, held in memory: the screens prerendered at build (web/dist/pages/<screen>.html,
 * from web/scripts/prerender.mjs) by lower-cased path, since the router matches paths without regard to
 * case, and index.html for the app's other routes (the explorer). A screen's address with a query
 * string is rendered for that query (recent ones kept per release), so #root always holds what the
 * browser's first render will be and can be hydrated; the search screens are rendered with their
 * results, their queries run by `data.execute` (the page then carries the Apollo cache for the browser).
 * When that data fails or takes over `dataTimeoutMs`, the page is sent with its queries loading, as
 * any screen is rendered without `data` (the gateway still starting), and not kept. Without a renderer,
 * or if rendering fails, it gets index.html and renders it itself. A path that is none of the app's
 * routes (web/dist/routes.json) is answered 404 with the Not Found screen rendered for it
 * (web/dist/status/404.html as its frame).
 */
export function webPages(
  webDist: string,
  renderPage: RenderPage | null,
  { onRenderError, onDataFallback, dataTimeoutMs = PAGE_DATA_TIMEOUT_MS }: WebPagesOptions,
): WebPageSender {
  // Each built page as sent, plain and marked, made once; a rendered page is kept plain and marked as
  // it is sent (one copy per address: a search page with its results is several times the frame).
  const marked = (html: string) => html.replace("<html ", "<html data-sample-dataset ");
  const variants = (html: string) => ({ plain: html, sample: marked(html) });
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
  const rendered = new ResponseCache(renderedPagesCacheBytes());
  // Renders under way by release and address: the same search asked again meanwhile waits for it.
  const underWay = new Map<string, Promise<{ html: string; complete: boolean }>>();

  const renderFor = async (frame: string, url: string, data: PageDataSource | null) => {
    if (!renderPage) throw new Error("no renderer");
    const signal = AbortSignal.timeout(dataTimeoutMs);
    const page = await renderPage(frame, url, data ? { execute: data.execute, signal } : undefined);
    const { html, complete } = typeof page === "string" ? { html: page, complete: true } : page;
    if (!complete) onDataFallback?.(url);
    // Rendered before the release was read (the gateway starting): sent, not kept.
    return { html, complete: complete && data !== null };
  };

  // Not Found pages are rendered every time: any address can be asked, and none should push a search
  // page out of the cache.
  const render = async (
    frame: string,
    url: string,
    fallback: string,
    variant: "plain" | "sample",
    data: PageDataSource | null,
    keep = true,
  ) => {
    if (!renderPage) return fallback;
    const as = (html: string) => (variant === "sample" ? marked(html) : html);
    const key = `${data ? data.release : "starting"} ${url}`;
    const cached = keep ? rendered.get(key) : undefined;
    if (cached !== undefined) return as(cached);
    try {
      if (!keep) return as((await renderFor(frame, url, data)).html);
      let pending = underWay.get(key);
      if (!pending) {
        pending = renderFor(frame, url, data).finally(() => underWay.delete(key));
        underWay.set(key, pending);
      }
      const page = await pending;
      // A page whose data failed or was too slow is sent, not kept: the next request tries again.
      if (page.complete) rendered.set(key, page.html);
      return as(page.html);
    } catch (error) {
      onRenderError(url, error);
      return fallback;
    }
  };

  const page = async (
    url: string,
    marks: PageMarks,
    data: PageDataSource | null,
    record: "found" | "missing" | undefined,
  ): Promise<WebPage & { built?: string; scripts?: string }> => {
    const [pathname = "/", query] = url.split(/\?(.*)/s, 2);
    const variant = marks.sampleDataset ? "sample" : "plain";
    // A record's page, in its kind's frame: rendered with its data; an unknown record's is sent, not kept.
    const frame = record && pages.get(`/${recordAddress(pathname)?.segment}`);
    if (frame) {
      const missing = record === "missing";
      const html = await render(frame.plain, url, shell[variant], variant, data, !missing);
      return { status: missing ? 404 : 200, html };
    }
    const key = screenPath(pathname);
    if (routes && !routes.has(key))
      return {
        status: 404,
        html: await render(notFound.plain, url, notFound[variant], variant, null, false),
      };
    const screen = pages.get(key);
    if (!screen) return { status: 200, html: shell[variant], built: `shell ${variant}` };
    // The gateway's own JSON-LD of the screen (the catalog's): in the page with whatever query it has.
    const scripts = marks.screenJsonLd?.scripts.get(key);
    if (!query) {
      const built = scripts ? `${key} ${variant} ${marks.screenJsonLd?.key}` : `${key} ${variant}`;
      return { status: 200, html: screen[variant], built, scripts };
    }
    const html = await render(screen.plain, url, shell[variant], variant, data);
    return { status: 200, html: withHeadScripts(html, scripts) };
  };
  const send = async (
    url: string,
    marks: PageMarks,
    data: PageDataSource | null = null,
    record: "found" | "missing" | undefined = undefined,
  ) => {
    const sent = await page(url, marks, data, record);
    if (sent.built === undefined) return { status: sent.status, html: withOrigin(sent.html, marks.origin) };
    // A built page is the same for every request under an origin (and catalog markup): made once, not per request.
    const html = builtFor(`${marks.origin} ${sent.built}`, () =>
      withOrigin(withHeadScripts(sent.html, sent.scripts), marks.origin),
    );
    return { status: sent.status, html };
  };
  const builtByOrigin = new Map<string, string>();
  const builtFor = (key: string, make: () => string) => {
    let text = builtByOrigin.get(key);
    if (text === undefined) {
      text = make();
      // Bounded: without PUBLIC_ORIGIN every Host a client sends is an origin.
      if (builtByOrigin.size >= BUILT_PAGES_BY_ORIGIN) builtByOrigin.clear();
      builtByOrigin.set(key, text);
    }
    return text;
  };
  const recordPageOf = (pathname: string) => {
    const address = recordAddress(pathname);
    return address && pages.has(`/${address.segment}`) ? address : null;
  };
  const jsonLd = async (pathname: string, marks: PageMarks, data: PageDataSource) => {
    const key = screenPath(pathname);
    const catalog = marks.screenJsonLd;
    const document = catalog?.documents.get(key);
    if (catalog && document !== undefined)
      return builtFor(`${marks.origin} json-ld ${key} ${catalog.key}`, () =>
        jsonWithOrigin(document, marks.origin),
      );
    if (!recordPageOf(pathname)) return null;
    const sent = await page(pathname, { ...marks, sampleDataset: false }, data, "found");
    const objects = headJsonLd(sent.html);
    return objects.length > 0 ? jsonWithOrigin(JSON.stringify(jsonLdDocument(objects)), marks.origin) : null;
  };
  return Object.assign(send, { recordPageOf, jsonLd });
}

/** The gateway's static 414 page (web/dist/status/414.html: the portal's frame, no scripts), or null. */
export function uriTooLongPage(webDist: string): string | null {
  const file = path.join(webDist, "status", "414.html");
  return existsSync(file) ? readFileSync(file, "utf8") : null;
}

/**
 * Pages rendered for a query string or a record, most recent kept: about 70 search pages with their
 * results (a gene search's page is about 57 KB, its consensus list included), some 300 of other
 * screens. PAGE_CACHE_MB sets it (default 8; 0 keeps none, as a bench of the cold page wants).
 */
const renderedPagesCacheBytes = () => envInt("PAGE_CACHE_MB", 8) * 1024 * 1024;
