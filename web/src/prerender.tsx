// Server rendering (server bundle, `vite build --ssr`): a screen's first paint as static HTML, so text
// and layout show before the app's JavaScript has run and the browser can hydrate it (src/boot.tsx).
// web/scripts/prerender.mjs renders each screen into its page at build, every query loading; the gateway
// (gateway/http/web-pages.ts) renders an address with a query string on request, and for the screens
// marked `serverData` (the searches) runs their queries in-process first, so the page holds the results
// and carries the Apollo cache they came from for the browser's client (src/apollo.ts).
import {
  ApolloClient,
  ApolloLink,
  InMemoryCache,
  type NormalizedCacheObject,
  Observable,
} from "@apollo/client";
import { ApolloProvider } from "@apollo/client/react";
import { prerenderStatic } from "@apollo/client/react/ssr";
import { print } from "graphql";
import { type ReactNode, StrictMode } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
} from "react-router-dom";
import { createApolloCache, SERVER_CACHE_ELEMENT_ID } from "./apollo";
import { prerenderedTitle } from "./hooks/useDocumentTitle";
import { escapeHtml } from "./lib/escapeHtml";
import UriTooLongPage from "./routes/not-found/UriTooLongPage";
import { routes, type ScreenHandle } from "./routes/routes";

/** Screens left to the browser: the explorer's editor and the catch-all 'not found'. */
const CLIENT_ONLY = new Set(["explorer", "*"]);

const screens = (): RouteObject[] => routes[0]?.children?.[0]?.children ?? [];

/** The paths of the screens to prerender ("/" for the home page). */
export function prerenderPaths(): string[] {
  return screens()
    .filter((r) => r.index || (r.path !== undefined && !CLIENT_ONLY.has(r.path)))
    .map((r) => (r.index ? "/" : `/${r.path}`));
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

/**
 * The portal's frame (navigation, footer) around the 'address too long' message, as static HTML: the
 * gateway's 414 page for page addresses over its limit (web/scripts/prerender.mjs).
 */
export async function renderUriTooLong(): Promise<RenderedScreen> {
  const layout = routes[0];
  const statusRoutes: RouteObject[] = [
    { ...layout, children: [{ index: true, Component: UriTooLongPage }] } as RouteObject,
  ];
  const { html, title } = await renderRoutes(statusRoutes, "/");
  return { html, title, files: [] };
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

/** A link that never answers: the prerendered page shows every query as loading. */
const pendingLink = new ApolloLink(() => new Observable(() => undefined));

/**
 * A link that runs each operation with the gateway's executor. Any error (GraphQL or thrown) is also
 * noted in `failures`: a page with an error drawn in it could not be taken over by the browser, whose
 * cache holds no errors, so such a page is rendered loading instead.
 */
function executingLink(data: PageData, failures: unknown[]): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        let closed = false;
        data
          .execute({
            query: print(operation.query),
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
 * `tree` rendered once to a string, with the title the screen set. The title is reset and read around
 * the synchronous render only: renders of several addresses may interleave.
 */
function renderOnce(tree: ReactNode): { html: string; title: string | null } {
  prerenderedTitle.current = null;
  const html = renderToString(tree);
  return { html, title: prerenderedTitle.current };
}

/** The most renders a screen's data may take (a query that another's answer starts costs one more). */
const MAX_DATA_RENDERS = 8;

/**
 * `tree(client)` rendered with its queries answered by `data.execute`, again until no new query starts
 * (Apollo's prerenderStatic), with the cache it ends with; null when a query failed, the time ran out
 * or the renders did not settle.
 */
async function renderWithData(
  tree: (client: ApolloClient) => ReactNode,
  data: PageData,
): Promise<{ html: string; title: string | null; state: NormalizedCacheObject } | null> {
  const failures: unknown[] = [];
  const cache = createApolloCache();
  const client = new ApolloClient({ ssrMode: true, link: executingLink(data, failures), cache });
  try {
    let title: string | null = null;
    const { result, aborted } = await prerenderStatic({
      tree: tree(client),
      signal: data.signal,
      maxRerenders: MAX_DATA_RENDERS,
      renderFunction: (element: ReactNode) => {
        const rendered = renderOnce(element);
        title = rendered.title;
        return rendered.html;
      },
    });
    if (aborted || failures.length > 0) return null;
    return { html: result, title, state: cache.extract() };
  } catch {
    return null; // aborted between two renders, or more renders than allowed
  } finally {
    client.stop();
  }
}

/**
 * `url` rendered by `routeTable` as static HTML, with the title the screen set. A screen marked
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
  const wantsData =
    data !== undefined &&
    context.matches.some((m) => (m.route.handle as ScreenHandle | undefined)?.serverData === true);
  if (wantsData) {
    const rendered = await renderWithData(tree, data);
    if (rendered) return { ...rendered, context, complete: true };
  }
  const loading = renderOnce(
    tree(new ApolloClient({ ssrMode: true, link: pendingLink, cache: new InMemoryCache() })),
  );
  return { ...loading, state: null, context, complete: !wantsData };
}

export interface RenderedScreen {
  html: string;
  title: string | null;
  /** The source files of the screen's route modules (build manifest keys). */
  files: string[];
  /** The Apollo cache the screen was rendered with, for the browser's client (absent: queries loading). */
  state?: NormalizedCacheObject | null;
}

/**
 * Renders the screen at `url` (path and query string); given `data`, a `serverData` screen with its
 * queries answered (`complete` false when that failed and it shows them loading).
 */
export async function renderScreen(
  url: string,
  data?: PageData,
): Promise<RenderedScreen & { complete: boolean }> {
  const { html, title, state, complete, context } = await renderRoutes(routes, url, data);
  const files = context.matches
    .map((m) => (m.route.handle as ScreenHandle | undefined)?.file)
    .filter((f): f is string => f !== undefined);
  return { html, title, files, state, complete };
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

/**
 * `page` (the app's index.html, or a screen's page from the build) with the screen inside #root and its
 * title, and its cache state, if any, in a data element right after #root: not a script that runs, so
 * the gateway's script-src 'self' allows it. #root is the body's last element (web/index.html): what it
 * holds ends at the body's last </div>.
 */
export function fillPage(page: string, screen: Pick<RenderedScreen, "html" | "title" | "state">): string {
  const start = page.indexOf(ROOT_OPEN) + ROOT_OPEN.length;
  const end = page.lastIndexOf("</div>", page.lastIndexOf("</body>"));
  if (start < ROOT_OPEN.length || end < start) throw new Error(`the page has no ${ROOT_OPEN}...</div>`);
  const head = screen.title
    ? page.slice(0, start).replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(screen.title)}</title>`)
    : page.slice(0, start);
  const rootEnd = end + "</div>".length;
  const state = screen.state
    ? `\n    <script type="application/json" id="${SERVER_CACHE_ELEMENT_ID}">${serializeState(screen.state)}</script>`
    : "";
  return head + screen.html + page.slice(end, rootEnd) + state + page.slice(rootEnd);
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
