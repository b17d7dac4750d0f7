import "./styles.css";

/** Lets the browser paint and handle input before the next piece of work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/** Fetches the app's chunks in parallel (named by the build in <meta name="app-chunks">) without running them. */
function preloadAppChunks() {
  const chunks = document.querySelector('meta[name="app-chunks"]')?.getAttribute("content") ?? "";
  for (const href of chunks.split(" ").filter(Boolean)) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    document.head.append(link);
  }
}

// The page arrives server-rendered (gateway/http/web-pages.ts): the browser paints it (a frame, then a task)
// before the app's code, preloaded meanwhile, is evaluated and started. The largest libraries are
// evaluated each in a task of its own (through the app's own modules, which import only what they use),
// so no single task blocks the page for long.
requestAnimationFrame(async () => {
  await nextTask();
  preloadAppChunks();
  await import("react-dom/client");
  await nextTask();
  await import("./apollo");
  await nextTask();
  await import("./routes/routes");
  await nextTask();
  await import("./boot");
});
