// After `vite build` and the server bundle of src/prerender.tsx: writes dist/pages/<screen>.html, the
// app's index.html with the screen's first paint inside #root and the screen's own CSS and chunks
// linked in <head> (from the build manifest), so nothing waits for the router to ask for them.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const web = fileURLToPath(new URL("..", import.meta.url));
const dist = `${web}dist`;
const manifest = JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, "utf8"));
const template = readFileSync(`${dist}/index.html`, "utf8");
const { prerender, prerenderPaths } = await import(`${web}dist-prerender/prerender.js`);

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

const escapeHtml = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const ROOT = '<div id="root"></div>';
if (!template.includes(ROOT)) throw new Error(`dist/index.html has no ${ROOT}`);
rmSync(`${dist}/pages`, { recursive: true, force: true });
mkdirSync(`${dist}/pages`);
const paths = prerenderPaths();
for (const path of paths) {
  const { html, title, files } = await prerender(path);
  const { js, css } = assetsOf(files);
  // What index.html links already (the entry and its imports) is not repeated.
  const links = [
    ...new Set(
      css
        .filter((href) => !template.includes(`/${href}"`))
        .map((href) => `<link rel="stylesheet" href="/${href}">`),
    ),
    ...new Set(
      js
        .filter((href) => !template.includes(`/${href}"`))
        .map((href) => `<link rel="modulepreload" crossorigin href="/${href}">`),
    ),
  ];
  let page = template
    .replace("</head>", `  ${links.join("\n    ")}\n  </head>`)
    .replace(ROOT, `<div id="root">${html}</div>`);
  if (title) page = page.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  writeFileSync(`${dist}/pages/${path === "/" ? "index" : path.slice(1)}.html`, page);
}
console.log(`prerendered ${paths.length} screens into dist/pages/`);
