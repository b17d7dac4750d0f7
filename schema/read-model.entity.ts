import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/**
 * One row of a list a disease or study page opens with (no filter text), in page order: built with
 * the release (gateway/services/read-models/build.ts) and switched in with it, so a page of any list
 * is one indexed range read whatever the release's size. `position` numbers the whole list;
 * `mode_position` numbers the rows of the same consensus status, so a consensus or non-consensus page
 * is a range too.
 */
@Entity({ name: "list_row" })
@Index("ix_list_row_mode", ["list", "parent", "consensus", "modePosition"])
export class ListRow {
  /** Which list: disease_genes, disease_mutations, disease_papers, paper_genes, paper_mutations, paper_localizations. */
  @PrimaryColumn({ type: "varchar", length: 24 })
  list: string;

  /** The page's entity: a disease's HDOID or a study's PMID (as text). */
  @PrimaryColumn({ type: "varchar", length: 16 })
  parent: string;

  @PrimaryColumn({ type: "int" })
  position: number;

  /** Whether the row's gene is in the consensus set (false for lists without that status). */
  @Column({ type: "boolean" })
  consensus: boolean;

  @Column({ name: "mode_position", type: "int" })
  modePosition: number;

  /** The listed row: a gene id, mutation id, PMID or compartment id. */
  @Column({ name: "item_id", type: "int" })
  itemId: number;

  /** A study's gene rows: the brain region and compartment of the paper_gene row. */
  @Column({ name: "region_id", type: "int", nullable: true })
  regionId: number | null;

  @Column({ name: "localisation_id", type: "int", nullable: true })
  localisationId: number | null;
}

/** Rows, and rows in consensus genes, of each list of list_row per page (a study's distinct genes too), with its first rows. */
@Entity({ name: "list_count" })
export class ListCount {
  @PrimaryColumn({ type: "varchar", length: 24 })
  list: string;

  @PrimaryColumn({ type: "varchar", length: 16 })
  parent: string;

  @Column({ type: "int" })
  total: number;

  @Column({ type: "int" })
  consensus: number;

  /**
   * The item ids of the list's first rows (at most LIST_HEAD_ROWS, read-models/build.ts) in page order,
   * comma-separated: of the whole list, of its rows in consensus genes, and of the others. So a first
   * page in any mode is read with the counts. Null for the lists whose pages are read from list_row.
   */
  @Column({ name: "first_all", type: "text", nullable: true })
  firstAll: string | null;

  @Column({ name: "first_consensus", type: "text", nullable: true })
  firstConsensus: string | null;

  @Column({ name: "first_other", type: "text", nullable: true })
  firstOther: string | null;
}

/**
 * A gene page's tab lists (studies, diseases, mutations with their PMIDs, OMIM, GO, SynGO) as one
 * document, compressed JSON: built with the release from the tab statements of
 * gateway/services/gene-tabs.ts, so a gene page is one primary-key read.
 */
@Entity({ name: "gene_document" })
export class GeneDocument {
  @PrimaryColumn({ name: "gene_id", type: "int" })
  geneId: number;

  /** deflate-raw of the JSON of the gene's GeneTabs. */
  @Column({ type: "blob" })
  body: Buffer;
}

/**
 * One screen's whole answer of the release, built with it (gateway/services/read-models/build.ts) where
 * the screen aggregates over the release's largest tables: the brain-region distribution counts every
 * study-gene link, so read at request time its cost grew with the release. Compressed JSON. Also the
 * data package's file measurements, written by the first gateway that serves the package
 * (gateway/services/data-package-stats.ts): they are the CSV paths' exact bytes, which only the gateway makes.
 */
@Entity({ name: "release_document" })
export class ReleaseDocument {
  @PrimaryColumn({ type: "varchar", length: 48 })
  name: string;

  /** deflate-raw of the document's JSON. */
  @Column({ type: "blob" })
  body: Buffer;
}

/**
 * Which code built the release's derived data (the tables above): one row, switched and kept with them.
 * `version` is the builder's DERIVED_DATA_VERSION (gateway/services/read-models/version.ts); a release
 * whose row is missing or older is built again. `built_at` changes with every build, so the release key
 * (gateway/services/release-key.ts) changes when derived data is switched in, and gateways follow it.
 */
@Entity({ name: "derived_data" })
export class DerivedData {
  @PrimaryColumn({ type: "int" })
  id: number;

  @Column({ type: "int" })
  version: number;

  @Column({ name: "built_at", type: "varchar", length: 32 })
  builtAt: string;
}
