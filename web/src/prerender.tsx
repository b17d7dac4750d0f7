// Server rendering (server bundle, `vite build --ssr`): a screen's first paint as static HTML, rendered
// with every query still loading, so text and layout show before the app's JavaScript has run and the
// browser can hydrate it (src/boot.tsx). web/scripts/prerender.mjs renders each screen into its page at
// build; the gateway (gateway/http/web-pages.ts) renders an address with a query string on request.
import { ApolloClient, ApolloLink, InMemoryCache, Observable } from "@apollo/client";
import { ApolloProvider } from "@apollo/client/react";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
} from "react-router-dom";
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

/**
 * `url` rendered by `routeTable` as static HTML, every query loading, with the title the screen set.
 * The title is reset and read around the synchronous render only: renders of several addresses may
 * interleave.
 */
async function renderRoutes(routeTable: RouteObject[], url: string) {
  const handler = createStaticHandler(routeTable);
  const context = await handler.query(new Request(new URL(url, "http://prerender.local")));
  if (context instanceof Response) throw new Error(`${url} redirects (${context.status})`);
  if (context.errors) throw new Error(`${url} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const client = new ApolloClient({ ssrMode: true, link: pendingLink, cache: new InMemoryCache() });
  prerenderedTitle.current = null;
  const html = renderToString(
    <StrictMode>
      <ApolloProvider client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </ApolloProvider>
    </StrictMode>,
  );
  return { html, title: prerenderedTitle.current, context };
}

/** A link that never answers: the prerendered page shows every query as loading. */
const pendingLink = new ApolloLink(() => new Observable(() => undefined));

export interface RenderedScreen {
  html: string;
  title: string | null;
  /** The source files of the screen's route modules (build manifest keys). */
  files: string[];
}

/** Renders the screen at `url` (path and query string). */
export async function renderScreen(url: string): Promise<RenderedScreen> {
  const { html, title, context } = await renderRoutes(routes, url);
  const files = context.matches
    .map((m) => (m.route.handle as ScreenHandle | undefined)?.file)
    .filter((f): f is string => f !== undefined);
  return { html, title, files };
}

const ROOT_OPEN = '<div id="root">';

/**
 * `page` (the app's index.html, or a screen's page from the build) with the screen inside #root and its
 * title. #root is the body's last element (web/index.html): what it holds ends at the body's last </div>.
 */
export function fillPage(page: string, screen: Pick<RenderedScreen, "html" | "title">): string {
  const start = page.indexOf(ROOT_OPEN) + ROOT_OPEN.length;
  const end = page.lastIndexOf("</div>", page.lastIndexOf("</body>"));
  if (start < ROOT_OPEN.length || end < start) throw new Error(`the page has no ${ROOT_OPEN}...</div>`);
  const head = screen.title
    ? page.slice(0, start).replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(screen.title)}</title>`)
    : page.slice(0, start);
  return head + screen.html + page.slice(end);
}

/** `page` rendered for `url`: the gateway's answer to a screen's address with a query string. */
export async function renderPage(page: string, url: string): Promise<string> {
  return fillPage(page, await renderScreen(url));
}
