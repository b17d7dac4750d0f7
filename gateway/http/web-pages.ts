import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** What the gateway tells the web app in the page itself, before any query has answered. */
export interface PageMarks {
  /** The loaded release has synthetic rows: the sample-data notice shows from the first paint. */
  sampleDataset: boolean;
}

/**
 * The web app's pages, held in memory: the prerendered screens (web/dist/pages/<screen>.html, from
 * web/scripts/prerender.mjs) by lower-cased path, since the router matches paths without regard to
 * case, and index.html for every other client route.
 */
export function webPages(webDist: string): (url: string, marks: PageMarks) => string {
  // Each page as sent, plain and marked, built once: nothing is rewritten per request.
  const variants = (html: string) => ({
    plain: html,
    sample: html.replace("<html ", "<html data-sample-dataset "),
  });
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
  return (url, marks) => {
    const pathname = url
      .split(/[?#]/, 1)[0]!
      .replace(/(.)\/+$/, "$1")
      .toLowerCase();
    const page = pages.get(pathname) ?? shell;
    return marks.sampleDataset ? page.sample : page.plain;
  };
}
