// Deterministic N-times dataset for benchmarks: writes a CSV release folder in the format of seeds/data
// (loaded by the project's importer with `--from`). Every entity with rows per gene, paper or disease is
// copied N times with fresh ids; links are rewired between copies by a seeded PRNG so that each copy of
// a gene keeps exactly the paper, disease, mutation, GO and PPI counts of its original: the distributions
// (studies per gene, consensus share, genes per disease...) are those of the sample, at N times the rows.
// Reference vocabularies (species, brain regions, compartments, methods, ICD-11 chapters, GO terms) stay.
//
//   node bench/generate-scaled.mjs [--scale 10] [--out bench/.data/10x] [--seed 20260412]
import { createReadStream, createWriteStream, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createGunzip } from "node:zlib";
import { parse } from "csv-parse";
import { stringify } from "csv-stringify/sync";
import { seededRandom } from "./lib/seeded-random.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const source = path.join(root, "seeds", "data");

async function readCsv(name) {
  const rows = [];
  const parser = createReadStream(path.join(source, `${name}.gz`))
    .pipe(createGunzip())
    .pipe(parse({ columns: true, bom: true, skip_empty_lines: true }));
  for await (const row of parser) rows.push(row);
  return rows;
}

/** Write rows (objects with the columns of the original file) as a plain CSV file. */
function writer(dir, name, columns) {
  const out = createWriteStream(path.join(dir, name));
  out.write(stringify([columns]));
  let count = 0;
  let buffer = [];
  const flush = () => {
    if (buffer.length > 0) out.write(stringify(buffer));
    buffer = [];
  };
  return {
    push(row) {
      buffer.push(columns.map((c) => row[c] ?? ""));
      count += 1;
      if (buffer.length >= 5000) flush();
    },
    async close() {
      flush();
      await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())));
      return count;
    },
  };
}

const INT_MAX = 2_147_483_647;

export async function generateScaled({ scale = 10, out, seed = 20260412 }) {
  mkdirSync(out, { recursive: true });
  const random = seededRandom(seed);
  const manifest = JSON.parse(readFileSync(path.join(source, "dataset.json"), "utf8"));
  const counts = {};
  const columnsOf = async (name) => {
    const rows = await readCsv(name);
    return { rows, columns: rows.length > 0 ? Object.keys(rows[0]) : [] };
  };
  const copyAsIs = async (name) => {
    const { rows, columns } = await columnsOf(name);
    const w = writer(out, name, columns);
    for (const row of rows) w.push(row);
    counts[name] = await w.close();
  };
  for (const name of [
    "species.csv",
    "brain_regions.csv",
    "species_regions.csv",
    "localisations.csv",
    "methods.csv",
    "icd11_chapters.csv",
    "go_terms.csv",
  ])
    await copyAsIs(name);

  // Ids of copy k: genes, mutations and SynGO annotations shifted by k × (max id); external ids shifted
  // by large steps so they stay unique; names get a "-k" suffix (copy 0 keeps the sample as it is).
  const genes = await columnsOf("genes.csv");
  const geneStep = Math.max(...genes.rows.map((g) => Number(g.id)));
  const geneOf = (id, k) => String(Number(id) + k * geneStep);
  const shiftExternal = (value, k, step) => {
    if (value === "" || value === undefined) return value;
    const n = Number(value) + k * step;
    return n <= INT_MAX ? String(n) : "";
  };
  const suffix = (value, k) => (k === 0 || !value ? value : `${value}-${k}`);
  const entrezOf = new Map(); // original human entrez -> gene id, for OMIM rows
  {
    const w = writer(out, "genes.csv", genes.columns);
    for (let k = 0; k < scale; k++) {
      for (const g of genes.rows) {
        if (k === 0 && g.human_entrez) entrezOf.set(g.human_entrez, g.id);
        w.push({
          ...g,
          id: geneOf(g.id, k),
          human_name: suffix(g.human_name, k),
          mouse_name: suffix(g.mouse_name, k),
          rat_name: suffix(g.rat_name, k),
          human_entrez: shiftExternal(g.human_entrez, k, 200_000_000),
          mouse_entrez: shiftExternal(g.mouse_entrez, k, 200_000_000),
          rat_entrez: shiftExternal(g.rat_entrez, k, 200_000_000),
          mgi: suffix(g.mgi, k),
          hgnc_id: suffix(g.hgnc_id, k),
          ensembl_id: suffix(g.ensembl_id, k),
          uniprot_id: suffix(g.uniprot_id, k),
          rgd_id: suffix(g.rgd_id, k),
          aliases:
            k === 0
              ? g.aliases
              : (g.aliases ?? "")
                  .split(";")
                  .filter(Boolean)
                  .map((a) => `${a}-${k}`)
                  .join(";"),
        });
      }
    }
    counts["genes.csv"] = await w.close();
  }

  // Papers: copy k of each study; its genes come from gene copy (k + shift) mod N, with one random shift
  // per study, so each gene copy is listed by exactly one copy of each of its original studies.
  const papers = await columnsOf("papers.csv");
  const pmidOf = (pmid, k) => String(Number(pmid) + k * 100_000_000);
  const paperShift = new Map(papers.rows.map((p) => [p.pmid, Math.floor(random() * scale)]));
  {
    const w = writer(out, "papers.csv", papers.columns);
    for (let k = 0; k < scale; k++)
      for (const p of papers.rows) w.push({ ...p, pmid: pmidOf(p.pmid, k), name: suffix(p.name, k) });
    counts["papers.csv"] = await w.close();
  }
  {
    const { rows, columns } = await columnsOf("paper_genes.csv");
    const w = writer(out, "paper_genes.csv", columns);
    for (let k = 0; k < scale; k++)
      for (const r of rows)
        w.push({
          ...r,
          pmid: pmidOf(r.pmid, k),
          gene_id: geneOf(r.gene_id, (k + paperShift.get(r.pmid)) % scale),
        });
    counts["paper_genes.csv"] = await w.close();
  }

  // Diseases: copy k gets HDOID "<original>.k"; its genes come from gene copy (k + shift) mod N.
  const diseases = await columnsOf("diseases.csv");
  const hdoidOf = (hdoid, k) => (k === 0 ? hdoid : `${hdoid}.${k}`);
  const diseaseShift = new Map(diseases.rows.map((d) => [d.hdoid, Math.floor(random() * scale)]));
  const geneCopyForDisease = (hdoid, k) => (k + (diseaseShift.get(hdoid) ?? 0)) % scale;
  {
    const w = writer(out, "diseases.csv", diseases.columns);
    for (let k = 0; k < scale; k++)
      for (const d of diseases.rows)
        w.push({
          ...d,
          hdoid: hdoidOf(d.hdoid, k),
          description: k === 0 ? d.description : `${d.description} (${k})`,
        });
    counts["diseases.csv"] = await w.close();
  }
  {
    const { rows, columns } = await columnsOf("disease_genes.csv");
    const w = writer(out, "disease_genes.csv", columns);
    for (let k = 0; k < scale; k++)
      for (const r of rows)
        w.push({
          ...r,
          hdoid: hdoidOf(r.hdoid, k),
          gene_id: geneOf(r.gene_id, geneCopyForDisease(r.hdoid, k)),
        });
    counts["disease_genes.csv"] = await w.close();
  }
  // Mutations follow their disease copy (so a mutation's gene stays a gene of its disease).
  const mutations = await columnsOf("mutations.csv");
  const mutationStep = Math.max(...mutations.rows.map((m) => Number(m.id)));
  {
    const w = writer(out, "mutations.csv", mutations.columns);
    for (let k = 0; k < scale; k++)
      for (const m of mutations.rows)
        w.push({
          ...m,
          id: String(Number(m.id) + k * mutationStep),
          hdoid: hdoidOf(m.hdoid, k),
          gene_id: geneOf(m.gene_id, geneCopyForDisease(m.hdoid, k)),
          study_name: suffix(m.study_name, k),
        });
    counts["mutations.csv"] = await w.close();
  }
  {
    const { rows, columns } = await columnsOf("paper_mutations.csv");
    const w = writer(out, "paper_mutations.csv", columns);
    for (let k = 0; k < scale; k++)
      for (const r of rows)
        w.push({ pmid: pmidOf(r.pmid, k), mutation_id: String(Number(r.mutation_id) + k * mutationStep) });
    counts["paper_mutations.csv"] = await w.close();
  }
  // Per-gene annotations: every gene copy keeps its original's GO terms, SynGO annotations, PPIs, OMIM rows.
  {
    const { rows, columns } = await columnsOf("go_genes.csv");
    const w = writer(out, "go_genes.csv", columns);
    for (let k = 0; k < scale; k++) for (const r of rows) w.push({ ...r, gene_id: geneOf(r.gene_id, k) });
    counts["go_genes.csv"] = await w.close();
  }
  {
    const { rows, columns } = await columnsOf("syngo_annotations.csv");
    const step = Math.max(...rows.map((r) => Number(r.id)));
    const w = writer(out, "syngo_annotations.csv", columns);
    for (let k = 0; k < scale; k++)
      for (const r of rows)
        w.push({
          ...r,
          id: String(Number(r.id) + k * step),
          gene_id: r.gene_id ? geneOf(r.gene_id, k) : r.gene_id,
          gene_ids: (r.gene_ids ?? "")
            .split(";")
            .filter(Boolean)
            .map((g) => geneOf(g, k))
            .join(";"),
        });
    counts["syngo_annotations.csv"] = await w.close();
  }
  {
    const { rows, columns } = await columnsOf("ppi.csv");
    const w = writer(out, "ppi.csv", columns);
    for (let k = 0; k < scale; k++)
      for (const r of rows) w.push({ ...r, gene_a: geneOf(r.gene_a, k), gene_b: geneOf(r.gene_b, k) });
    counts["ppi.csv"] = await w.close();
  }
  {
    const { rows, columns } = await columnsOf("omim_icd11.csv");
    const w = writer(out, "omim_icd11.csv", columns);
    for (let k = 0; k < scale; k++)
      for (const r of rows)
        w.push({
          ...r,
          human_entrez: shiftExternal(r.human_entrez, k, 200_000_000),
          hdoid: r.hdoid ? hdoidOf(r.hdoid, k) : r.hdoid,
        });
    counts["omim_icd11.csv"] = await w.close();
  }

  const scaled = {
    ...manifest,
    name: `${manifest.name}-x${scale}`,
    version: `${manifest.version}-bench-x${scale}`,
    seed,
    counts,
    note: `Benchmark dataset: the bundled sample scaled ${scale}x by bench/generate-scaled.mjs (seed ${seed}). Not research data.`,
  };
  delete scaled.fixture_counts;
  delete scaled.stats;
  writeFileSync(path.join(out, "dataset.json"), `${JSON.stringify(scaled, null, 2)}\n`);
  writeFileSync(
    path.join(out, "PROVENANCE.md"),
    `# Benchmark dataset (${scale}x)\n\nGenerated from the bundled sample by bench/generate-scaled.mjs with seed ${seed}: every gene, study, disease and mutation copied ${scale} times, links rewired between copies. Synthetic: for benchmarks only.\n`,
  );
  return { dir: out, version: scaled.version, counts };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : fallback;
  };
  const scale = Number(arg("scale", "10"));
  const out = path.resolve(arg("out", path.join(root, "bench", ".data", `${scale}x`)));
  const result = await generateScaled({ scale, out, seed: Number(arg("seed", "20260412")) });
  console.log(`Wrote ${result.version} to ${result.dir}:`, result.counts);
}
