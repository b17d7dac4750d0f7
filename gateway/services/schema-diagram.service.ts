import type { DataSource, EntityMetadata } from "typeorm";
import type {
  DatabaseSchema,
  DbColumn,
  DbRelation,
  DbTable,
  DbTableKind,
} from "../../schema/schema-diagram.type";

export type TableKind = "core" | "junction" | "external" | "api" | "go";

/** The legend of the ER diagram, in display order, with the rule that puts a table in each group. */
export const TABLE_KINDS: readonly DbTableKind[] = [
  {
    key: "core",
    label: "Core tables",
    rule: "An entity of the synaptome.db model with its own key (gene, disease, paper, species, mutation, region, compartment, method).",
  },
  {
    key: "junction",
    label: "Junction tables",
    rule: "A table whose primary key is made of references to other tables: it links rows many-to-many.",
  },
  {
    key: "external",
    label: "External CSV source",
    rule: "Loaded from the consensus-gene/OMIM file (omim_icd11.csv): consensus genes and the ICD-11 disease classification.",
  },
  {
    key: "api",
    label: "API integration",
    rule: "Written or read by the portal's API itself: the search index, the release record, visits and call counters.",
  },
  {
    key: "go",
    label: "Gene Ontology tables",
    rule: "Gene Ontology terms and annotations (GO and the expert-curated SynGO release).",
  },
];

interface TableInfo {
  kind: TableKind;
  description: string;
}

/**
 * The documented classification of every table. A unit-free rule cannot tell an external file from a
 * core entity, so each table is named here; a test fails if a table of the schema is missing.
 */
export const TABLE_INFO: Record<string, TableInfo> = {
  gene: { kind: "core", description: "Synaptic genes with human, mouse and rat identifiers." },
  disease: { kind: "core", description: "Human Disease Ontology terms." },
  paper: { kind: "core", description: "Synapse proteomic studies and mutation studies, by PubMed id." },
  species: { kind: "core", description: "Species studied (NCBI taxonomy id)." },
  mutation: { kind: "core", description: "Disease-associated variants of synaptic genes." },
  brain_region: { kind: "core", description: "Brain regions sampled, with their parent region." },
  localisation: { kind: "core", description: "Synaptic compartments (localisations)." },
  method: { kind: "core", description: "Proteomic methods." },
  paper_gene: {
    kind: "junction",
    description: "A gene reported by a study, in a species, region, compartment and method.",
  },
  disease_gene: { kind: "junction", description: "Genes associated with a disease." },
  paper_mutation: { kind: "junction", description: "Studies reporting a mutation." },
  species_region: { kind: "junction", description: "Brain regions sampled in a species." },
  ppi: { kind: "junction", description: "Protein–protein interactions between two genes." },
  omim_record: {
    kind: "external",
    description: "Consensus-gene file rows: HumanEntrez, OMIM id and phenotype, with ICD-11 chapter.",
  },
  icd11_chapter: { kind: "external", description: "ICD-11 chapters used to classify the OMIM phenotypes." },
  gene_term: { kind: "api", description: "Search index: lower-cased symbols, aliases and names of genes." },
  dataset_release: { kind: "api", description: "The loaded dataset release and its provenance." },
  list_row: {
    kind: "api",
    description: "Read model: the rows of each disease and study list in page order, built with the release.",
  },
  gene_document: {
    kind: "api",
    description: "Read model: each gene's tab lists as one compressed document, built with the release.",
  },
  list_count: {
    kind: "api",
    description:
      "Read model: each disease and study list's rows and consensus rows, and its first rows in each mode, built with the release.",
  },
  release_document: {
    kind: "api",
    description:
      "Read model: a screen's whole answer (the brain-region distribution), built with the release.",
  },
  derived_data: {
    kind: "api",
    description:
      "Which version of the portal's builder made the release's read models and documents, and when: an older one is built again.",
  },
  visit: { kind: "api", description: "Page views recorded by the site." },
  api_call_counter: { kind: "api", description: "Calls per API endpoint." },
  go_term: { kind: "go", description: "Gene Ontology terms with their domain." },
  go_gene: { kind: "go", description: "Gene Ontology annotations of genes, with evidence codes." },
  syngo_annotation: { kind: "go", description: "Expert-curated SynGO annotations." },
  syngo_annotation_gene: { kind: "go", description: "Genes of each SynGO annotation." },
};

/**
 * Column references between tables. The migration declares no foreign-key constraints (bulk loads
 * stay fast and portable), so the references the services join on are listed here; any constraint
 * the ORM metadata declares is added to them.
 */
export const COLUMN_REFERENCES: Record<string, string> = {
  "paper_gene.gene_id": "gene.id",
  "paper_gene.pmid": "paper.pmid",
  "paper_gene.brain_region_id": "brain_region.id",
  "paper_gene.localisation_id": "localisation.id",
  "paper_gene.species_taxid": "species.taxid",
  "paper_gene.method_id": "method.id",
  "disease_gene.hdoid": "disease.hdoid",
  "disease_gene.gene_id": "gene.id",
  "mutation.gene_id": "gene.id",
  "mutation.hdoid": "disease.hdoid",
  "paper_mutation.pmid": "paper.pmid",
  "paper_mutation.mutation_id": "mutation.id",
  "species_region.brain_region_id": "brain_region.id",
  "species_region.taxid": "species.taxid",
  "brain_region.parent_id": "brain_region.id",
  "ppi.gene_a": "gene.id",
  "ppi.gene_b": "gene.id",
  "ppi.taxid": "species.taxid",
  "disease.icd11_chapter": "icd11_chapter.chapter",
  "omim_record.human_entrez": "gene.human_entrez",
  "omim_record.hdoid": "disease.hdoid",
  "omim_record.icd11_chapter": "icd11_chapter.chapter",
  "gene_term.gene_id": "gene.id",
  "go_gene.gene_id": "gene.id",
  "go_gene.go_id": "go_term.go_id",
  "go_gene.species_taxid": "species.taxid",
  "syngo_annotation_gene.annotation_id": "syngo_annotation.id",
  "syngo_annotation_gene.gene_id": "gene.id",
};

const kindOrder = new Map(TABLE_KINDS.map((k, i) => [k.key, i]));

function columnType(column: EntityMetadata["columns"][number]): string {
  const base = typeof column.type === "string" ? column.type : column.type.name.toLowerCase();
  return column.length ? `${base}(${column.length})` : base;
}

/** The schema drawn by the ER diagram, read from TypeORM's entity metadata (never a hand-made copy). */
export class SchemaDiagramService {
  constructor(private readonly db: DataSource) {}

  /** Table structure and references; no database access. */
  structure(): { tables: Omit<DbTable, "rowCount">[]; relations: DbRelation[] } {
    const references = new Map(Object.entries(COLUMN_REFERENCES));
    for (const metadata of this.db.entityMetadatas) {
      for (const fk of metadata.foreignKeys) {
        fk.columnNames.forEach((name, i) => {
          references.set(
            `${metadata.tableName}.${name}`,
            `${fk.referencedTablePath}.${fk.referencedColumnNames[i]}`,
          );
        });
      }
    }
    const tables = this.db.entityMetadatas
      .map((metadata) => {
        const info = TABLE_INFO[metadata.tableName];
        const columns: DbColumn[] = metadata.columns.map((column) => ({
          name: column.databaseName,
          type: columnType(column),
          nullable: column.isNullable,
          primary: column.isPrimary,
          references: references.get(`${metadata.tableName}.${column.databaseName}`) ?? null,
        }));
        return {
          name: metadata.tableName,
          entity: metadata.name,
          kind: info?.kind ?? "core",
          description: info?.description ?? "",
          columns,
        };
      })
      .sort(
        (a, b) => (kindOrder.get(a.kind) ?? 9) - (kindOrder.get(b.kind) ?? 9) || a.name.localeCompare(b.name),
      );
    const relations: DbRelation[] = [];
    for (const table of tables) {
      for (const column of table.columns) {
        if (!column.references) continue;
        const [toTable, toColumn] = column.references.split(".") as [string, string];
        relations.push({
          fromTable: table.name,
          fromColumn: column.name,
          toTable,
          toColumn,
          cardinality: "N:1",
        });
      }
    }
    return { tables, relations };
  }

  async databaseSchema(): Promise<DatabaseSchema> {
    const { tables, relations } = this.structure();
    const counts = await Promise.all(
      tables.map(async (table) => {
        const row = await this.db
          .createQueryBuilder()
          .select("COUNT(*)", "n")
          .from(table.name, "t")
          .getRawOne<{ n: number | string }>();
        return Number(row?.n ?? 0);
      }),
    );
    return {
      kinds: [...TABLE_KINDS],
      tables: tables.map((table, i) => ({ ...table, rowCount: counts[i] ?? 0 })),
      relations,
    };
  }
}
