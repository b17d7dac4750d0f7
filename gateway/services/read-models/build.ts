import type { DataSource, EntityManager } from "typeorm";
import { SearchIndex } from "../../search/search-index";
import { countDefaultTermSizes } from "../analysis/term-sizes";
import { BrainRegionService, MAX_TOP_LIMIT } from "../brain-region.service";
import { GeneTabReader, type GeneTabSource } from "../gene-tabs";
import {
  DISEASE_GENES,
  DISEASE_MUTATIONS,
  DISEASE_PAPERS,
  LISTS,
  PAPER_GENES,
  PAPER_MUTATIONS,
} from "../lists/definitions";
import { MAX_PAGE_SIZE } from "../paging";
import { countReleaseSizes } from "../release-size.service";
import { ReleaseWatcher } from "../release-watcher";
import { readSearchSource } from "../search.service";
import type { ReadModelProgress, TableOf } from "./build-context";
import { buildGeneDocuments } from "./gene-documents";
import {
  BRAIN_REGION_DISTRIBUTION,
  DEFAULT_TERM_SIZES,
  RELEASE_SIZES,
  SEARCH_INDEX,
  writeReleaseBinary,
  writeReleaseDocument,
} from "./release-documents";
import { DERIVED_DATA_VERSION } from "./version";

/**
 * The tables of a release's derived data (schema/read-model.entity.ts): built from its own tables by
 * buildDerivedData, with derived_data recording the version that built them.
 */
export const DERIVED_DATA_TABLES = [
  "list_row",
  "list_count",
  "gene_document",
  "release_document",
  "derived_data",
] as const;

/**
 * How many of a list's first rows list_count keeps in each mode (its `first_*` columns): the largest page
 * a request may ask for, so the first page in any mode and size is read with the counts, one row.
 */
export const LIST_HEAD_ROWS = MAX_PAGE_SIZE;

/** The first LIST_HEAD_ROWS item ids of list_row's rows `where`, numbered by `position`, as "id,id,...". */
const head = (where: string, position: string) =>
  `GROUP_CONCAT(CASE WHEN ${where}${position} <= ${LIST_HEAD_ROWS} THEN item_id END ORDER BY ${position})`;

/**
 * The counts of list_count: each list's rows and rows in consensus genes, with the first rows of each
 * mode of the lists paged by id (a study's gene rows carry its brain region and compartment, and are read
 * from list_row); a study's distinct genes.
 */
const COUNTS: readonly { list: string; select: string; where: string }[] = [
  ...[DISEASE_GENES, DISEASE_MUTATIONS, DISEASE_PAPERS, PAPER_MUTATIONS].map(({ list }) => ({
    list,
    select: `COUNT(*), SUM(consensus), ${head("", "position")}, ${head("consensus = 1 AND ", "mode_position")},
      ${head("consensus = 0 AND ", "mode_position")}`,
    where: `list = '${list}'`,
  })),
  {
    list: PAPER_GENES.list,
    select: "COUNT(*), SUM(consensus), NULL, NULL, NULL",
    where: `list = '${PAPER_GENES.list}'`,
  },
  {
    list: "paper_gene_counts",
    select:
      "COUNT(DISTINCT item_id), COUNT(DISTINCT CASE WHEN consensus = 1 THEN item_id END), NULL, NULL, NULL",
    where: `list = '${PAPER_GENES.list}'`,
  },
];

/**
 * Write every derived structure of the release whose tables `t` names (its derived tables empty, created
 * like the live ones) from that release's own tables, and record that this version built them. `db` is
 * one connection (a transaction's manager); `view` a data source whose entities are that release's tables.
 */
export async function buildDerivedData(
  db: EntityManager,
  t: TableOf,
  view: DataSource,
  progress: ReadModelProgress,
): Promise<void> {
  await buildReadModels(db, t, new GeneTabReader(view), progress);
  await buildReleaseDocuments(db, t, view, progress);
  await db.query(`INSERT INTO ${t("derived_data")} (id, version, built_at) VALUES (1, ?, ?)`, [
    DERIVED_DATA_VERSION,
    new Date().toISOString(),
  ]);
}

async function rowCount(db: DataSource | EntityManager, table: string, where: string): Promise<number> {
  const rows = (await db.query(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`)) as { n: unknown }[];
  return Number(rows[0]?.n ?? 0);
}

/**
 * Write the read models of the release whose tables `t` names (empty ones, created like the live
 * ones) from that release's own tables. The lists inside the database: each is numbered by the same
 * ORDER BY its service pages it with, by ROW_NUMBER() over the whole table at once, so no row passes
 * through the gateway. The gene documents from `tabs`, the gene tab statements over the same tables.
 */
export async function buildReadModels(
  db: DataSource | EntityManager,
  t: TableOf,
  tabs: GeneTabSource,
  progress: ReadModelProgress,
): Promise<void> {
  await withLargeTemporaryTables(db, async () => {
    await buildLists(db, t, progress);
    await buildListCounts(db, t, progress);
  });
  await buildGeneDocuments(db, t, tabs, progress);
}

/**
 * On MySQL, run `build` with the session's in-memory temporary tables raised to 256 MB (from the server's
 * default, often 16 MB), then back: a 10x release's disease-study pairs are 4.5 million rows before the
 * UNION drops repeats, and on disk that statement took 56 s on MariaDB, in memory 11 s. `db` is one
 * connection (a transaction's or a migration's manager).
 */
async function withLargeTemporaryTables(db: DataSource | EntityManager, build: () => Promise<void>) {
  const options = "dataSource" in db ? db.dataSource.options : db.options;
  if (options.type !== "mysql" && options.type !== "mariadb") return build();
  const size = 256 * 1024 * 1024;
  await db.query(`SET SESSION tmp_table_size = ${size}, max_heap_table_size = ${size}`);
  try {
    await build();
  } finally {
    await db.query("SET SESSION tmp_table_size = DEFAULT, max_heap_table_size = DEFAULT");
  }
}

/** Write list_row of the release whose tables `t` names, from its own tables. */
async function buildLists(db: DataSource | EntityManager, t: TableOf, progress: ReadModelProgress) {
  const rows = t("list_row");
  for (const def of LISTS) {
    const within = `PARTITION BY ${def.parent}`;
    await db.query(
      `INSERT INTO ${rows} (list, parent, position, consensus, mode_position, item_id, region_id, localisation_id)
       SELECT '${def.list}', CAST(${def.parent} AS CHAR),
         ROW_NUMBER() OVER (${within} ORDER BY ${def.order}),
         ${def.consensus},
         ROW_NUMBER() OVER (${within}, ${def.consensus} ORDER BY ${def.order}),
         ${def.item}, ${def.region ?? "NULL"}, ${def.localisation ?? "NULL"}
       FROM ${def.from(t)}`,
    );
    const written = await rowCount(db, rows, `list = '${def.list}'`);
    progress.table(`list_row: ${def.list}`, written);
    progress.advance(written);
  }
}

/** Write list_count of the release whose tables `t` names, from its list_row. */
export async function buildListCounts(
  db: DataSource | EntityManager,
  t: TableOf,
  progress: ReadModelProgress,
): Promise<void> {
  const counts = t("list_count");
  for (const count of COUNTS) {
    await db.query(
      `INSERT INTO ${counts} (list, parent, total, consensus, first_all, first_consensus, first_other)
       SELECT '${count.list}', parent, ${count.select} FROM ${t("list_row")} WHERE ${count.where} GROUP BY parent`,
    );
    const written = await rowCount(db, counts, `list = '${count.list}'`);
    progress.table(`list_count: ${count.list}`, written);
    progress.advance(written);
  }
}

/**
 * Write the release documents (release_document) of the release whose tables `t` names, each computed
 * by its service over `view`, a data source whose entities are that release's tables. The brain-region
 * distribution is kept with the most top proteins a request may ask for; fewer are a prefix of it.
 */
export async function buildReleaseDocuments(
  db: DataSource | EntityManager,
  t: TableOf,
  view: DataSource,
  progress: ReadModelProgress,
): Promise<void> {
  progress.table("release_document", 4);
  // The distribution alone: no list is held, so the watcher is never read.
  const distribution = await new BrainRegionService(view, new ReleaseWatcher(view)).computeDistribution(
    MAX_TOP_LIMIT,
  );
  await writeReleaseDocument(db, t("release_document"), BRAIN_REGION_DISTRIBUTION, distribution);
  progress.advance(1);
  await buildStartDocuments(db, t, view, progress);
  await buildSearchIndexDocument(db, t, view);
  progress.advance(1);
}

/**
 * The documents a gateway reads when it starts, instead of counting over the release's largest tables
 * at every start: the cost model's sizes and the default background's enrichment term sizes.
 */
export async function buildStartDocuments(
  db: DataSource | EntityManager,
  t: TableOf,
  view: DataSource,
  progress: ReadModelProgress,
): Promise<void> {
  await writeReleaseDocument(db, t("release_document"), RELEASE_SIZES, await countReleaseSizes(view));
  progress.advance(1);
  await writeReleaseDocument(
    db,
    t("release_document"),
    DEFAULT_TERM_SIZES,
    await countDefaultTermSizes(view),
  );
  progress.advance(1);
}

/** The search index of the release whose tables `t` names, built once here instead of at every start. */
export async function buildSearchIndexDocument(
  db: DataSource | EntityManager,
  t: TableOf,
  view: DataSource,
): Promise<void> {
  const index = await SearchIndex.build(await readSearchSource(view));
  await writeReleaseBinary(db, t("release_document"), SEARCH_INDEX, index.toSnapshot());
}
