// Server rendering (server bundle, `vite build --ssr`): a screen's first paint as static HTML, so text
// and layout show before the app's JavaScript has run and the browser can hydrate it (src/boot.tsx).
// web/scripts/prerender.mjs renders each screen into its page at build, every query loading; the gateway
// (gateway/http/web-pages.ts) renders an address with a query string on request, and for the screens
// marked `serverData` (the searches) runs their queries in-process first, so the page holds the results
// and carries the Apollo cache they came from for the browser's client (src/apollo.ts). A screen that
// lists its queries (its module's `preload`, the record pages) has them run first and renders once.
import {
  ApolloClient,
  ApolloLink,
  type DocumentNode,
  InMemoryCache,
  type NormalizedCacheObject,
  Observable,
  type ObservableQuery,
  type OperationVariables,
} from "@apollo/client";
import { ApolloProvider } from "@apollo/client/react";
import { prerenderStatic } from "@apollo/client/react/ssr";
import { getOperationAST, print } from "graphql";
import { type ReactNode, StrictMode } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
} from "react-router-dom";
import { createApolloCache, SERVER_CACHE_ELEMENT_ID } from "./apollo";
import { ORIGIN_PLACEHOLDER, type PageHead, prerenderedHead } from "./hooks/useDocumentTitle";
import { escapeHtml } from "./lib/escapeHtml";
import type { RunPageQuery, ScreenPreload } from "./lib/pageQuery";
import UriTooLongPage from "./routes/not-found/UriTooLongPage";
import { routes, type ScreenHandle } from "./routes/routes";
import { siteConfig } from "./site.config";

/** Screens left to the browser: the explorer's editor and the catch-all 'not found'. */
const CLIENT_ONLY = new Set(["explorer", "*"]);

const screens = (): RouteObject[] => routes[0]?.children?.[0]?.children ?? [];

/** Whether a route is a record's page (gene/:symbol): one page per record, rendered on request. */
const isRecordRoute = (route: RouteObject) => route.path?.includes("/:") === true;

/** The paths of the screens to prerender ("/" for the home page). */
export function prerenderPaths(): string[] {
  return screens()
    .filter((r) => r.index || (r.path !== undefined && !CLIENT_ONLY.has(r.path) && !isRecordRoute(r)))
    .map((r) => (r.index ? "/" : `/${r.path}`));
}

/**
 * The record pages' routes by their first segment (gene: its screen's source file): the gateway renders
 * /gene/DLG4 in a frame the build writes as dist/pages/gene.html, with the screen's stylesheets and chunks.
 */
export function recordFrames(): { segment: string; files: string[]; startsOnUse: boolean }[] {
  return screens()
    .filter(isRecordRoute)
    .map((r) => ({
      segment: r.path!.slice(0, r.path!.indexOf("/:")),
      files: [(r.handle as ScreenHandle).file],
      startsOnUse: Boolean((r.handle as ScreenHandle).serverData),
    }));
}

/**
 * Every path the app has a screen for, the explorer included (not the catch-all): written to
 * dist/routes.json, so the gateway answers any other path 404 with the Not Found screen.
 */
export function routePaths(): string[] {
  return screens()
    .filter((r) => r.index || (r.path !== undefined && r.path !== "*"))
    .map((r) => (r.index ? "/" : `/${r.path}`));
}

/** An address no screen has: rendered, it gives the Not Found screen and its chunks. */
export const NOT_FOUND_PROBE = "/__not-found__";

/** How web/scripts/prerender.mjs marks a `serverData` screen's page (see RenderedScreen.startsOnUse). */
export { markedToStartOnUse } from "./lib/appStart";

/**
 * The portal's frame (navigation, footer) around the 'address too long' message, as static HTML: the
 * gateway's 414 page for page addresses over its limit (web/scripts/prerender.mjs).
 */
export async function renderUriTooLong(): Promise<RenderedScreen> {
  const layout = routes[0];
  const statusRoutes: RouteObject[] = [
    { ...layout, children: [{ index: true, Component: UriTooLongPage }] } as RouteObject,
  ];
  const { html, head } = await renderRoutes(statusRoutes, "/");
  return { html, head, path: null, files: [] };
}

/** One GraphQL operation of a page, as the server's render asks the gateway to run it. */
export interface PageOperationRequest {
  query: string;
  variables: Record<string, unknown>;
  operationName?: string;
}

/** The answer, as GraphQL gives it (errors already worded for clients by the gateway). */
export interface PageOperationResult {
  data?: Record<string, unknown> | null;
  errors?: readonly unknown[];
}

/** How a render reaches the data: the gateway's own executor, in-process, and its time limit. */
export interface PageData {
  execute: (request: PageOperationRequest) => Promise<PageOperationResult>;
  /** Aborted when the data took too long: the page is then rendered with its queries loading. */
  signal?: AbortSignal;
}

/**
 * Each query document as text, printed once: the executor takes text, and a page's documents are the
 * same objects on every render (the app's constants, as Apollo transforms them once).
 */
const printed = new WeakMap<DocumentNode, string>();
function printOnce(document: DocumentNode): string {
  let text = printed.get(document);
  if (text === undefined) {
    text = print(document);
    printed.set(document, text);
  }
  return text;
}

/** A link that never answers: the prerendered page shows every query as loading. */
const pendingLink = new ApolloLink(() => new Observable(() => undefined));

/** One render with data: where its queries run, and the errors they met. */
interface DataRender {
  data: PageData;
  failures: unknown[];
}

/**
 * A link that runs each operation with the executor of the render its client serves now. Any error
 * (GraphQL or thrown) is also noted in the render's `failures`: a page with an error drawn in it could
 * not be taken over by the browser, whose cache holds no errors, so such a page is rendered loading
 * instead.
 */
function executingLink(current: () => DataRender | null): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        let closed = false;
        const render = current();
        if (!render) {
          observer.error(new Error("the client serves no render"));
          return;
        }
        const { data, failures } = render;
        data
          .execute({
            query: printOnce(operation.query),
            variables: operation.variables,
            operationName: operation.operationName,
          })
          .then(
            (result) => {
              if (result.errors && result.errors.length > 0) failures.push(result.errors[0]);
              if (closed) return;
              observer.next(result as ApolloLink.Result);
              observer.complete();
            },
            (error: unknown) => {
              failures.push(error);
              if (!closed) observer.error(error);
            },
          );
        return () => {
          closed = true;
        };
      }),
  );
}

/**
 * `tree` rendered once to a string, with the head the screen set. The head is reset and read around
 * the synchronous render only: renders of several addresses may interleave.
 */
function renderOnce(tree: ReactNode): { html: string; head: PageHead | null } {
  prerenderedHead.current = null;
  const html = renderToString(tree);
  return { html, head: prerenderedHead.current };
}

/** The most renders a screen's data may take (a query that another's answer starts costs one more). */
const MAX_DATA_RENDERS = 8;

/**
 * The client of a render with data. It serves one render at a time and is then emptied and kept for
 * the next (takeClient): Apollo works out what each query document needs (its transforms, its server
 * query) once per client, which a new client for every page did again for each of its queries. It
 * keeps the queries the render watched (every useQuery), to tell whether the cache answered them.
 */
class ServerClient extends ApolloClient {
  readonly watched: { options: ApolloClient.WatchQueryOptions; observable: ObservableQuery }[] = [];
  /** The render the client serves now. */
  render: DataRender | null = null;
  declare readonly cache: InMemoryCache;

  constructor() {
    super({ ssrMode: true, link: executingLink(() => this.render), cache: createApolloCache(ServerCache) });
  }

  override watchQuery<TData = unknown, TVariables extends OperationVariables = OperationVariables>(
    options: ApolloClient.WatchQueryOptions<TData, TVariables>,
  ): ObservableQuery<TData, TVariables> {
    const observable = super.watchQuery(options);
    this.watched.push({
      options: options as ApolloClient.WatchQueryOptions,
      observable: observable as unknown as ObservableQuery,
    });
    return observable;
  }

  /** Whether a query the render watched was left unanswered: one the server render would run. */
  missedAny(): boolean {
    return this.watched.some(
      ({ options, observable }) =>
        options.fetchPolicy !== "standby" &&
        options.fetchPolicy !== "cache-only" &&
        (options as { ssr?: boolean }).ssr !== false &&
        observable.getCurrentResult().dataState !== "complete",
    );
  }
}

/** Each query document as every server cache sends it (with __typename): worked out once, not per cache. */
const transformed = new WeakMap<DocumentNode, DocumentNode>();

/**
 * The server clients' cache: Apollo's, with its transform of a query document kept across caches and
 * resets (each reset of a cache, and each new cache, would work it out again, and with it all that
 * Apollo derives from the transformed document).
 */
class ServerCache extends InMemoryCache {
  override transformDocument(document: DocumentNode): DocumentNode {
    let result = transformed.get(document);
    if (result === undefined) {
      result = super.transformDocument(document);
      transformed.set(document, result);
    }
    return result;
  }
}

/** Idle clients, at most one for each render that ran at once, up to MAX_IDLE_CLIENTS. */
const idleClients: ServerClient[] = [];
const MAX_IDLE_CLIENTS = 16;

function takeClient(render: DataRender): ServerClient {
  const client = idleClients.pop() ?? new ServerClient();
  client.render = render;
  return client;
}

/** `client` emptied (its cache, its watched queries, any operation still running) and kept. */
async function releaseClient(client: ServerClient): Promise<void> {
  client.render = null;
  client.watched.length = 0;
  await client.clearStore();
  if (idleClients.length < MAX_IDLE_CLIENTS) idleClients.push(client);
}

/** Where React put a Suspense boundary's fallback for the browser to fill (a screen's code still loading). */
const CLIENT_RENDERED_BOUNDARY = "<!--$!-->";

/** Settles when `signal` aborts (never without one). */
const abortOf = (signal: AbortSignal | undefined) =>
  new Promise<"aborted">((resolve) => {
    if (signal?.aborted) resolve("aborted");
    signal?.addEventListener("abort", () => resolve("aborted"), { once: true });
  });

/** A screen's preload, and the address it is run for. */
interface Preload {
  run: ScreenPreload;
  address: Parameters<ScreenPreload>[0];
}

/**
 * `tree(client)` rendered with its queries answered by `data.execute`, again until no new query starts
 * (Apollo's prerenderStatic), with the cache it ends with; null when a query failed, the time ran out
 * or the renders did not settle.
 */
async function renderWithData(
  tree: (client: ApolloClient) => ReactNode,
  data: PageData,
  preload?: Preload,
): Promise<{ html: string; head: PageHead | null; state: NormalizedCacheObject } | null> {
  const failures: unknown[] = [];
  const render = { data, failures };
  const client = takeClient(render);
  const { cache } = client;
  try {
    if (preload) {
      // The screen's queries first, then one render from the cache; a query the preload missed (or a
      // screen's code still loading) leaves it to prerenderStatic below, over the cache filled so far.
      // Each answer is written to the cache as it is, not read back from it as client.query would.
      // A preload still running when its render gave up (too slow) stops there: the client may
      // serve another render by then.
      const run: RunPageQuery = async ({ query, variables }) => {
        if (client.render !== render) throw new Error("the render is over");
        const document = cache.transformDocument(query as DocumentNode);
        let result: PageOperationResult;
        try {
          result = await data.execute({
            query: printOnce(document),
            variables: variables as Record<string, unknown>,
            operationName: getOperationAST(document)?.name?.value,
          });
        } catch (error) {
          failures.push(error);
          throw error;
        }
        if (result.errors && result.errors.length > 0) {
          failures.push(result.errors[0]);
          throw new Error("the query failed");
        }
        if (client.render !== render) throw new Error("the render is over");
        cache.writeQuery({ query: document, variables, data: result.data });
        return result.data as never;
      };
      const settled = await Promise.race([
        preload.run(preload.address, run).then(
          () => "loaded" as const,
          () => "failed" as const,
        ),
        abortOf(data.signal),
      ]);
      if (settled === "aborted" || failures.length > 0) return null;
      if (settled === "loaded") {
        const rendered = renderOnce(tree(client));
        if (!client.missedAny() && !rendered.html.includes(CLIENT_RENDERED_BOUNDARY))
          return { ...rendered, state: cache.extract() };
      }
    }
    let head: PageHead | null = null;
    const { result, aborted } = await prerenderStatic({
      tree: tree(client),
      signal: data.signal,
      maxRerenders: MAX_DATA_RENDERS,
      renderFunction: (element: ReactNode) => {
        const rendered = renderOnce(element);
        head = rendered.head;
        return rendered.html;
      },
    });
    if (aborted || failures.length > 0) return null;
    return { html: result, head, state: cache.extract() };
  } catch {
    return null; // aborted between two renders, or more renders than allowed
  } finally {
    void releaseClient(client);
  }
}

/**
 * `url` rendered by `routeTable` as static HTML, with the head the screen set. A screen marked
 * `serverData`, given `data`, is rendered with its queries answered, and `state` is the Apollo cache
 * they filled; any other screen, or one whose data failed or was too slow (`complete` false), is
 * rendered with every query loading.
 */
async function renderRoutes(routeTable: RouteObject[], url: string, data?: PageData) {
  const handler = createStaticHandler(routeTable);
  const context = await handler.query(new Request(new URL(url, "http://prerender.local")));
  if (context instanceof Response) throw new Error(`${url} redirects (${context.status})`);
  if (context.errors) throw new Error(`${url} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const tree = (client: ApolloClient) => (
    <StrictMode>
      <ApolloProvider client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </ApolloProvider>
    </StrictMode>
  );
  const screen = context.matches.find(
    (m) => (m.route.handle as ScreenHandle | undefined)?.serverData === true,
  );
  const wantsData = data !== undefined && screen !== undefined;
  if (wantsData) {
    const preload = (await (screen.route.handle as ScreenHandle).module()).preload;
    const address = { params: screen.params, search: new URL(url, "http://prerender.local").searchParams };
    const rendered = await renderWithData(tree, data, preload && { run: preload, address });
    if (rendered) return { ...rendered, context, complete: true };
  }
  const loading = renderOnce(
    tree(new ApolloClient({ ssrMode: true, link: pendingLink, cache: new InMemoryCache() })),
  );
  return { ...loading, state: null, context, complete: !wantsData };
}

export interface RenderedScreen {
  html: string;
  /** What the screen said about itself for the page's head (its title, description, canonical, JSON-LD). */
  head: PageHead | null;
  /** The address's path: the canonical link of a screen that names none (null: the page has none). */
  path: string | null;
  /** The source files of the screen's route modules (build manifest keys). */
  files: string[];
  /** The Apollo cache the screen was rendered with, for the browser's client (absent: queries loading). */
  state?: NormalizedCacheObject | null;
  /** A `serverData` screen's page starts the app on its first use (src/lib/appStart.ts). */
  startsOnUse?: boolean;
}

/**
 * Renders the screen at `url` (path and query string); given `data`, a `serverData` screen with its
 * queries answered (`complete` false when that failed and it shows them loading).
 */
export async function renderScreen(
  url: string,
  data?: PageData,
): Promise<RenderedScreen & { complete: boolean }> {
  const { html, head, state, complete, context } = await renderRoutes(routes, url, data);
  const files = context.matches
    .map((m) => (m.route.handle as ScreenHandle | undefined)?.file)
    .filter((f): f is string => f !== undefined);
  const found = !context.matches.some((m) => m.route.path === "*");
  return {
    html,
    head,
    path: found ? new URL(url, "http://prerender.local").pathname : null,
    files,
    startsOnUse: context.matches.some((m) => (m.route.handle as ScreenHandle | undefined)?.serverData),
    state,
    complete,
  };
}

const ROOT_OPEN = '<div id="root">';

/**
 * A cache state as the text of a `<script type="application/json">`: JSON with `<`, `>`, `&` and the
 * two line separators as \u escapes (JSON.parse reads them back), so that no value, a search term
 * say, can close the element (`</script>`) or open a comment in it.
 */
export function serializeState(state: NormalizedCacheObject): string {
  return JSON.stringify(state).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** `text` as a <script type="application/ld+json">: JSON with `<` escaped, so no value can close the element. */
const jsonLdScript = (value: object) =>
  `<script type="application/ld+json">${JSON.stringify(value).replace(/</g, "\\u003c")}</script>`;

/**
 * The tags a screen's head adds to the page's: its meta description, canonical link, Open Graph and
 * Twitter card (a shared link previews the screen) and JSON-LD. Absolute addresses start with
 * ORIGIN_PLACEHOLDER, which the gateway replaces as it sends the page.
 */
function headTags(head: PageHead | null, path: string | null): string[] {
  const canonical = head?.canonical === undefined ? path : head.canonical;
  if (!head || canonical === null) return [];
  const url = `${ORIGIN_PLACEHOLDER}${canonical}`;
  const description = head.description;
  const meta = (attribute: "name" | "property", key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  return [
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta("property", "og:type", "website"),
    meta("property", "og:title", head.title),
    ...(description ? [meta("property", "og:description", description)] : []),
    meta("property", "og:url", url),
    meta("property", "og:site_name", siteConfig.productName),
    meta("name", "twitter:card", "summary"),
    meta("name", "twitter:title", head.title),
    ...(description ? [meta("name", "twitter:description", description)] : []),
    ...(head.jsonLd ?? []).map(jsonLdScript),
  ];
}

/**
 * `page` (the app's index.html, or a screen's page from the build) with the screen inside #root, its
 * head (title, description, canonical link, previews, JSON-LD), and its cache state, if any, in a data
 * element right after #root: not a script that runs, so the gateway's script-src 'self' allows it.
 * #root is the body's last element (web/index.html): what it holds ends at the body's last </div>.
 */
export function fillPage(
  page: string,
  screen: Pick<RenderedScreen, "html" | "head" | "path" | "state">,
): string {
  const start = page.indexOf(ROOT_OPEN) + ROOT_OPEN.length;
  const end = page.lastIndexOf("</div>", page.lastIndexOf("</body>"));
  if (start < ROOT_OPEN.length || end < start) throw new Error(`the page has no ${ROOT_OPEN}...</div>`);
  const { head } = screen;
  let top = page.slice(0, start);
  if (head) {
    top = top.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`);
    if (head.description)
      top = top.replace(
        /<meta name="description" content="[^"]*" \/>/,
        `<meta name="description" content="${escapeHtml(head.description)}" />`,
      );
    // A screen's prerendered page is the frame of its addresses with a query: its tags give way.
    top = top.replace(/\s*<!-- screen head -->[\s\S]*<!-- \/screen head -->/, "");
    const tags = headTags(head, screen.path);
    if (tags.length > 0)
      top = top.replace(
        "</head>",
        `  <!-- screen head -->\n    ${tags.join("\n    ")}\n    <!-- /screen head -->\n  </head>`,
      );
  }
  const rootEnd = end + "</div>".length;
  const state = screen.state
    ? `\n    <script type="application/json" id="${SERVER_CACHE_ELEMENT_ID}">${serializeState(screen.state)}</script>`
    : "";
  return top + screen.html + page.slice(end, rootEnd) + state + page.slice(rootEnd);
}

/** A page as the gateway sends it for a screen's address with a query string. */
export interface RenderedPage {
  html: string;
  /**
   * False when the screen's data failed or took too long and the page shows its queries loading
   * instead: the gateway sends it but does not keep it.
   */
  complete: boolean;
}

/**
 * `page` rendered for `url`: the gateway's answer to a screen's address with a query string; given
 * `data`, a search screen's with its results.
 */
export async function renderPage(page: string, url: string, data?: PageData): Promise<RenderedPage> {
  const screen = await renderScreen(url, data);
  return { html: fillPage(page, screen), complete: screen.complete };
}
