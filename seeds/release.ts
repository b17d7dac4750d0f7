import { releaseEntities } from "../schema";
import type { DatasetTable } from "../schema/dataset-release.entity";

type ReleaseEntities = typeof releaseEntities;

/** Rows of every table, keyed by entity, ready for the loader. Derived tables are computed by the loader. */
export type ReleaseRows = { -readonly [K in keyof ReleaseEntities]: InstanceType<ReleaseEntities[K]>[] };

export interface ReleaseInfo {
  name: string;
  version: string;
  built: string | null;
  source: string;
  hasSyntheticData: boolean;
  tables: DatasetTable[];
  provenance: string;
}

export interface Release {
  info: ReleaseInfo;
  rows: ReleaseRows;
}

/** Load order: parents before children (schema's releaseEntities), so the order doubles as the order of foreign keys. */
export const tableOrder = Object.entries(releaseEntities).map(([key, entity]) => ({
  key: key as keyof ReleaseRows,
  entity: entity as new () => object,
}));

/** Build an entity instance from plain values (keeps getters on the class working). */
export function make<T extends object>(entity: new () => T, values: Partial<T>): T {
  return Object.assign(new entity(), values);
}

type Row<K extends keyof ReleaseRows> = ReleaseRows[K][number];

/** A row of the release table `table` (its entity from releaseEntities) from plain values. */
export function rowOf<K extends keyof ReleaseRows>(table: K, values: Partial<Row<K>>): Row<K> {
  return make(releaseEntities[table] as new () => Row<K>, values);
}

/** A paper is sample data when the release marks it synthetic, or (synaptome.db files) its name ends _SAMPLE. */
export const isSampleStudyName = (name: string): boolean => /_SAMPLE$/i.test(name);
