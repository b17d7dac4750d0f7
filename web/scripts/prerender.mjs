// After `vite build` and the server bundle of src/prerender.tsx: writes dist/pages/<screen>.html, the
// app's index.html with the screen's first paint inside #root and the screen's own CSS and chunks
// linked in <head> (from the build manifest), so nothing waits for the router to ask for them.
// Every page names the app's chunks (and the screen's) in <meta name="app-chunks">: src/main.tsx preloads
// them after the first paint.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const web = fileURLToPath(new URL("..", import.meta.url));
const dist = `${web}dist`;
const manifest = JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, "utf8"));
let template = readFileSync(`${dist}/index.html`, "utf8");
const {
  fillPage,
  markedToStartOnUse,
  prerenderPaths,
  recordFrames,
  renderScreen,
  routePaths,
  NOT_FOUND_PROBE,
  renderUriTooLong,
} = await import(`${web}dist-prerender/prerender.js`);

/** The chunks and stylesheets a module needs, its static imports included (manifest keys). */
function assetsOf(keys, seen = new Set(), out = { js: [], css: [] }) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    out.js.push(chunk.file);
    out.css.push(...(chunk.css ?? []));
    assetsOf(chunk.imports ?? [], seen, out);
  }
  return out;
}

/** `<link>`s for the stylesheets a page needs beyond what `html` links already. */
const stylesheetLinks = (css, html) => [
  ...new Set(
    css
      .filter((href) => !html.includes(`/${href}"`))
      .map((href) => `<link rel="stylesheet" href="/${href}">`),
  ),
];

const withLinks = (html, links) =>
  links.length === 0 ? html : html.replace("</head>", `  ${links.join("\n    ")}\n  </head>`);

/**
 * The app's chunks for src/main.tsx to preload once the page is painted: preloaded from <head>, they
 * would share the network with the stylesheets the first paint waits for.
 */
const APP_CHUNKS = '<meta name="app-chunks" content="">';
const withAppChunks = (html, js) =>
  html.replace(
    APP_CHUNKS,
    `<meta name="app-chunks" content="${[...new Set(js.filter((href) => !html.includes(`/${href}"`)))].map((href) => `/${href}`).join(" ")}">`,
  );

/**
 * A page the gateway sends with its data (a record's, a search's) starts the app on its first use
 * (src/lib/appStart.ts), marked on its <html>: reading it costs no hydration.
 */
const startingOnUse = (html, startsOnUse) => (startsOnUse ? markedToStartOnUse(html) : html);

// The app's code: src/boot.tsx and what it imports, and its stylesheets (render-blocking, so linked now).
const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
const app = assetsOf(entry?.dynamicImports ?? []);
template = withLinks(template, stylesheetLinks(app.css, template));
if (!template.includes(APP_CHUNKS)) throw new Error(`index.html has no ${APP_CHUNKS}`);
writeFileSync(`${dist}/index.html`, withAppChunks(template, app.js));

rmSync(`${dist}/pages`, { recursive: true, force: true });
mkdirSync(`${dist}/pages`);
const paths = prerenderPaths();
for (const path of paths) {
  const screen = await renderScreen(path);
  const assets = assetsOf(screen.files);
  const frame = withAppChunks(withLinks(template, stylesheetLinks(assets.css, template)), [
    ...app.js,
    ...assets.js,
  ]);
  writeFileSync(
    `${dist}/pages/${path === "/" ? "index" : path.slice(1)}.html`,
    fillPage(startingOnUse(frame, screen.startsOnUse), screen),
  );
}
// A record page's frame (dist/pages/gene.html): the app's page with the record screen's stylesheets and
// chunks, its #root empty; the gateway renders each record into it on request.
const frames = recordFrames();
for (const { segment, files, startsOnUse } of frames) {
  const assets = assetsOf(files);
  const frame = withAppChunks(withLinks(template, stylesheetLinks(assets.css, template)), [
    ...app.js,
    ...assets.js,
  ]);
  writeFileSync(`${dist}/pages/${segment}.html`, startingOnUse(frame, startsOnUse));
}
console.log(`prerendered ${paths.length} screens and ${frames.length} record frames into dist/pages/`);

// The gateway's status pages (dist/status/) and the app's route list (dist/routes.json): any other path
// is answered 404 with the Not Found screen, rendered for its address from status/404.html.
rmSync(`${dist}/status`, { recursive: true, force: true });
mkdirSync(`${dist}/status`);
const notFound = await renderScreen(NOT_FOUND_PROBE);
const notFoundAssets = assetsOf(notFound.files);
const notFoundFrame = withAppChunks(withLinks(template, stylesheetLinks(notFoundAssets.css, template)), [
  ...app.js,
  ...notFoundAssets.js,
]);
writeFileSync(`${dist}/status/404.html`, fillPage(notFoundFrame, notFound));
// 414: the address cannot be served, so the page is static: the portal's frame and styles, no scripts.
const uriTooLong = await renderUriTooLong();
const staticFrame = template
  .replace(/\s*<script\b[^>]*>[^<]*<\/script>/g, "")
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, "")
  .replace(/<meta name="app-chunks" content="[^"]*">/, "");
// Not the app's #root: nothing will start here (and tests waiting for the app know not to wait).
writeFileSync(
  `${dist}/status/414.html`,
  fillPage(staticFrame, uriTooLong).replace('<div id="root">', '<div id="static-page">'),
);
writeFileSync(`${dist}/routes.json`, `${JSON.stringify(routePaths(), null, 1)}\n`);
console.log("wrote dist/status/404.html, dist/status/414.html and dist/routes.json");
