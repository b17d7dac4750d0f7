import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App, type AppRouter } from "./App";
import { createApolloClient } from "./apollo";
import { createAppRouter } from "./routes/routes";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

/** Resolves once the router has loaded the first screen's code (or failed to). */
function whenInitialized(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

const router = createAppRouter();
// The gateway sends most pages server-rendered for their exact address (web/scripts/prerender.mjs at
// build, gateway/http/web-pages.ts for a query string), or an empty #root. Server markup is hydrated:
// React attaches to it instead of replacing it. Both wait for the screen's chunk, so the first render
// is that same page, and both run as a transition, in slices that leave the page responsive.
// A search's page also carries the Apollo cache its results were rendered from: the client restores
// it before hydrating (src/apollo.ts), so the screen's queries are answered from it, not the network,
// and the first render shows the same results.
void whenInitialized(router).then(() => {
  const client = createApolloClient();
  const app = (
    <StrictMode>
      <App router={router} client={client} />
    </StrictMode>
  );
  startTransition(() => {
    if (container.hasChildNodes()) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
});
