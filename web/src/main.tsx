import "./styles.css";
// The primitives every screen uses, in the entry's stylesheet so that any component's rules come after.
import "./components/buttons.css";
import "./components/blocks.css";
import "./components/tables.css";
// The static 414 page (web/scripts/prerender.mjs) links only the entry's and the layout's stylesheets.
import "./routes/not-found/notFound.css";
import { startOnFirstUse, startsOnUse } from "./lib/appStart";

/** Lets the browser paint and handle input before the next piece of work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/** Longest piece of work, in ms, before the next task: under a CPU 9x slower it stays below 50 ms. */
const SLICE_MS = 4;

/**
 * Fetches the app's chunks in parallel (named by the build in <meta name="app-chunks">) without running
 * them. Chrome starts each link's fetch on the spot (about 1.5 ms a link, 6 under a 4x slower CPU), so
 * the links are added in slices of SLICE_MS, each in a task of its own: all at once made one task of
 * over 200 ms under a 4x slower CPU. (A fetch() of each chunk instead cost more: 35 ms for 40 chunks.)
 */
async function preloadAppChunks() {
  const chunks = document.querySelector('meta[name="app-chunks"]')?.getAttribute("content") ?? "";
  let sliceStart = performance.now();
  for (const href of chunks.split(" ").filter(Boolean)) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTask();
      sliceStart = performance.now();
    }
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    document.head.append(link);
  }
}

/** Evaluates the app's largest libraries each in a task of its own, then starts it (src/boot.tsx). */
async function startApp() {
  await import("react-dom/client");
  await nextTask();
  await import("./apollo");
  await nextTask();
  await import("./routes/routes");
  await nextTask();
  await import("./boot");
}

// The page arrives server-rendered (gateway/http/web-pages.ts): the browser paints it (a frame, then a task)
// before the app's code, preloaded meanwhile, is evaluated and started. The largest libraries are
// evaluated each in a task of its own (through the app's own modules, which import only what they use),
// so no single task blocks the page for long. A record's or a search's page starts the app on its first
// use instead (lib/appStart.ts): its view is counted meanwhile without the app.
const onUse = startsOnUse();
if (onUse) startOnFirstUse(startApp);
requestAnimationFrame(async () => {
  await nextTask();
  void preloadAppChunks(); // goes on in its own tasks, alongside the imports below
  if (!onUse) return startApp();
  (await import("./lib/visitor")).recordLoadedViewWithoutApp();
});
