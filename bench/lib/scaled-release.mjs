// The importer's arguments for a bench release: the bundled one (scale 1), or the N-times release that
// bench/generate-scaled.mjs writes as a CSV release into bench/.data/<N>x (generated once, kept).
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generateScaled } from "../generate-scaled.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** `dist/seeds/cli.js seed` arguments for the release of `scale`; `log` hears of a generation. */
export async function releaseArgs(scale, log = console.log) {
  if (scale === 1) return [];
  const dir = path.join(root, "bench", ".data", `${scale}x`);
  if (!existsSync(path.join(dir, "dataset.json"))) {
    log(`generating the ${scale}x release in ${path.relative(root, dir)}`);
    await generateScaled({ scale, out: dir });
  }
  return ["--from", dir];
}
