// Build-time prerender (server bundle, `vite build --ssr`): each screen's first paint as static HTML,
// rendered with every query still loading. web/scripts/prerender.mjs writes it into the pages the
// gateway sends, so text and layout show before the app's JavaScript has run.
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
import { routes, type ScreenHandle } from "./routes/routes";

/** Screens left to the browser: the explorer's editor and the catch-all 'not found'. */
const CLIENT_ONLY = new Set(["explorer", "*"]);

/** The paths of the screens to prerender ("/" for the home page). */
export function prerenderPaths(): string[] {
  const screens: RouteObject[] = routes[0]?.children?.[0]?.children ?? [];
  return screens
    .filter((r) => r.index || (r.path !== undefined && !CLIENT_ONLY.has(r.path)))
    .map((r) => (r.index ? "/" : `/${r.path}`));
}

/** A link that never answers: the prerendered page shows every query as loading. */
const pendingLink = new ApolloLink(() => new Observable(() => undefined));

export async function prerender(
  path: string,
): Promise<{ html: string; title: string | null; files: string[] }> {
  prerenderedTitle.current = null;
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.local${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects (${context.status})`);
  if (context.errors) throw new Error(`${path} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const client = new ApolloClient({ ssrMode: true, link: pendingLink, cache: new InMemoryCache() });
  const html = renderToString(
    <StrictMode>
      <ApolloProvider client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </ApolloProvider>
    </StrictMode>,
  );
  const files = context.matches
    .map((m) => (m.route.handle as ScreenHandle | undefined)?.file)
    .filter((f): f is string => f !== undefined);
  return { html, title: prerenderedTitle.current, files };
}
