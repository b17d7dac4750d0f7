import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import { sendError } from "../rest/envelope";
import type { Services } from "../services";
import type { SitemapListing } from "../services/sitemap.service";
import { DATA_MAX_AGE_SECONDS } from "./caching";
import { requestOrigin } from "./origin";
import { ORIGIN_PLACEHOLDER } from "./web-pages";

/**
 * Findability (sitemaps.org protocol 0.9): /robots.txt names /sitemap.xml, a sitemap index of shard
 * files /sitemaps/<kind>-<n>.xml, each at most SITEMAP_URLS_PER_FILE addresses: the app's screens and
 * every record page of the live release, each with lastmod = the release's date. The listing is read
 * once per release (SitemapService); each file is written once per release and origin and kept.
 */

export const SITEMAP_PATH = "/sitemap.xml";
/** The protocol's limit: at most 50,000 URLs (and 50 MB) per file. */
export const SITEMAP_URLS_PER_FILE = 50_000;
/** The shard kind of the app's screens (record pages' kinds are their first path segment). */
export const SCREENS_KIND = "screens";

/** One shard file: its name (`gene-1`) and the paths it lists. */
export interface SitemapShard {
  name: string;
  paths: string[];
}

/** The shards of a listing: each kind's paths cut into files of at most `perFile`, numbered from 1. */
export function sitemapShards(
  groups: readonly { kind: string; paths: readonly string[] }[],
  perFile = SITEMAP_URLS_PER_FILE,
): SitemapShard[] {
  return groups.flatMap(({ kind, paths }) =>
    Array.from({ length: Math.ceil(paths.length / perFile) }, (_, i) => ({
      name: `${kind}-${i + 1}`,
      paths: paths.slice(i * perFile, (i + 1) * perFile),
    })),
  );
}

const XML_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};
/** A text as XML character data (the protocol asks every URL to be entity-escaped). */
export const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** A <urlset>: one <url> per path under `origin`, each with `lastmod`. */
export function urlSetXml(origin: string, paths: readonly string[], lastmod: string): string {
  const date = xmlEscape(lastmod);
  const urls = paths.map((p) => `<url><loc>${xmlEscape(origin + p)}</loc><lastmod>${date}</lastmod></url>\n`);
  return `${XML_HEAD}<urlset ${NAMESPACE}>\n${urls.join("")}</urlset>\n`;
}

/** A <sitemapindex>: one <sitemap> per shard file, each with `lastmod`. */
export function sitemapIndexXml(origin: string, shards: readonly string[], lastmod: string): string {
  const date = xmlEscape(lastmod);
  const entries = shards.map(
    (name) =>
      `<sitemap><loc>${xmlEscape(`${origin}/sitemaps/${name}.xml`)}</loc><lastmod>${date}</lastmod></sitemap>\n`,
  );
  return `${XML_HEAD}<sitemapindex ${NAMESPACE}>\n${entries.join("")}</sitemapindex>\n`;
}

/** robots.txt: everything may be crawled but the query endpoints; the sitemap index by its absolute URL. */
export const robotsTxt = (origin: string) =>
  `User-agent: *\nDisallow: /graphql\nDisallow: /mcp\n\nSitemap: ${origin}${SITEMAP_PATH}\n`;

/**
 * The app's screens: the route list the web build writes (web/dist/routes.json), less the routes with
 * parameters (the record pages, listed by the release) and the catch-all, and less any screen whose
 * built page (web/dist/pages/) is not its own canonical address: another address of a screen
 * (/synapse-localization of /synaptic-compartments), or one drawn only in the browser (the explorer,
 * whose page has no content for a search engine). The home page alone when the web app is not built.
 */
export function screenPaths(webDist: string): string[] {
  const file = path.join(webDist, "routes.json");
  if (!existsSync(file)) return ["/"];
  const routes = JSON.parse(readFileSync(file, "utf8")) as string[];
  return routes.filter(
    (route) => !route.includes(":") && !route.includes("*") && builtCanonical(webDist, route) === route,
  );
}

/** The canonical path the built page of `route` names (null when it has no built page or names none). */
function builtCanonical(webDist: string, route: string): string | null {
  const file = path.join(webDist, "pages", `${route === "/" ? "index" : route.slice(1)}.html`);
  if (!existsSync(file)) return null;
  const href = /<link rel="canonical" href="([^"]*)"/.exec(readFileSync(file, "utf8"))?.[1];
  return href === undefined ? null : new URL(href.replace(ORIGIN_PLACEHOLDER, ""), "http://x").pathname;
}

/** Written files kept: a few origins' worth of the 10x release (about 13 MB each), least recent dropped. */
const SITEMAP_CACHE_BYTES = 64 * 1024 * 1024;

export function registerSitemaps(
  app: FastifyInstance,
  services: Services,
  webDist: string,
  perFile = SITEMAP_URLS_PER_FILE,
): void {
  const screens = screenPaths(webDist);
  const written = new LRUCache<string, Buffer>({
    maxSize: SITEMAP_CACHE_BYTES,
    sizeCalculation: (file) => file.length,
  });
  // Cut once per listing (so once per release), not on every request.
  const shards = new WeakMap<SitemapListing, SitemapShard[]>();
  const shardsOf = (listing: SitemapListing) => {
    let cut = shards.get(listing);
    if (!cut) {
      cut = sitemapShards([{ kind: SCREENS_KIND, paths: screens }, ...listing.pages], perFile);
      shards.set(listing, cut);
    }
    return cut;
  };

  /** A file of the live release for this request's origin: written on the first ask, then kept. */
  const send = async (
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    write: (listing: SitemapListing, origin: string) => string | null,
  ) => {
    if (!services.releases?.key) {
      reply.header("retry-after", "5");
      return sendError(reply, 503, "The portal is starting: the dataset is being loaded");
    }
    const listing = await services.sitemap.listing();
    const origin = requestOrigin(request);
    const key = `${listing.release} ${origin} ${name}`;
    let file = written.get(key);
    if (!file) {
      const text = write(listing, origin);
      if (text === null) return sendError(reply, 404, `No sitemap file ${name}`);
      file = Buffer.from(text, "utf8");
      written.set(key, file);
    }
    return reply
      .type("application/xml; charset=utf-8")
      .header("cache-control", `public, max-age=${DATA_MAX_AGE_SECONDS}`)
      .send(file);
  };

  app.get("/robots.txt", async (request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(robotsTxt(requestOrigin(request))),
  );
  app.get(SITEMAP_PATH, (request, reply) =>
    send(request, reply, "index", (listing, origin) =>
      sitemapIndexXml(
        origin,
        shardsOf(listing).map((shard) => shard.name),
        listing.releaseDate,
      ),
    ),
  );
  app.get<{ Params: { file: string } }>("/sitemaps/:file", (request, reply) => {
    const name = /^([a-z-]+-\d+)\.xml$/.exec(request.params.file)?.[1];
    if (!name) return sendError(reply, 404, `No sitemap file ${request.params.file}`);
    return send(request, reply, name, (listing, origin) => {
      const shard = shardsOf(listing).find((s) => s.name === name);
      return shard ? urlSetXml(origin, shard.paths, listing.releaseDate) : null;
    });
  });
}
