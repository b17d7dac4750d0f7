import type { DataSource, EntityManager } from "typeorm";
import { GeneDocument, Mutation, OmimRecord, SyngoAnnotation } from "../../../schema";
import { placeholders, readRows, tableOf } from "../../db/read";
import type { GeneTabSource, GeneTabs } from "../gene-tabs";
import type { ReadModelProgress, TableOf } from "./build-context";
import { packJson, unpackJson } from "./packed-json";

/** Genes per batch while building: each tab statement stays a request's size. */
const BUILD_BATCH = 250;

/**
 * Write every gene's document of the release whose tables `t` names, reading its tabs with `tabs`
 * (the tab statements over that release's tables): a batch of genes at a time, each document the JSON
 * of its GeneTabs, deflated (a gene page's lists are about 9 KB of JSON, 1.5 KB deflated).
 */
export async function buildGeneDocuments(
  db: DataSource | EntityManager,
  t: TableOf,
  tabs: GeneTabSource,
  progress: ReadModelProgress,
): Promise<void> {
  const genes = (await db.query(`SELECT id FROM ${t("gene")} ORDER BY id`)) as { id: unknown }[];
  const ids = genes.map((g) => Number(g.id));
  progress.table("gene_document", ids.length);
  const read = (start: number) => {
    const next = tabs.of(ids.slice(start, start + BUILD_BATCH));
    next.catch(() => undefined); // awaited below; a failure meanwhile is not an unhandled rejection
    return next;
  };
  // The next batch's tabs are read while this one is packed and written: on MySQL the reads run in the
  // database's process (`tabs` reads through its own connections), beside the packing in this one.
  let reading = ids.length > 0 ? read(0) : null;
  for (let start = 0; reading; start += BUILD_BATCH) {
    const batch = ids.slice(start, start + BUILD_BATCH);
    const documents = [...(await reading)];
    reading = start + BUILD_BATCH < ids.length ? read(start + BUILD_BATCH) : null;
    if (documents.length > 0)
      await db.query(
        `INSERT INTO ${t("gene_document")} (gene_id, body) VALUES ${documents.map(() => "(?, ?)").join(", ")}`,
        documents.flatMap(([id, lists]) => [id, packJson(lists)]),
      );
    progress.advance(batch.length);
  }
}

/** A document's lists as the tab statements return them: entities (getters included) where they were. */
function revive(lists: GeneTabs): GeneTabs {
  lists.mutations = lists.mutations.map((m) => Object.assign(new Mutation(), m));
  lists.omim = lists.omim.map((o) => Object.assign(new OmimRecord(), o));
  lists.syngo = lists.syngo.map((a) => Object.assign(new SyngoAnnotation(), a));
  return lists;
}

/** Gene tabs from the release's gene documents: one primary-key read for a batch of genes. */
export class GeneDocuments implements GeneTabSource {
  constructor(private readonly db: DataSource) {}

  async of(geneIds: readonly number[]): Promise<Map<number, GeneTabs>> {
    if (geneIds.length === 0) return new Map();
    const rows = await readRows<{ gene_id: unknown; body: Buffer }>(
      this.db,
      `SELECT gene_id, body FROM ${tableOf(this.db, GeneDocument)} WHERE gene_id IN (${placeholders(geneIds)})`,
      [...geneIds],
    );
    return new Map(rows.map((row) => [Number(row.gene_id), revive(unpackJson<GeneTabs>(row.body))]));
  }
}
