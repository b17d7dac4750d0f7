import type { DataSource, EntityManager } from "typeorm";
import { buildDerivedData, DERIVED_DATA_TABLES } from "../gateway/services/read-models/build";
import { DatasetRelease, derivedDataEntities, Gene, GeneTerm } from "../schema";
import { ReleaseFormatError } from "./csv-release";
import { rebuildDerivedData, rebuildLocked } from "./derived-data";
import { make, type Release, type ReleaseRows, tableOrder } from "./release";
import {
  createStagingTables,
  dropTables,
  hasPreviousRelease,
  insertIntoStaging,
  NEXT,
  openTablesView,
  PREV,
  swapWithPrevious,
  switchToStaged,
  withReleaseLock,
} from "./release-switch";

/** Studies needed for a gene to be in the consensus set. */
export const CONSENSUS_MIN_STUDIES = 5;

export interface LoadProgress {
  table(name: string, total: number): void;
  advance(rows: number): void;
  done(): void;
}

export const silentProgress: LoadProgress = { table() {}, advance() {}, done() {} };

export interface LoadResult {
  skipped: boolean;
  rows: number;
  version: string;
  /** Whether the derived data of a release already loaded (skipped) was missing or older and built again. */
  rebuilt: boolean;
}

/** Fail before writing anything when a junction row points at a row that does not exist. */
function checkReferences(rows: ReleaseRows): void {
  const genes = new Set(rows.genes.map((g) => g.id));
  const papers = new Set(rows.papers.map((p) => p.pmid));
  const diseases = new Set(rows.diseases.map((d) => d.hdoid));
  const mutations = new Set(rows.mutations.map((m) => m.id));
  const regions = new Set(rows.brainRegions.map((r) => r.id));
  const localisations = new Set(rows.localisations.map((l) => l.id));
  const check = <T>(file: string, list: T[], rules: [string, (row: T) => boolean][]) => {
    list.forEach((row, index) => {
      for (const [column, ok] of rules) {
        if (!ok(row)) {
          const value = (row as Record<string, unknown>)[column];
          throw new ReleaseFormatError(
            `${file} line ${index + 2}: ${column} ${String(value)} does not exist in its parent table`,
          );
        }
      }
    });
  };
  check("paper_genes.csv", rows.paperGenes, [
    ["geneId", (r) => genes.has(r.geneId)],
    ["pmid", (r) => papers.has(r.pmid)],
    ["brainRegionId", (r) => regions.has(r.brainRegionId)],
    ["localisationId", (r) => localisations.has(r.localisationId)],
  ]);
  check("disease_genes.csv", rows.diseaseGenes, [
    ["geneId", (r) => genes.has(r.geneId)],
    ["hdoid", (r) => diseases.has(r.hdoid)],
  ]);
  check("mutations.csv", rows.mutations, [["geneId", (r) => genes.has(r.geneId)]]);
  check("paper_mutations.csv", rows.paperMutations, [
    ["pmid", (r) => papers.has(r.pmid)],
    ["mutationId", (r) => mutations.has(r.mutationId)],
  ]);
  check("go_genes.csv", rows.goGenes, [["geneId", (r) => genes.has(r.geneId)]]);
  check("syngo_annotations.csv", rows.syngoAnnotationGenes, [["geneId", (r) => genes.has(r.geneId)]]);
}

/** Consensus flags and per-gene study counts, computed once at import so every screen agrees. */
function deriveGeneFacts(rows: ReleaseRows): void {
  const proteomic = new Set(rows.papers.filter((p) => p.kind === "proteomic").map((p) => p.pmid));
  const studies = new Map<number, Set<number>>();
  for (const link of rows.paperGenes) {
    if (!proteomic.has(link.pmid)) continue;
    const set = studies.get(link.geneId) ?? new Set<number>();
    set.add(link.pmid);
    studies.set(link.geneId, set);
  }
  for (const gene of rows.genes) {
    gene.paperCount = studies.get(gene.id)?.size ?? 0;
    gene.isConsensus = gene.paperCount >= CONSENSUS_MIN_STUDIES;
  }
}

/** Lower-cased search keys (symbol, aliases, protein name) for indexed term lookups. */
export function geneTerms(genes: Gene[]): GeneTerm[] {
  const terms: GeneTerm[] = [];
  for (const gene of genes) {
    const seen = new Set<string>();
    const add = (kind: string, value: string | null) => {
      const term = value?.trim().toLowerCase().slice(0, 255);
      if (!term || seen.has(`${kind}|${term}`)) return;
      seen.add(`${kind}|${term}`);
      terms.push(make(GeneTerm, { geneId: gene.id, kind, term }));
    };
    add("symbol", gene.humanName);
    for (const alias of gene.aliases) add("alias", alias);
    add("name", gene.description);
  }
  return terms;
}

function batchSize(entityColumns: number): number {
  // SQLite allows 32766 bound parameters per statement, MySQL 65535.
  return Math.max(1, Math.min(1000, Math.floor(30000 / Math.max(1, entityColumns))));
}

async function fillStagingTable(
  manager: EntityManager,
  entity: new () => object,
  list: object[],
  progress: LoadProgress,
): Promise<void> {
  const columns = manager.connection.getMetadata(entity).columns.length;
  const size = batchSize(columns);
  for (let start = 0; start < list.length; start += size) {
    const batch = list.slice(start, start + size);
    await insertIntoStaging(manager, entity, batch);
    progress.advance(batch.length);
  }
}

/**
 * Every table a release fills, its derived data and the release record included; visits and counters
 * are not among them.
 */
export function releaseTables(dataSource: DataSource): string[] {
  return [...tableOrder.map((t) => t.entity), GeneTerm, ...derivedDataEntities, DatasetRelease].map(
    (entity) => dataSource.getMetadata(entity).tableName,
  );
}

export async function loadedRelease(dataSource: DataSource): Promise<DatasetRelease | null> {
  return dataSource.getRepository(DatasetRelease).findOne({ where: { id: 1 } });
}

/** One table of a release load: the entity and the rows its staging table receives. */
export interface StagingStep {
  name: string;
  entity: new () => object;
  list: object[];
}

/** The release's rows checked and completed (its genes' derived facts), table by table in load order. */
export function releasePlan(dataSource: DataSource, release: Release): StagingStep[] {
  checkReferences(release.rows);
  deriveGeneFacts(release.rows);
  const plan: StagingStep[] = tableOrder.map((t) => ({
    name: dataSource.getMetadata(t.entity).tableName,
    entity: t.entity,
    list: release.rows[t.key] as object[],
  }));
  plan.push({ name: "gene_term", entity: GeneTerm, list: geneTerms(release.rows.genes) });
  plan.push({
    name: "dataset_release",
    entity: DatasetRelease,
    list: [
      make(DatasetRelease, {
        id: 1,
        name: release.info.name,
        version: release.info.version,
        built: release.info.built,
        hasSyntheticData: release.info.hasSyntheticData,
        source: release.info.source,
        loadedAt: new Date().toISOString(),
        tablesJson: JSON.stringify(release.info.tables),
        provenance: release.info.provenance,
      }),
    ],
  });
  return plan;
}

/**
 * Load a release: validate everything in memory first, then fill staging tables beside the live
 * release (each in its own transaction), build its derived data from them and switch every table at once (see release-switch.ts), so
 * a reader sees the old release or the new one, never a mix. The live release becomes the previous
 * one, kept for `rollbackRelease`. A failure drops the staging tables: the live release is untouched.
 * The same release already loaded is skipped, its derived data built again when missing or older.
 */
export async function loadRelease(
  dataSource: DataSource,
  release: Release,
  options: { force?: boolean; progress?: LoadProgress } = {},
): Promise<LoadResult> {
  const progress = options.progress ?? silentProgress;
  const current = await loadedRelease(dataSource);
  if (
    !options.force &&
    current &&
    current.name === release.info.name &&
    current.version === release.info.version
  ) {
    const rebuilt = await rebuildDerivedData(dataSource, "live", progress);
    if (rebuilt) progress.done();
    return { skipped: true, rows: 0, version: current.version, rebuilt };
  }
  const plan = releasePlan(dataSource, release);
  return withReleaseLock(dataSource, () => stageAndSwitch(dataSource, release, plan, progress));
}

async function stageAndSwitch(
  dataSource: DataSource,
  release: Release,
  plan: StagingStep[],
  progress: LoadProgress,
): Promise<LoadResult> {
  const tables = releaseTables(dataSource);
  // The kept previous release goes now: its SQLite index names are the ones the staging tables take.
  await dropTables(
    dataSource,
    tables.map((t) => t + PREV),
  );
  await createStagingTables(dataSource, tables);
  let total = 0;
  let currentTable = "";
  try {
    for (const step of plan) {
      currentTable = step.name;
      progress.table(step.name, step.list.length);
      await dataSource.transaction((manager) => fillStagingTable(manager, step.entity, step.list, progress));
      total += step.list.length;
    }
    // The derived data, from the staged tables just filled: part of the release, switched with it.
    currentTable = "derived data";
    const staged = await openTablesView(dataSource, NEXT);
    try {
      const staging = (table: string) => dataSource.driver.escape(table + NEXT);
      await dataSource.transaction((manager) => buildDerivedData(manager, staging, staged, progress));
    } finally {
      await staged.destroy();
    }
  } catch (error) {
    progress.done();
    await dropTables(
      dataSource,
      tables.map((t) => t + NEXT),
    ).catch(() => undefined);
    throw new Error(`Loading table ${currentTable} failed, nothing was kept: ${(error as Error).message}`);
  }
  await switchToStaged(dataSource, tables);
  progress.done();
  return { skipped: false, rows: total, version: release.info.version, rebuilt: false };
}

export interface RollbackResult {
  /** The release live before the rollback (kept now as the previous one), and the one live after it. */
  from: string | null;
  to: string | null;
}

/**
 * Put the previous release back live, every table at once; the one taken down is kept in its place.
 * The kept release's derived data is built first when it is missing or older (seeds/derived-data.ts),
 * so the release that goes live is served as this code builds it.
 */
export async function rollbackRelease(
  dataSource: DataSource,
  progress: LoadProgress = silentProgress,
): Promise<RollbackResult & { rebuilt: boolean }> {
  const kept = await openTablesView(dataSource, PREV);
  try {
    return await withReleaseLock(kept, async () => {
      const checked = await checkKeptRelease(dataSource);
      const rebuilt = await rebuildLocked(kept, "kept", progress);
      if (rebuilt) progress.done();
      const from = await loadedRelease(dataSource);
      await swapWithPrevious(dataSource, checked);
      const to = await loadedRelease(dataSource);
      return { from: from?.version ?? null, to: to?.version ?? null, rebuilt };
    });
  } finally {
    await kept.destroy();
  }
}

/** The tables a rollback swaps, once sure that a previous release is kept (its derived data may not be). */
async function checkKeptRelease(dataSource: DataSource): Promise<string[]> {
  const tables = releaseTables(dataSource);
  const derived = DERIVED_DATA_TABLES as readonly string[];
  if (
    !(await hasPreviousRelease(
      dataSource,
      tables.filter((table) => !derived.includes(table)),
    ))
  )
    throw new Error("No previous release is kept: nothing to roll back to");
  const kept = (await dataSource.query(
    `SELECT COUNT(*) AS n FROM ${dataSource.driver.escape(dataSource.getMetadata(DatasetRelease).tableName + PREV)}`,
  )) as { n: number | string }[];
  if (Number(kept[0]?.n ?? 0) === 0)
    throw new Error("The kept previous tables hold no release (the first load): nothing to roll back to");
  return tables;
}
