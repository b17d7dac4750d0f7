// After the build: a .br and a .gz beside every static text asset, so the gateway sends them as they
// are (@fastify/static preCompressed) instead of compressing each on every request. HTML pages are
// left out: the gateway holds them in memory and marks them per release (gateway/http/web-pages.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const dist = new URL("../dist/", import.meta.url).pathname;
const TEXT = /\.(js|css|svg|json|txt)$/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const file = `${dir}/${name}`;
    if (statSync(file).isDirectory()) yield* files(file);
    else if (TEXT.test(name) && !name.startsWith(".")) yield file;
  }
}

let count = 0;
await Promise.all(
  [...files(dist.replace(/\/$/, ""))].map(async (file) => {
    const body = readFileSync(file);
    if (body.length < 1024) return; // not worth a round of decompression
    const size = body.length;
    writeFileSync(
      `${file}.br`,
      await brotli(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: size },
      }),
    );
    writeFileSync(`${file}.gz`, await gzipped(body, { level: 9 }));
    count += 1;
  }),
);
console.log(`precompressed ${count} files (.br and .gz)`);
