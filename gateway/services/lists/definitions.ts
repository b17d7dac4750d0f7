import type { DataSource, ObjectLiteral, SelectQueryBuilder } from "typeorm";
import { type GroupedList, type ListCounts, modeParams, textFilter, totalsOnly } from "../list-query";
import type { TableOf } from "../read-models/build-context";

/**
 * A table a list's FROM reads: a table by name, or a derived table (SELECT ...) over the tables `t`
 * names, which may restrict its parents inside to the SQL list `only` when given (so an index range is
 * read, not the whole union).
 */
type ListSource = string | ((t: TableOf, only: string) => string);

/**
 * One list a disease or study page shows: how its rows are read and ordered. The read-model builder
 * numbers list_row by it (read-models/build.ts), and the services page a filtered list by it, so the
 * read model and the statements over the release's tables cannot differ in their joins or order.
 */
export interface ListDefinition {
  /** Its name in list_row and list_count. */
  list: string;
  /** Its tables: the first is read (as `alias`), each next one INNER JOINed ON `on`. */
  tables: readonly [
    { source: ListSource; alias: string },
    ...{ source: string; alias: string; on: string }[],
  ];
  /** `tables` as a FROM over the tables `t` names, every parent's rows (the read-model builder's). */
  from: (t: TableOf) => string;
  /** The column a list belongs to (a disease's hdoid, a study's pmid). */
  parent: string;
  /** Whether a row's gene is a consensus gene; NO_CONSENSUS for a list without that status. */
  consensus: string;
  /** The id of a row's item (gene, mutation, study, compartment). */
  item: string;
  /** A study's gene rows also carry their brain region and compartment. */
  region?: string;
  localisation?: string;
  /** The order within a parent, ending on a unique key, so pages never overlap. */
  order: string;
  /** The rows a filter text keeps (null: every row); a list without one is not filtered. */
  filter?: (term: string) => TextFilter | null;
}

type TextFilter = ReturnType<typeof textFilter>;

/** A list as written: its FROM is made from its tables. */
function defineList(spec: Omit<ListDefinition, "from">): ListDefinition {
  return { ...spec, from: (t) => listFrom(spec, t) };
}

/** The consensus column of a list without consensus status: every row is counted as not consensus. */
export const NO_CONSENSUS = "0";

/**
 * The studies behind a disease's data, as (hdoid, pmid) pairs: proteomic studies reporting at least
 * one of its genes, and mutation studies reporting one of its mutations.
 */
function diseasePaperPairs(t: TableOf, only: string): string {
  return `(SELECT dg.hdoid AS hdoid, pg.pmid AS pmid FROM ${t("disease_gene")} dg
    INNER JOIN ${t("paper_gene")} pg ON pg.gene_id = dg.gene_id${only && ` WHERE dg.hdoid IN (${only})`}
  UNION
  SELECT m.hdoid AS hdoid, pm.pmid AS pmid FROM ${t("mutation")} m
    INNER JOIN ${t("paper_mutation")} pm ON pm.mutation_id = m.id${only && ` WHERE m.hdoid IN (${only})`})`;
}

/** The order of a list of mutations (`m`): by place, chromosome then position. */
const MUTATION_ORDER = "m.chromosome, m.position, m.id";
/** The order of a list of genes (`g`): by symbol. */
const GENE_ORDER = "LOWER(g.human_name), g.id";

/** Gene filter of the disease and study gene lists: symbol or MGI substring, exact Entrez ids. */
export const geneTextFilter = (term: string) =>
  textFilter(term, ["g.human_name", "g.mgi"], ["g.human_entrez", "g.mouse_entrez", "g.rat_entrez"]);

/** Mutation filter: variant, gene symbol, function class, cDNA/protein change, study name. */
export const mutationTextFilter = (term: string) =>
  textFilter(term, [
    "m.variant",
    "g.human_name",
    "m.function_class",
    "m.cdna_variant",
    "m.protein_variant",
    "m.study_name",
  ]);

/** Paper filter (spec 1 §5): PMID, year, study name, title or description. */
export const paperTextFilter = (term: string) =>
  textFilter(term, ["p.name", "p.title", "p.description"], ["p.pmid", "p.year"]);

/** A disease's genes, by symbol. */
export const DISEASE_GENES = defineList({
  list: "disease_genes",
  tables: [
    { source: "disease_gene", alias: "dg" },
    { source: "gene", alias: "g", on: "g.id = dg.gene_id" },
  ],
  parent: "dg.hdoid",
  consensus: "g.is_consensus",
  item: "g.id",
  order: GENE_ORDER,
  filter: geneTextFilter,
});

/** A disease's mutations, by place. */
export const DISEASE_MUTATIONS = defineList({
  list: "disease_mutations",
  tables: [
    { source: "mutation", alias: "m" },
    { source: "gene", alias: "g", on: "g.id = m.gene_id" },
  ],
  parent: "m.hdoid",
  consensus: "g.is_consensus",
  item: "m.id",
  order: MUTATION_ORDER,
  filter: mutationTextFilter,
});

/** The studies behind a disease's data, newest first; they have no consensus status. */
export const DISEASE_PAPERS = defineList({
  list: "disease_papers",
  tables: [
    { source: diseasePaperPairs, alias: "dp" },
    { source: "paper", alias: "p", on: "p.pmid = dp.pmid" },
  ],
  parent: "dp.hdoid",
  consensus: NO_CONSENSUS,
  item: "p.pmid",
  order: "p.year DESC, p.pmid",
  filter: paperTextFilter,
});

/** A study's gene rows (gene × brain region × compartment), by symbol, then region and compartment. */
export const PAPER_GENES = defineList({
  list: "paper_genes",
  tables: [
    { source: "paper_gene", alias: "pg" },
    { source: "gene", alias: "g", on: "g.id = pg.gene_id" },
  ],
  parent: "pg.pmid",
  consensus: "g.is_consensus",
  item: "pg.gene_id",
  region: "pg.brain_region_id",
  localisation: "pg.localisation_id",
  order: `${GENE_ORDER}, pg.brain_region_id, pg.localisation_id`,
  filter: geneTextFilter,
});

/** A study's mutations, by place. */
export const PAPER_MUTATIONS = defineList({
  list: "paper_mutations",
  tables: [
    { source: "paper_mutation", alias: "pm" },
    { source: "mutation", alias: "m", on: "m.id = pm.mutation_id" },
    { source: "gene", alias: "g", on: "g.id = m.gene_id" },
  ],
  parent: "pm.pmid",
  consensus: "g.is_consensus",
  item: "m.id",
  order: MUTATION_ORDER,
  filter: mutationTextFilter,
});

/** The compartments a study reports genes in, by name (one row per name, as a GROUP BY name gives). */
export const PAPER_LOCALIZATIONS = defineList({
  list: "paper_localizations",
  tables: [
    {
      source: (t) =>
        `(SELECT pg.pmid AS pmid, l.name AS name, MIN(l.id) AS id FROM ${t("paper_gene")} pg
         INNER JOIN ${t("localisation")} l ON l.id = pg.localisation_id GROUP BY pg.pmid, l.name)`,
      alias: "pl",
    },
  ],
  parent: "pl.pmid",
  consensus: NO_CONSENSUS,
  item: "pl.id",
  order: "pl.name",
});

/** Each list a disease or study page opens with: the lists of list_row. */
export const LISTS: readonly ListDefinition[] = [
  DISEASE_GENES,
  DISEASE_MUTATIONS,
  DISEASE_PAPERS,
  PAPER_GENES,
  PAPER_MUTATIONS,
  PAPER_LOCALIZATIONS,
];

/** A list's FROM over every parent, over the tables `t` names. */
function listFrom(def: Omit<ListDefinition, "from">, t: TableOf): string {
  const [first, ...joined] = def.tables;
  const source = typeof first.source === "string" ? t(first.source) : first.source(t, "");
  return [
    `${source} ${first.alias}`,
    ...joined.map((j) => `INNER JOIN ${t(j.source)} ${j.alias} ON ${j.on}`),
  ].join("\n       ");
}

/**
 * The rows of a list of the parents `parents` that its filter keeps for `term`, over the live
 * release's tables, with the mode's parameters set (modeCondition); a service adds its select.
 */
export function listRows(
  db: DataSource,
  def: ListDefinition,
  parents: readonly unknown[],
  term = "",
): SelectQueryBuilder<ObjectLiteral> {
  const [first, ...joined] = def.tables;
  // TypeORM finds an entity by its table's name, so the builder writes the statement it wrote over the entity.
  const qb = db.createQueryBuilder().setParameters({ listParents: parents, ...modeParams });
  qb.from(
    typeof first.source === "string" ? first.source : first.source((name) => name, ":...listParents"),
    first.alias,
  ).where(`${def.parent} IN (:...listParents)`);
  for (const j of joined) qb.innerJoin(j.source, j.alias, j.on);
  const filter = def.filter?.(term);
  if (filter) qb.andWhere(filter.sql, filter.params);
  return qb;
}

/**
 * Where a filtered page reads its list's counts without the filter: the release's read models
 * (read-models/lists.ts), which hold them, instead of counting the list again.
 */
export interface ListCountReader {
  countsOf<K>(
    def: ListDefinition,
    parents: readonly K[],
    keyOf: (parent: string) => K,
  ): Promise<Map<K, ListCounts>>;
}

/**
 * A list as groupPages pages it, its parents' keys read back by `keyOf`; a filtered page's `total`
 * from `counts` when given.
 */
export function groupedList<K>(
  db: DataSource,
  def: ListDefinition,
  keyOf: (grp: unknown) => K,
  counts?: ListCountReader,
): GroupedList<K> {
  return {
    query: (keys, term) => listRows(db, def, keys, term),
    group: def.parent,
    id: def.item,
    order: def.order,
    consensus: def.consensus === NO_CONSENSUS ? null : def.consensus,
    keyOf,
    unfilteredTotals: counts && (async (keys) => totalsOnly(await counts.countsOf(def, keys, keyOf))),
  };
}
