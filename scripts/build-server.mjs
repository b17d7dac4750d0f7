// `npm run build:server`: the server's TypeScript (schema, gateway, migrations, seeds) to CommonJS in
// dist/, file by file with SWC, as vitest's unplugin-swc compiles it for the tests (decorator metadata
// included: type-graphql and TypeORM read it). tsc took 16 s of CPU for the same emit on a 630 ms host;
// the types are checked by `npm run typecheck`, which the suite runs beside the web build.
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { transformFile } from "@swc/core";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE_DIRS = ["schema", "gateway", "migrations", "seeds"];
const OUT_DIR = path.join(root, "dist");

/** Every .ts file under dir that is not a test or a declaration file. */
async function sources(dir) {
  const entries = await readdir(path.join(root, dir), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .filter((entry) => !entry.name.endsWith(".test.ts") && !entry.name.endsWith(".d.ts"))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

const options = (file) => ({
  filename: file,
  sourceMaps: true,
  jsc: {
    parser: { syntax: "typescript", decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: "es2022",
  },
  module: { type: "commonjs", strict: true },
});

await Promise.all(SOURCE_DIRS.map((dir) => rm(path.join(OUT_DIR, dir), { recursive: true, force: true })));
const files = (await Promise.all(SOURCE_DIRS.map(sources))).flat();
await Promise.all(
  files.map(async (file) => {
    const out = path.join(OUT_DIR, file.replace(/\.ts$/, ".js"));
    const { code, map } = await transformFile(path.join(root, file), options(file));
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, `${code}\n//# sourceMappingURL=${path.basename(out)}.map\n`);
    if (map) await writeFile(`${out}.map`, map);
  }),
);
console.log(`build:server: ${files.length} files compiled to dist/ (SWC)`);
