import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import type { Release } from "../../seeds/release";
import { readSynaptomeDb } from "../../seeds/synaptome-db-release";

/** The synaptome.db fixture (200 genes; the bundled release has 8,087), unpacked into `dir`: its path. */
export function unpackSynaptomeFixture(dir: string): string {
  const file = path.join(dir, "synaptome-fixture.sqlite");
  writeFileSync(
    file,
    gunzipSync(readFileSync(path.resolve(__dirname, "../fixtures/synaptome-fixture.sqlite.gz"))),
  );
  return file;
}

/** The synaptome.db fixture as a release, read from a copy unpacked into `dir`. */
export function synaptomeFixtureRelease(dir: string): Release {
  return readSynaptomeDb(unpackSynaptomeFixture(dir));
}
