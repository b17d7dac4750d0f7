import type { DataSource, SelectQueryBuilder } from "typeorm";
import { BadInputError } from "../errors";

/** One column of a bulk export: its CSV header and the SQL expression that fills it. */
interface ExportColumn {
  header: string;
  sql: string;
  /** 0/1 columns are written Yes/No. */
  yesNo?: boolean;
}

/** A whole-table or relationship export, read in keyset-ordered chunks so memory stays flat. */
export interface ExportDefinition {
  name: string;
  summary: string;
  kind: "table" | "junction" | "relationship";
  columns: ExportColumn[];
  /** A unique ordering (raw columns, usable in WHERE); chunks continue after the last key seen. */
  keys: { sql: string; type: "int" | "string" }[];
  from: (qb: SelectQueryBuilder<object>) => SelectQueryBuilder<object>;
  groupBy?: string[];
}

const col = (header: string, sql: string, yesNo = false): ExportColumn => ({ header, sql, yesNo });
const int = (sql: string) => ({ sql, type: "int" as const });
const str = (sql: string) => ({ sql, type: "string" as const });

const geneColumns = [
  col("Gene ID", "g.id"),
  col("Gene Symbol", "g.human_name"),
  col("Human Entrez", "g.human_entrez"),
  col("Mouse Entrez", "g.mouse_entrez"),
  col("Mouse Symbol", "g.mouse_name"),
  col("Rat Entrez", "g.rat_entrez"),
  col("Rat Symbol", "g.rat_name"),
  col("MGI", "g.mgi"),
];

/** The synaptome.db "FullGene…" identifier block, in its column order. */
const fullGeneIdColumns = [
  col("MGI", "g.mgi"),
  col("Human Entrez", "g.human_entrez"),
  col("Mouse Entrez", "g.mouse_entrez"),
  col("Gene Symbol", "g.human_name"),
  col("Mouse Symbol", "g.mouse_name"),
];

/** The primary key of paper_gene: the keyset order of every export built on it. */
const paperGeneKeys = [
  int("pg.gene_id"),
  int("pg.pmid"),
  int("pg.brain_region_id"),
  int("pg.localisation_id"),
];

type Join = "gene" | "paper" | "localisation" | "region" | "method" | "species";
const paperGeneJoins: Record<Join, (qb: SelectQueryBuilder<object>) => SelectQueryBuilder<object>> = {
  gene: (qb) => qb.innerJoin("gene", "g", "g.id = pg.gene_id"),
  paper: (qb) => qb.innerJoin("paper", "p", "p.pmid = pg.pmid"),
  localisation: (qb) => qb.innerJoin("localisation", "l", "l.id = pg.localisation_id"),
  region: (qb) => qb.innerJoin("brain_region", "r", "r.id = pg.brain_region_id"),
  method: (qb) => qb.innerJoin("method", "m", "m.id = pg.method_id"),
  species: (qb) => qb.innerJoin("species", "s", "s.taxid = pg.species_taxid"),
};

/** paper_gene (alias pg) joined, in the order given, to the tables an export reads. */
const fromPaperGene =
  (...joins: Join[]) =>
  (qb: SelectQueryBuilder<object>) =>
    joins.reduce((q, join) => paperGeneJoins[join](q), qb.from("paper_gene", "pg"));

/** disease_gene (alias dg) with its gene (g) and disease (d). */
const fromGeneDisease = (qb: SelectQueryBuilder<object>) =>
  qb
    .from("disease_gene", "dg")
    .innerJoin("gene", "g", "g.id = dg.gene_id")
    .innerJoin("disease", "d", "d.hdoid = dg.hdoid");

export const exportDefinitions: ExportDefinition[] = [
  // Tables
  {
    name: "brain-regions",
    kind: "table",
    summary: "Brain regions with InterLex ids and their parent region.",
    columns: [
      col("ID", "r.id"),
      col("Name", "r.name"),
      col("Description", "r.description"),
      col("InterLex ID", "r.interlex_id"),
      col("Parent ID", "r.parent_id"),
    ],
    keys: [int("r.id")],
    from: (qb) => qb.from("brain_region", "r"),
  },
  {
    name: "diseases",
    kind: "table",
    summary: "Disease Ontology terms (discovery years are synthetic in the sample release).",
    columns: [
      col("HDOID", "d.hdoid"),
      col("Description", "d.description"),
      col("ICD-11 Chapter", "d.icd11_chapter"),
      col("OMIM IDs", "d.omim_ids"),
      col("ICD Codes", "d.icd_codes"),
      col("Discovery Year", "d.discovery_year"),
      col("Discovery Year Synthetic", "d.discovery_year_is_synthetic", true),
    ],
    keys: [str("d.hdoid")],
    from: (qb) => qb.from("disease", "d"),
  },
  {
    name: "genes",
    kind: "table",
    summary: "Genes with their identifiers, study counts and consensus flag.",
    columns: [
      ...geneColumns,
      col("Description", "g.description"),
      col("HGNC ID", "g.hgnc_id"),
      col("Ensembl ID", "g.ensembl_id"),
      col("UniProt ID", "g.uniprot_id"),
      col("Aliases", "g.aliases"),
      col("Studies", "g.paper_count"),
      col("Consensus", "g.is_consensus", true),
    ],
    keys: [int("g.id")],
    from: (qb) => qb.from("gene", "g"),
  },
  {
    name: "localisations",
    kind: "table",
    summary: "Synaptic compartments.",
    columns: [col("ID", "l.id"), col("Name", "l.name"), col("Description", "l.description")],
    keys: [int("l.id")],
    from: (qb) => qb.from("localisation", "l"),
  },
  {
    name: "methods",
    kind: "table",
    summary: "Proteomic methods.",
    columns: [col("ID", "m.id"), col("Name", "m.name"), col("Description", "m.description")],
    keys: [int("m.id")],
    from: (qb) => qb.from("method", "m"),
  },
  {
    name: "mutations",
    kind: "table",
    summary: "Mutations with their gene, disease and flags (synthetic rows labelled).",
    columns: [
      col("ID", "m.id"),
      col("Gene ID", "m.gene_id"),
      col("HDOID", "m.hdoid"),
      col("Chromosome", "m.chromosome"),
      col("Position", "m.position"),
      col("Assembly", "m.assembly"),
      col("Variant", "m.variant"),
      col("Function Class", "m.function_class"),
      col("cDNA Variant", "m.cdna_variant"),
      col("Protein Variant", "m.protein_variant"),
      col("Exon/Intron", "m.exon_intron"),
      col("DENOVO", "m.denovo", true),
      col("SFARI", "m.sfari", true),
      col("Epilepsy Gene", "m.epilepsy_gene", true),
      col("ClinVar", "m.clinvar", true),
      col("Study Name", "m.study_name"),
      col("Synthetic sample row", "m.is_synthetic", true),
    ],
    keys: [int("m.id")],
    from: (qb) => qb.from("mutation", "m"),
  },
  {
    name: "papers",
    kind: "table",
    summary: "Studies (proteomic and mutation studies; synthetic sample studies labelled).",
    columns: [
      col("PMID", "p.pmid"),
      col("Year", "p.year"),
      col("Name", "p.name"),
      col("Title", "p.title"),
      col("Description", "p.description"),
      col("Kind", "p.kind"),
      col("Localisation", "p.localisation"),
      col("Synthetic sample study", "p.is_synthetic", true),
    ],
    keys: [int("p.pmid")],
    from: (qb) => qb.from("paper", "p"),
  },
  {
    name: "species",
    kind: "table",
    summary: "Species studied.",
    columns: [col("TaxID", "s.taxid"), col("Name", "s.name"), col("Scientific Name", "s.sci_name")],
    keys: [int("s.taxid")],
    from: (qb) => qb.from("species", "s"),
  },
  // Junctions
  {
    name: "paper-genes",
    kind: "junction",
    summary: "Gene reported by a study in a brain region and compartment (synthetic rows labelled).",
    columns: [
      col("Gene ID", "pg.gene_id"),
      col("PMID", "pg.pmid"),
      col("Dataset", "pg.dataset"),
      col("Species TaxID", "pg.species_taxid"),
      col("Brain Region ID", "pg.brain_region_id"),
      col("Localisation ID", "pg.localisation_id"),
      col("Method ID", "pg.method_id"),
      col("Synthetic sample row", "pg.is_synthetic", true),
    ],
    keys: paperGeneKeys,
    from: fromPaperGene(),
  },
  {
    name: "paper-mutations",
    kind: "junction",
    summary: "Mutation reported by a study.",
    columns: [col("PMID", "pm.pmid"), col("Mutation ID", "pm.mutation_id")],
    keys: [int("pm.pmid"), int("pm.mutation_id")],
    from: (qb) => qb.from("paper_mutation", "pm"),
  },
  {
    name: "specie-regions",
    kind: "junction",
    summary: "Brain regions sampled per species.",
    columns: [col("Brain Region ID", "sr.brain_region_id"), col("TaxID", "sr.taxid")],
    keys: [int("sr.brain_region_id"), int("sr.taxid")],
    from: (qb) => qb.from("species_region", "sr"),
  },
  // Relationships
  {
    name: "genes-diseases",
    kind: "relationship",
    summary: "Gene–disease associations with source and reference.",
    columns: [
      col("Gene ID", "g.id"),
      col("Gene Symbol", "g.human_name"),
      col("Human Entrez", "g.human_entrez"),
      col("HDOID", "d.hdoid"),
      col("Disease", "d.description"),
      col("Source", "dg.source"),
      col("Reference", "dg.reference"),
    ],
    keys: [int("dg.gene_id"), str("dg.hdoid")],
    from: fromGeneDisease,
  },
  {
    name: "mutations-details",
    kind: "relationship",
    summary: "Mutations with their gene symbol and disease label.",
    columns: [
      col("Mutation ID", "m.id"),
      col("Gene Symbol", "g.human_name"),
      col("Human Entrez", "g.human_entrez"),
      col("HDOID", "m.hdoid"),
      col("Disease", "d.description"),
      col("Chromosome", "m.chromosome"),
      col("Position", "m.position"),
      col("Variant", "m.variant"),
      col("Function Class", "m.function_class"),
      col("Protein Variant", "m.protein_variant"),
      col("Synthetic sample row", "m.is_synthetic", true),
    ],
    keys: [int("m.id")],
    from: (qb) =>
      qb
        .from("mutation", "m")
        .innerJoin("gene", "g", "g.id = m.gene_id")
        .leftJoin("disease", "d", "d.hdoid = m.hdoid"),
  },
  {
    name: "papers-genes-regions",
    kind: "relationship",
    summary: "Study, gene and brain region of every study–gene link.",
    columns: [
      col("PMID", "p.pmid"),
      col("Study", "p.name"),
      col("Year", "p.year"),
      col("Gene Symbol", "g.human_name"),
      col("Human Entrez", "g.human_entrez"),
      col("Brain Region", "r.name"),
      col("Localisation ID", "pg.localisation_id"),
      col("Synthetic sample row", "pg.is_synthetic", true),
    ],
    keys: paperGeneKeys,
    from: fromPaperGene("paper", "gene", "region"),
  },
  {
    name: "species-regions",
    kind: "relationship",
    summary: "Species and the brain regions sampled in them, by name.",
    columns: [
      col("TaxID", "s.taxid"),
      col("Species", "s.name"),
      col("Scientific Name", "s.sci_name"),
      col("Brain Region ID", "r.id"),
      col("Brain Region", "r.name"),
    ],
    keys: [int("sr.brain_region_id"), int("sr.taxid")],
    from: (qb) =>
      qb
        .from("species_region", "sr")
        .innerJoin("species", "s", "s.taxid = sr.taxid")
        .innerJoin("brain_region", "r", "r.id = sr.brain_region_id"),
  },
  {
    name: "mutations-papers-genes",
    kind: "relationship",
    summary: "Every mutation with the study that reports it and its gene (synaptome.db GeneMutationPaper).",
    columns: [
      col("PMID", "p.pmid"),
      col("Study", "p.name"),
      col("Mutation ID", "m.id"),
      col("Gene Symbol", "g.human_name"),
      col("Human Entrez", "g.human_entrez"),
      col("MGI", "g.mgi"),
      col("Chromosome", "m.chromosome"),
      col("Position", "m.position"),
      col("Variant", "m.variant"),
      col("Function Class", "m.function_class"),
      col("DENOVO", "m.denovo", true),
      col("SFARI", "m.sfari", true),
      col("ClinVar", "m.clinvar", true),
      col("Synthetic sample row", "m.is_synthetic", true),
    ],
    keys: [int("pm.pmid"), int("pm.mutation_id")],
    from: (qb) =>
      qb
        .from("paper_mutation", "pm")
        .innerJoin("paper", "p", "p.pmid = pm.pmid")
        .innerJoin("mutation", "m", "m.id = pm.mutation_id")
        .innerJoin("gene", "g", "g.id = m.gene_id"),
  },
  {
    name: "papers-methods-localisation",
    kind: "relationship",
    summary: "Per study: the methods and compartments of its gene lists, with gene counts.",
    columns: [
      col("PMID", "pg.pmid"),
      col("Study", "p.name"),
      col("Year", "p.year"),
      col("Method", "m.name"),
      col("Localisation", "l.name"),
      col("Genes", "COUNT(DISTINCT pg.gene_id)"),
    ],
    keys: [int("pg.pmid"), int("pg.method_id"), int("pg.localisation_id")],
    from: fromPaperGene("paper", "method", "localisation"),
    groupBy: ["pg.pmid", "pg.method_id", "pg.localisation_id", "p.name", "p.year", "m.name", "l.name"],
  },
  {
    name: "genes-regions-species",
    kind: "relationship",
    summary: "Per gene, brain region and species: the number of studies.",
    columns: [
      col("Gene ID", "pg.gene_id"),
      col("Gene Symbol", "g.human_name"),
      col("Brain Region", "r.name"),
      col("Species", "s.name"),
      col("Studies", "COUNT(DISTINCT pg.pmid)"),
    ],
    keys: [int("pg.gene_id"), int("pg.brain_region_id"), int("pg.species_taxid")],
    from: fromPaperGene("gene", "region", "species"),
    groupBy: ["pg.gene_id", "pg.brain_region_id", "pg.species_taxid", "g.human_name", "r.name", "s.name"],
  },
  {
    name: "diseases-mutations-papers",
    kind: "relationship",
    summary:
      "Every disease mutation with its gene and the study reporting it (synaptome.db AllMutationsAllPapers).",
    columns: [
      col("HDOID", "m.hdoid"),
      col("Disease", "d.description"),
      col("Mutation ID", "m.id"),
      col("Gene Symbol", "g.human_name"),
      col("Variant", "m.variant"),
      col("Function Class", "m.function_class"),
      col("PMID", "p.pmid"),
      col("Study", "p.name"),
      col("Synthetic sample row", "m.is_synthetic", true),
    ],
    keys: [int("pm.pmid"), int("pm.mutation_id")],
    from: (qb) =>
      qb
        .from("paper_mutation", "pm")
        .innerJoin("mutation", "m", "m.id = pm.mutation_id")
        .innerJoin("paper", "p", "p.pmid = pm.pmid")
        .innerJoin("gene", "g", "g.id = m.gene_id")
        .leftJoin("disease", "d", "d.hdoid = m.hdoid"),
  },
  {
    name: "brain-regions-hierarchy",
    kind: "relationship",
    summary: "Each brain region with its parent region.",
    columns: [
      col("ID", "r.id"),
      col("Name", "r.name"),
      col("InterLex ID", "r.interlex_id"),
      col("Parent ID", "parent.id"),
      col("Parent Name", "parent.name"),
    ],
    keys: [int("r.id")],
    from: (qb) => qb.from("brain_region", "r").leftJoin("brain_region", "parent", "parent.id = r.parent_id"),
  },
  {
    name: "species-genes-diseases",
    kind: "relationship",
    summary: "Per species: the disease-associated genes reported in it.",
    columns: [
      col("Species", "s.name"),
      col("Gene Symbol", "g.human_name"),
      col("Human Entrez", "g.human_entrez"),
      col("HDOID", "dg.hdoid"),
      col("Disease", "d.description"),
    ],
    keys: [int("x.species_taxid"), int("x.gene_id"), str("dg.hdoid")],
    from: (qb) =>
      qb
        .from(
          (sub) =>
            sub
              .select("DISTINCT pg.species_taxid", "species_taxid")
              .addSelect("pg.gene_id", "gene_id")
              .from("paper_gene", "pg"),
          "x",
        )
        .innerJoin("species", "s", "s.taxid = x.species_taxid")
        .innerJoin("gene", "g", "g.id = x.gene_id")
        .innerJoin("disease_gene", "dg", "dg.gene_id = x.gene_id")
        .innerJoin("disease", "d", "d.hdoid = dg.hdoid"),
  },
  {
    name: "papers-genes-mutations-overview",
    kind: "relationship",
    summary: "Per study: genes reported and mutations reported.",
    columns: [
      col("PMID", "p.pmid"),
      col("Study", "p.name"),
      col("Year", "p.year"),
      col("Kind", "p.kind"),
      col("Genes", "(SELECT COUNT(DISTINCT pg.gene_id) FROM paper_gene pg WHERE pg.pmid = p.pmid)"),
      col("Mutations", "(SELECT COUNT(*) FROM paper_mutation pm WHERE pm.pmid = p.pmid)"),
      col("Synthetic sample study", "p.is_synthetic", true),
    ],
    keys: [int("p.pmid")],
    from: (qb) => qb.from("paper", "p"),
  },
  {
    name: "localisation-genes-regions",
    kind: "relationship",
    summary: "Per compartment, gene and brain region: the number of studies.",
    columns: [
      col("Localisation", "l.name"),
      col("Gene Symbol", "g.human_name"),
      col("Human Entrez", "g.human_entrez"),
      col("Brain Region", "r.name"),
      col("Studies", "COUNT(DISTINCT pg.pmid)"),
    ],
    keys: [int("pg.localisation_id"), int("pg.gene_id"), int("pg.brain_region_id")],
    from: fromPaperGene("localisation", "gene", "region"),
    groupBy: [
      "pg.localisation_id",
      "pg.gene_id",
      "pg.brain_region_id",
      "l.name",
      "g.human_name",
      "g.human_entrez",
      "r.name",
    ],
  },
  {
    name: "full-gene-full-paper-full-region",
    kind: "relationship",
    summary:
      "Gene, study, compartment and brain region of every study–gene link (synaptome.db FullGeneFullPaperFullRegion).",
    columns: [
      col("Gene ID", "pg.gene_id"),
      col("Localisation", "l.name"),
      ...fullGeneIdColumns,
      col("PMID", "pg.pmid"),
      col("Study", "p.name"),
      col("Year", "p.year"),
      col("Species TaxID", "pg.species_taxid"),
      col("Method ID", "pg.method_id"),
      col("Brain Region", "r.name"),
      col("Synthetic sample row", "pg.is_synthetic", true),
    ],
    keys: paperGeneKeys,
    from: fromPaperGene("gene", "localisation", "paper", "region"),
  },
  {
    name: "full-gene-full-disease",
    kind: "relationship",
    summary: "Gene and disease of every association (synaptome.db FullGeneFullDisease).",
    columns: [
      col("Human Entrez", "g.human_entrez"),
      col("Gene Symbol", "g.human_name"),
      col("HDOID", "d.hdoid"),
      col("Disease", "d.description"),
    ],
    keys: [int("dg.gene_id"), str("dg.hdoid")],
    from: fromGeneDisease,
  },
  {
    name: "full-gene-paper",
    kind: "relationship",
    summary: "Gene identifiers of every study–gene link (synaptome.db FullGenePaper).",
    columns: [
      col("Gene ID", "pg.gene_id"),
      col("Localisation ID", "pg.localisation_id"),
      ...fullGeneIdColumns,
      col("PMID", "pg.pmid"),
      col("Species TaxID", "pg.species_taxid"),
      col("Method ID", "pg.method_id"),
      col("Brain Region ID", "pg.brain_region_id"),
      col("Synthetic sample row", "pg.is_synthetic", true),
    ],
    keys: paperGeneKeys,
    from: fromPaperGene("gene"),
  },
  {
    name: "full-gene-full-paper",
    kind: "relationship",
    summary: "Gene, study and compartment of every study–gene link (synaptome.db FullGenefullPaper).",
    columns: [
      col("Gene ID", "pg.gene_id"),
      col("Localisation", "l.name"),
      ...fullGeneIdColumns,
      col("PMID", "pg.pmid"),
      col("Study", "p.name"),
      col("Year", "p.year"),
      col("Species TaxID", "pg.species_taxid"),
      col("Method ID", "pg.method_id"),
      col("Brain Region ID", "pg.brain_region_id"),
      col("Synthetic sample row", "pg.is_synthetic", true),
    ],
    keys: paperGeneKeys,
    from: fromPaperGene("gene", "localisation", "paper"),
  },
];

export const MAX_EXPORT_CHUNK = 5000;

export interface ExportChunkResult {
  columns: string[];
  rows: (string | null)[][];
  nextCursor: string | null;
}

function encodeCursor(values: (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString("base64url");
}

function decodeCursor(cursor: string, keys: ExportDefinition["keys"]): (string | number)[] {
  try {
    const values = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown;
    if (
      Array.isArray(values) &&
      values.length === keys.length &&
      values.every((v, i) => (keys[i]!.type === "int" ? Number.isSafeInteger(v) : typeof v === "string"))
    ) {
      return values as (string | number)[];
    }
  } catch {
    // fall through
  }
  throw new BadInputError("Invalid cursor: pass the nextCursor of the previous chunk");
}

/** Bulk exports read in keyset order: each chunk is one bounded query, whatever the table size. */
export class ExportService {
  constructor(private readonly db: DataSource) {}

  definition(name: string): ExportDefinition {
    const definition = exportDefinitions.find((d) => d.name === name);
    if (!definition)
      throw new BadInputError(
        `Unknown export '${name}'. Known exports: ${exportDefinitions.map((d) => d.name).join(", ")}`,
      );
    return definition;
  }

  async chunk(name: string, after: string | null, first: number): Promise<ExportChunkResult> {
    const definition = this.definition(name);
    if (!Number.isInteger(first) || first < 1 || first > MAX_EXPORT_CHUNK)
      throw new BadInputError(`first must be from 1 to ${MAX_EXPORT_CHUNK}`);
    let qb = definition.from(this.db.createQueryBuilder() as SelectQueryBuilder<object>);
    qb = qb.select(definition.columns[0]!.sql, "c0");
    definition.columns.slice(1).forEach((c, i) => {
      qb.addSelect(c.sql, `c${i + 1}`);
    });
    definition.keys.forEach((k, i) => {
      qb.addSelect(k.sql, `k${i}`);
    });
    if (after) {
      const values = decodeCursor(after, definition.keys);
      const params = Object.fromEntries(values.map((v, i) => [`after${i}`, v]));
      // Row-value comparison (the same syntax on MySQL and SQLite); the redundant first-key bound lets
      // MariaDB use a range scan instead of reading the index from the start for every chunk.
      qb.where(`${definition.keys[0]!.sql} >= :after0`, params).andWhere(
        `(${definition.keys.map((k) => k.sql).join(", ")}) > (${values.map((_, i) => `:after${i}`).join(", ")})`,
        params,
      );
    }
    if (definition.groupBy) qb.groupBy(definition.groupBy.join(", "));
    for (const k of definition.keys) qb.addOrderBy(k.sql, "ASC");
    qb.limit(first);
    const raw = await qb.getRawMany<Record<string, unknown>>();
    const rows = raw.map((r) =>
      definition.columns.map((c, i) => {
        const value = r[`c${i}`];
        if (value === null || value === undefined) return null;
        if (c.yesNo) return Number(value) ? "Yes" : "No";
        return String(value);
      }),
    );
    const last = raw[raw.length - 1];
    const nextCursor =
      raw.length === first && last
        ? encodeCursor(
            definition.keys.map((k, i) => (k.type === "int" ? Number(last[`k${i}`]) : String(last[`k${i}`]))),
          )
        : null;
    return { columns: definition.columns.map((c) => c.header), rows, nextCursor };
  }
}
