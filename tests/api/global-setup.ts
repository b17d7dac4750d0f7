import "reflect-metadata";
import { rmSync } from "node:fs";
import { parseDatabaseUrl } from "../../gateway/db/data-source";
import { openDatabase } from "../../gateway/db/prepare";
import { bundledReleaseDir, readCsvRelease } from "../../seeds/csv-release";
import { loadRelease } from "../../seeds/loader";
import { testDatabases } from "./databases";

/** Start every run from empty databases, migrated and seeded once through the real importer. */
export default async function setup(): Promise<void> {
  const release = await readCsvRelease(bundledReleaseDir);
  for (const db of testDatabases) {
    const config = parseDatabaseUrl(db.url);
    if (config.kind === "sqlite") {
      for (const suffix of ["", "-wal", "-shm"]) rmSync(config.location + suffix, { force: true });
    } else {
      const url = new URL(config.location);
      const mysql = await import("mysql2/promise");
      const connection = await mysql.createConnection({
        host: url.hostname,
        port: Number(url.port || 3306),
        user: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
      });
      await connection.query(`DROP DATABASE IF EXISTS \`${url.pathname.slice(1)}\``);
      await connection.end();
    }
    const dataSource = await openDatabase(config);
    try {
      await loadRelease(dataSource, release);
    } finally {
      await dataSource.destroy();
    }
  }
}
