import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App, type AppRouter } from "./App";
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
// The server sends most screens prerendered (web/scripts/prerender.mjs). That markup stays until the
// screen's chunk is here, so the first render swaps it for the same page instead of a loading spinner,
// and the app renders as a transition, in slices that leave the page responsive.
void whenInitialized(router).then(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
});
