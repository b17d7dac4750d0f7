// Loads a release into PostgreSQL for the cold-path bench's peers (PostGraphile 4 and 5 read the same copy).
//
//   node bench/peer/load-postgres.mjs [sqlite file] [database]
//
// Reads the release tables from the portal's own SQLite database built by the seeds (default
// data/peer-source.sqlite; `DATABASE_URL=sqlite:data/peer-source.sqlite node dist/seeds/cli.js seed`
// makes it; cold.mjs passes data/peer-source-10x.sqlite and portal_peer_10x for the 10x release),
// drops and recreates the PostgreSQL database (default portal_peer_1x on PEER_PG, by
// default postgres://postgres@127.0.0.1:5432) and copies every release table: same columns, primary
// keys, the SQLite secondary indexes, plus the foreign keys the portal only implies (PostGraphile
// exposes relations only through real FKs) with an index on every FK column.
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
// better-sqlite3 comes from the portal's node_modules: the peer adds no SQLite driver of its own.
const Database = createRequire(path.join(root, "package.json"))("better-sqlite3");

const source = path.resolve(root, process.argv[2] ?? "data/peer-source.sqlite");
const database = process.argv[3] ?? "portal_peer_1x";
const server = (process.env.PEER_PG ?? "postgres://postgres@127.0.0.1:5432").replace(/\/$/, "");

// The release's tables (the importer's; not the __prev copies, visits, counters or migrations).
const TABLES = [
  "species",
  "brain_region",
  "species_region",
  "localisation",
  "method",
  "icd11_chapter",
  "dataset_release",
  "gene",
  "gene_term",
  "disease",
  "disease_gene",
  "paper",
  "paper_gene",
  "mutation",
  "paper_mutation",
  "omim_record",
  "go_term",
  "go_gene",
  "ppi",
  "syngo_annotation",
  "syngo_annotation_gene",
];

// [table, column, referenced table, referenced column]. SQLite holds none of these as constraints;
// load-postgres checks them all (no orphans in the bundled release). syngo_annotation.pubmed_id is
// left out on purpose: most of its PMIDs are not studies of the release.
const FOREIGN_KEYS = [
  ["brain_region", "parent_id", "brain_region", "id"],
  ["species_region", "brain_region_id", "brain_region", "id"],
  ["species_region", "taxid", "species", "taxid"],
  ["gene_term", "gene_id", "gene", "id"],
  ["disease", "icd11_chapter", "icd11_chapter", "chapter"],
  ["disease_gene", "hdoid", "disease", "hdoid"],
  ["disease_gene", "gene_id", "gene", "id"],
  ["paper_gene", "gene_id", "gene", "id"],
  ["paper_gene", "pmid", "paper", "pmid"],
  ["paper_gene", "brain_region_id", "brain_region", "id"],
  ["paper_gene", "localisation_id", "localisation", "id"],
  ["paper_gene", "species_taxid", "species", "taxid"],
  ["paper_gene", "method_id", "method", "id"],
  ["mutation", "gene_id", "gene", "id"],
  ["mutation", "hdoid", "disease", "hdoid"],
  ["paper_mutation", "pmid", "paper", "pmid"],
  ["paper_mutation", "mutation_id", "mutation", "id"],
  // OMIM rows name their gene by human Entrez id: gene.human_entrez is unique in the release.
  ["omim_record", "human_entrez", "gene", "human_entrez"],
  ["omim_record", "hdoid", "disease", "hdoid"],
  ["omim_record", "pmid", "paper", "pmid"],
  ["omim_record", "icd11_chapter", "icd11_chapter", "chapter"],
  ["go_gene", "gene_id", "gene", "id"],
  ["go_gene", "go_id", "go_term", "go_id"],
  ["go_gene", "species_taxid", "species", "taxid"],
  ["ppi", "gene_a", "gene", "id"],
  ["ppi", "gene_b", "gene", "id"],
  ["ppi", "taxid", "species", "taxid"],
  ["syngo_annotation_gene", "annotation_id", "syngo_annotation", "id"],
  ["syngo_annotation_gene", "gene_id", "gene", "id"],
];

// What the portal computes in its services and PostGraphile cannot say through relations alone
// (a filter on a joined column, a UNION, a DISTINCT count) is given to it the way PostGraphile is
// meant to be extended: STABLE SQL functions on a table, which it exposes as computed fields
// (connections for SETOF; PostGraphile 5 with +list also as …List fields). Each mirrors the portal
// service named beside it.
const FUNCTIONS = `
-- DiseaseService.genePages, mode CONSENSUS: the disease's consensus genes by symbol.
CREATE FUNCTION disease_consensus_genes(d disease) RETURNS SETOF gene LANGUAGE sql STABLE AS $$
  SELECT g.* FROM disease_gene dg JOIN gene g ON g.id = dg.gene_id
  WHERE dg.hdoid = d.hdoid AND g.is_consensus ORDER BY lower(g.human_name), g.id $$;
-- DiseaseService.mutationCounts: mutations in consensus genes.
CREATE FUNCTION disease_consensus_mutation_count(d disease) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT count(*)::int FROM mutation m JOIN gene g ON g.id = m.gene_id
  WHERE m.hdoid = d.hdoid AND g.is_consensus $$;
-- DISEASE_PAPER_PAIRS: studies reporting one of the disease's genes or mutations, newest first.
CREATE FUNCTION disease_papers(d disease) RETURNS SETOF paper LANGUAGE sql STABLE AS $$
  SELECT p.* FROM paper p WHERE p.pmid IN (
    SELECT pg.pmid FROM disease_gene dg JOIN paper_gene pg ON pg.gene_id = dg.gene_id WHERE dg.hdoid = d.hdoid
    UNION
    SELECT pm.pmid FROM mutation m JOIN paper_mutation pm ON pm.mutation_id = m.id WHERE m.hdoid = d.hdoid)
  ORDER BY p.year DESC, p.pmid $$;
-- PaperService.geneCounts: distinct genes and distinct consensus genes of a study.
CREATE FUNCTION paper_gene_count(p paper) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT count(DISTINCT gene_id)::int FROM paper_gene WHERE pmid = p.pmid $$;
CREATE FUNCTION paper_consensus_gene_count(p paper) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT count(DISTINCT pg.gene_id)::int FROM paper_gene pg JOIN gene g ON g.id = pg.gene_id
  WHERE pg.pmid = p.pmid AND g.is_consensus $$;
-- PaperService.localizations: compartment names the study reports genes in.
CREATE FUNCTION paper_available_localizations(p paper) RETURNS SETOF text LANGUAGE sql STABLE AS $$
  SELECT DISTINCT l.name::text FROM paper_gene pg JOIN localisation l ON l.id = pg.localisation_id
  WHERE pg.pmid = p.pmid ORDER BY 1 $$;
-- PaperService.genePages, mode CONSENSUS: the study's rows of consensus genes by symbol.
CREATE FUNCTION paper_consensus_gene_rows(p paper) RETURNS SETOF paper_gene LANGUAGE sql STABLE AS $$
  SELECT pg.* FROM paper_gene pg JOIN gene g ON g.id = pg.gene_id
  WHERE pg.pmid = p.pmid AND g.is_consensus
  ORDER BY lower(g.human_name), g.id, pg.brain_region_id, pg.localisation_id $$;
`;

const quote = (name) => `"${name.replaceAll('"', '""')}"`;

/** PostgreSQL type of a SQLite declared type (as the project's migrations write them). */
function pgType(declared) {
  const type = declared.toLowerCase();
  if (type === "int" || type === "integer") return "integer";
  if (type === "bigint") return "bigint";
  if (type === "boolean") return "boolean";
  if (type === "text" || type === "varchar") return "text";
  if (/^varchar\(\d+\)$/.test(type)) return type;
  throw new Error(`No PostgreSQL type for SQLite type ${declared}`);
}

async function main() {
  const sqlite = new Database(source, { readonly: true, fileMustExist: true });
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${quote(database)} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${quote(database)}`);
  await admin.end();

  const db = new pg.Client({ connectionString: `${server}/${database}` });
  await db.connect();
  const started = Date.now();
  let total = 0;
  for (const table of TABLES) {
    const columns = sqlite.prepare(`PRAGMA table_info(${quote(table)})`).all();
    const pk = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    const defs = columns.map((c) => `${quote(c.name)} ${pgType(c.type)}${c.notnull ? " NOT NULL" : ""}`);
    defs.push(`PRIMARY KEY (${pk.map((c) => quote(c.name)).join(", ")})`);
    await db.query(`CREATE TABLE ${quote(table)} (${defs.join(", ")})`);
    total += await copyRows(sqlite, db, table, columns);
  }
  // The table `mutation` would be the GraphQL type Mutation, which is PostGraphile's mutation root:
  // the smart comment names it as the portal does (GeneMutation).
  await db.query(`COMMENT ON TABLE mutation IS E'@name gene_mutation'`);
  await db.query(`ALTER TABLE gene ADD CONSTRAINT gene_human_entrez_key UNIQUE (human_entrez)`);

  // The SQLite secondary indexes of the live tables (named ix_*__b after a release switch). `leading`
  // keeps each index's first column (primary keys' too), so an FK column gets an index only once.
  const leading = new Set(
    TABLES.map(
      (t) =>
        `${t}.${
          sqlite
            .prepare(`PRAGMA table_info(${quote(t)})`)
            .all()
            .find((c) => c.pk === 1)?.name
        }`,
    ),
  );
  for (const table of TABLES) {
    for (const index of sqlite.prepare(`PRAGMA index_list(${quote(table)})`).all()) {
      if (index.origin !== "c") continue; // primary keys and UNIQUE constraints are made above
      const cols = sqlite
        .prepare(`PRAGMA index_info(${quote(index.name)})`)
        .all()
        .map((c) => quote(c.name));
      const name = index.name.replace(/__b$/, "");
      leading.add(`${table}.${cols[0].slice(1, -1)}`);
      await db.query(
        `CREATE ${index.unique ? "UNIQUE " : ""}INDEX ${quote(name)} ON ${quote(table)} (${cols.join(", ")})`,
      );
    }
  }

  for (const [table, column, refTable, refColumn] of FOREIGN_KEYS) {
    await db.query(
      `ALTER TABLE ${quote(table)} ADD CONSTRAINT ${quote(`${table}_${column}_fkey`)}
       FOREIGN KEY (${quote(column)}) REFERENCES ${quote(refTable)} (${quote(refColumn)})`,
    );
    // An index on every FK column, unless the primary key or a copied index already starts with it.
    if (leading.has(`${table}.${column}`)) continue;
    leading.add(`${table}.${column}`);
    await db.query(
      `CREATE INDEX ${quote(`${table}_${column}_fk_idx`)} ON ${quote(table)} (${quote(column)})`,
    );
  }
  await db.query(FUNCTIONS);
  await db.query("ANALYZE");
  await db.end();
  sqlite.close();
  console.log(
    `Loaded ${total} rows of ${TABLES.length} tables from ${path.relative(root, source)} into ${database} ` +
      `with ${FOREIGN_KEYS.length} foreign keys in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

/**
 * Multi-row INSERTs, as many rows a statement as PostgreSQL's 65,535 parameters allow, read from SQLite a
 * batch at a time (the 10x release's largest tables hold millions of rows).
 */
async function copyRows(sqlite, db, table, columns) {
  const booleans = columns.map((c) => c.type.toLowerCase() === "boolean");
  const perBatch = Math.floor(60_000 / columns.length);
  const names = columns.map((c) => quote(c.name)).join(", ");
  const insert = async (batch) => {
    const params = [];
    const tuples = batch.map((row) => {
      const marks = row.map((value, i) => {
        // SQLite keeps booleans as 0/1.
        params.push(booleans[i] && value !== null ? Boolean(value) : value);
        return `$${params.length}`;
      });
      return `(${marks.join(", ")})`;
    });
    await db.query(`INSERT INTO ${quote(table)} (${names}) VALUES ${tuples.join(", ")}`, params);
  };
  let total = 0;
  let batch = [];
  // Nothing else runs on the SQLite connection while the iterator is open.
  for (const row of sqlite
    .prepare(`SELECT * FROM ${quote(table)}`)
    .raw()
    .iterate()) {
    batch.push(row);
    if (batch.length === perBatch) {
      await insert(batch);
      total += batch.length;
      batch = [];
    }
  }
  if (batch.length > 0) await insert(batch);
  return total + batch.length;
}

await main();
