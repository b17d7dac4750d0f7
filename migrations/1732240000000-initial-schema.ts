import {
  type MigrationInterface,
  type QueryRunner,
  Table,
  type TableColumnOptions,
  TableIndex,
} from "typeorm";

// Portable column helpers: the same migration runs on MySQL and SQLite.
const int = (name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
  name,
  type: "int",
  ...extra,
});
const str = (name: string, length: number, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
  name,
  type: "varchar",
  length: String(length),
  ...extra,
});
const bool = (name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
  name,
  type: "boolean",
  ...extra,
});
const text = (name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
  name,
  type: "text",
  ...extra,
});
const opt = { isNullable: true } as const;
const pk = { isPrimary: true } as const;

const tables: {
  name: string;
  columns: TableColumnOptions[];
  indices?: { name: string; columns: string[]; unique?: boolean }[];
}[] = [
  {
    name: "gene",
    columns: [
      int("id", pk),
      str("human_name", 64),
      int("human_entrez", opt),
      int("mouse_entrez", opt),
      int("rat_entrez", opt),
      str("mgi", 32, opt),
      str("mouse_name", 64, opt),
      str("rat_name", 64, opt),
      str("description", 255, opt),
      str("hgnc_id", 32, opt),
      str("ensembl_id", 32, opt),
      str("uniprot_id", 32, opt),
      str("rgd_id", 32, opt),
      int("omim_gene_id", opt),
      str("chromosome_location", 64, opt),
      str("aliases", 512, opt),
      int("paper_count", { default: 0 }),
      bool("is_consensus", { default: false }),
    ],
    indices: [
      { name: "ix_gene_human_name", columns: ["human_name"] },
      { name: "ix_gene_human_entrez", columns: ["human_entrez"] },
      { name: "ix_gene_mouse_entrez", columns: ["mouse_entrez"] },
      { name: "ix_gene_rat_entrez", columns: ["rat_entrez"] },
      { name: "ix_gene_mgi", columns: ["mgi"] },
      { name: "ix_gene_paper_count", columns: ["paper_count"] },
      { name: "ix_gene_is_consensus", columns: ["is_consensus"] },
    ],
  },
  {
    name: "gene_term",
    columns: [int("gene_id", pk), str("kind", 8, pk), str("term", 255, pk)],
    indices: [{ name: "ix_gene_term_term", columns: ["term"] }],
  },
  {
    name: "paper",
    columns: [
      int("pmid", pk),
      int("year"),
      str("name", 64),
      str("title", 512, opt),
      str("description", 512, opt),
      str("kind", 16),
      str("localisation", 32, opt),
      int("n_genes", opt),
      bool("is_synthetic", { default: false }),
      str("synthetic_columns", 128, opt),
      str("pmid_source", 255, opt),
    ],
    indices: [
      { name: "ix_paper_year", columns: ["year"] },
      { name: "ix_paper_name", columns: ["name"], unique: true },
    ],
  },
  {
    name: "paper_gene",
    columns: [
      int("gene_id", pk),
      int("pmid", pk),
      int("brain_region_id", pk),
      int("localisation_id", pk),
      str("dataset", 8),
      int("species_taxid"),
      int("method_id"),
      bool("is_synthetic", { default: false }),
    ],
    indices: [{ name: "ix_paper_gene_pmid", columns: ["pmid"] }],
  },
  {
    name: "disease",
    columns: [
      str("hdoid", 16, pk),
      str("description", 255),
      text("definition", opt),
      str("omim_ids", 255, opt),
      str("icd_codes", 255, opt),
      int("discovery_year", opt),
      bool("discovery_year_is_synthetic", { default: false }),
      str("icd11_chapter", 4, opt),
      str("icd11_chapter_basis", 64, opt),
    ],
    indices: [
      { name: "ix_disease_description", columns: ["description"] },
      { name: "ix_disease_icd11_chapter", columns: ["icd11_chapter"] },
    ],
  },
  {
    name: "disease_gene",
    columns: [str("hdoid", 16, pk), int("gene_id", pk), str("source", 64, opt), str("reference", 128, opt)],
    indices: [{ name: "ix_disease_gene_gene", columns: ["gene_id"] }],
  },
  {
    name: "mutation",
    columns: [
      int("id", pk),
      int("gene_id"),
      str("hdoid", 16),
      str("chromosome", 4, opt),
      int("position", opt),
      str("variant", 128, opt),
      str("function_class", 32, opt),
      str("cdna_variant", 64, opt),
      str("protein_variant", 64, opt),
      str("exon_intron", 32, opt),
      bool("denovo", opt),
      bool("sfari", opt),
      bool("epilepsy_gene", opt),
      bool("clinvar", opt),
      str("study_name", 64, opt),
      str("assembly", 8, opt),
      bool("is_synthetic", { default: false }),
    ],
    indices: [
      { name: "ix_mutation_gene", columns: ["gene_id"] },
      { name: "ix_mutation_hdoid", columns: ["hdoid"] },
    ],
  },
  {
    name: "paper_mutation",
    columns: [int("pmid", pk), int("mutation_id", pk)],
    indices: [{ name: "ix_paper_mutation_mutation", columns: ["mutation_id"] }],
  },
  { name: "go_term", columns: [str("go_id", 16, pk), str("term", 255), str("domain", 32)] },
  {
    name: "go_gene",
    columns: [int("gene_id", pk), str("go_id", 16, pk), str("evidence", 8, pk), int("species_taxid")],
  },
  {
    name: "syngo_annotation",
    columns: [
      int("id", pk),
      str("go_id", 64),
      str("go_name", 255, opt),
      str("go_domain", 4, opt),
      str("evidence_biological_system", 255, opt),
      str("evidence_protein_targeting", 255, opt),
      str("evidence_experiment_assay", 255, opt),
      bool("evidence_nontraceable_author_statement", opt),
      int("pubmed_id", opt),
      str("uniprot_id", 16, opt),
      str("hgnc_id", 64, opt),
      str("hgnc_symbol", 64, opt),
    ],
  },
  {
    name: "syngo_annotation_gene",
    columns: [int("annotation_id", pk), int("gene_id", pk)],
    indices: [{ name: "ix_syngo_annotation_gene_gene", columns: ["gene_id"] }],
  },
  {
    name: "omim_record",
    columns: [
      {
        name: "row_id",
        type: "integer",
        isPrimary: true,
        isGenerated: true,
        generationStrategy: "increment",
      },
      int("human_entrez"),
      int("omim_id"),
      str("omim_phenotype", 255, opt),
      str("icd11_chapter", 4, opt),
      str("icd11_chapter_name", 128, opt),
      str("icd_code", 32, opt),
      str("inheritance", 8, opt),
      int("known_from", opt),
      int("pmid", opt),
      str("hdoid", 16, opt),
      str("synthetic_fields", 64, opt),
    ],
    indices: [{ name: "ix_omim_record_entrez", columns: ["human_entrez"] }],
  },
  { name: "icd11_chapter", columns: [str("chapter", 4, pk), str("name", 128)] },
  {
    name: "brain_region",
    columns: [
      int("id", pk),
      str("name", 64),
      str("description", 255, opt),
      str("interlex_id", 32, opt),
      int("parent_id", opt),
    ],
  },
  { name: "species", columns: [int("taxid", pk), str("name", 32), str("sci_name", 64, opt)] },
  { name: "species_region", columns: [int("brain_region_id", pk), int("taxid", pk)] },
  { name: "localisation", columns: [int("id", pk), str("name", 32), str("description", 255, opt)] },
  { name: "method", columns: [int("id", pk), str("name", 32), str("description", 255, opt)] },
  {
    name: "ppi",
    columns: [
      { name: "id", type: "integer", isPrimary: true, isGenerated: true, generationStrategy: "increment" },
      int("gene_a"),
      int("gene_b"),
      str("type", 16),
      str("method", 64),
      int("taxid"),
    ],
    indices: [
      { name: "ix_ppi_a", columns: ["gene_a"] },
      { name: "ix_ppi_b", columns: ["gene_b"] },
    ],
  },
  {
    name: "dataset_release",
    columns: [
      int("id", pk),
      str("name", 128),
      str("version", 32),
      str("built", 32, opt),
      bool("has_synthetic_data"),
      str("source", 255),
      str("loaded_at", 32),
      text("tables_json"),
      text("provenance"),
    ],
  },
  {
    name: "visit",
    columns: [
      { name: "id", type: "integer", isPrimary: true, isGenerated: true, generationStrategy: "increment" },
      str("visitor_id", 64),
      str("path", 255),
      str("visited_at", 32),
    ],
    indices: [{ name: "ix_visit_visitor", columns: ["visitor_id"] }],
  },
  {
    name: "api_call_counter",
    columns: [
      str("endpoint", 191, pk),
      { name: "count", type: "bigint", default: 0 },
      str("last_called", 32, opt),
    ],
  },
];

export class InitialSchema1732240000000 implements MigrationInterface {
  name = "InitialSchema1732240000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const t of tables) {
      await queryRunner.createTable(
        new Table({
          name: t.name,
          columns: t.columns,
          indices: (t.indices ?? []).map(
            (i) => new TableIndex({ name: i.name, columnNames: i.columns, isUnique: i.unique ?? false }),
          ),
        }),
        true,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const t of [...tables].reverse()) await queryRunner.dropTable(t.name, true);
  }
}
