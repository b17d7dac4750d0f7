import "reflect-metadata";
import path from "node:path";
import { MultiBar, Presets } from "cli-progress";
import { parseDatabaseUrl } from "../gateway/db/data-source";
import { openDatabase } from "../gateway/db/prepare";
import { bundledReleaseDir, readCsvRelease } from "./csv-release";
import { type LoadProgress, loadRelease, rollbackRelease } from "./loader";
import { readSynaptomeDb } from "./synaptome-db-release";

const usage = `Usage:
  npm run db:migrate                       create or update the schema
  npm run db:seed                          load the bundled release (skipped when already loaded)
  npm run db:seed -- --from DIR            load a CSV release directory (dataset.json + CSV/CSV.gz files)
  npm run db:seed -- --from FILE.sqlite    import a synaptome.db SQLite file
  npm run db:rollback                      put the previous release back live (kept until the next seed)
  A release is loaded beside the live one and switched in at once; add --force to reload the same version. DATABASE_URL selects the database (default: embedded SQLite).`;

/** A progress bar on a terminal, one line per table otherwise (CI logs). */
function progressReporter(): LoadProgress {
  if (!process.stderr.isTTY) {
    const started = Date.now();
    const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
    return {
      table: (name, total) => console.log(`  ${name}: ${total} rows (at ${elapsed()})`),
      advance() {},
      done: () => console.log(`  switched after ${elapsed()}`),
    };
  }
  const bars = new MultiBar(
    { format: " {table} [{bar}] {value}/{total}", hideCursor: true, clearOnComplete: false },
    Presets.shades_classic,
  );
  let bar: ReturnType<MultiBar["create"]> | null = null;
  return {
    table: (name, total) => {
      bar?.update(bar.getTotal());
      bar = bars.create(Math.max(total, 1), 0, { table: name.padEnd(22) });
    },
    advance: (rows) => bar?.increment(rows),
    done: () => bars.stop(),
  };
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== "migrate" && command !== "seed" && command !== "rollback") {
    console.error(usage);
    return 2;
  }
  const fromIndex = rest.indexOf("--from");
  const from = fromIndex >= 0 ? rest[fromIndex + 1] : undefined;
  if (fromIndex >= 0 && !from) {
    console.error("--from needs a directory or a .sqlite/.db file");
    return 2;
  }
  const config = parseDatabaseUrl(process.env.DATABASE_URL);
  const dataSource = await openDatabase(config);
  try {
    console.log(`Schema up to date on ${config.kind}.`);
    if (command === "migrate") return 0;
    if (command === "rollback") {
      const result = await rollbackRelease(dataSource, progressReporter());
      console.log(
        `Rolled back: release ${result.to} is live again (${result.from} is kept for a roll forward)${
          result.rebuilt ? "; its derived data was built again by this version first" : ""
        }.`,
      );
      return 0;
    }
    const source = from ? path.resolve(process.env.INIT_CWD ?? process.cwd(), from) : bundledReleaseDir;
    const release = /\.(sqlite|db|sqlite3)$/i.test(source)
      ? readSynaptomeDb(source)
      : await readCsvRelease(source);
    console.log(`Loading ${release.info.name} ${release.info.version} from ${release.info.source}`);
    const result = await loadRelease(dataSource, release, {
      force: rest.includes("--force"),
      progress: progressReporter(),
    });
    console.log(
      result.skipped
        ? `Release ${result.version} is already loaded (use --force to reload)${
            result.rebuilt ? "; its derived data was built again by this version and switched in" : ""
          }.`
        : `Loaded ${result.rows} rows of release ${result.version} and switched it live (the previous release is kept for db:rollback).`,
    );
    return 0;
  } finally {
    await dataSource.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`Import failed: ${error.message}`);
    process.exit(1);
  },
);
