import { createReadStream, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { createGunzip } from "node:zlib";
import { parse } from "csv-parse";
import type { DatasetTable } from "../schema/dataset-release.entity";
import { CellError, type Cells, int, optBool, optInt, optText, optYear, text, year } from "./fields";
import { type Release, type ReleaseRows, rowOf } from "./release";

/** A malformed release: names the file and line so a curator can fix it. */
export class ReleaseFormatError extends Error {}

/** Default release shipped with the project. */
export const bundledReleaseDir = path.resolve(
  __dirname,
  __dirname.includes(`${path.sep}dist${path.sep}`) ? "../../seeds/data" : "data",
);

function fileOf(dir: string, name: string): string {
  for (const candidate of [path.join(dir, name), path.join(dir, `${name}.gz`)])
    if (existsSync(candidate)) return candidate;
  throw new ReleaseFormatError(`${name}: file not found in ${dir}`);
}

/** Parse one CSV file, mapping each record; errors carry file name and line number. */
async function readTable<T>(dir: string, name: string, map: (row: Cells) => T | T[] | null): Promise<T[]> {
  const file = fileOf(dir, name);
  const input = createReadStream(file);
  const parser = parse({
    columns: true,
    info: true,
    bom: true,
    skip_empty_lines: true,
    relax_column_count: false,
  });
  (file.endsWith(".gz") ? input.pipe(createGunzip()) : input).pipe(parser);
  const rows: T[] = [];
  try {
    for await (const record of parser as AsyncIterable<{ record: Cells; info: { lines: number } }>) {
      try {
        const mapped = map(record.record);
        if (Array.isArray(mapped)) rows.push(...mapped);
        else if (mapped !== null) rows.push(mapped);
      } catch (error) {
        const detail = error instanceof CellError ? error.message : String(error);
        throw new ReleaseFormatError(`${name} line ${record.info.lines}: ${detail}`);
      }
    }
  } catch (error) {
    if (error instanceof ReleaseFormatError) throw error;
    const lines = (error as { lines?: number }).lines;
    throw new ReleaseFormatError(`${name}${lines ? ` line ${lines}` : ""}: ${(error as Error).message}`);
  }
  return rows;
}

interface DatasetManifest {
  name: string;
  version: string;
  built?: string;
  counts?: Record<string, number>;
  provenance?: Record<string, Record<string, unknown>>;
}

function describeTable(file: string, rows: number, prov: Record<string, unknown> | undefined): DatasetTable {
  const cls = String(prov?.cls ?? "real");
  const synthetic = [prov?.synthetic_columns, prov?.synthetic_rows]
    .filter((v) => typeof v === "string")
    .join("; ");
  const note = [
    prov?.note,
    prov?.real_columns ? `real: ${prov.real_columns}` : null,
    prov?.real_rows ? `real: ${prov.real_rows}` : null,
  ]
    .filter((v) => typeof v === "string" && v.length > 0)
    .join("; ");
  return { file, rows, class: cls, syntheticPart: synthetic || null, note: note || null };
}

/** Read a CSV release directory (plain or gzipped files, plus dataset.json and PROVENANCE.md). */
export async function readCsvRelease(dir: string): Promise<Release> {
  const manifestPath = path.join(dir, "dataset.json");
  if (!existsSync(manifestPath)) throw new ReleaseFormatError(`dataset.json: file not found in ${dir}`);
  let manifest: DatasetManifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as DatasetManifest;
  } catch (error) {
    throw new ReleaseFormatError(`dataset.json: ${(error as Error).message}`);
  }
  if (!manifest.name || !manifest.version)
    throw new ReleaseFormatError("dataset.json: needs name and version");
  const provenancePath = path.join(dir, "PROVENANCE.md");
  const provenance = existsSync(provenancePath)
    ? readFileSync(provenancePath, "utf8")
    : "No provenance statement was shipped.";

  const syntheticPapers = new Set<number>();
  const rows: ReleaseRows = {
    species: await readTable(dir, "species.csv", (r) =>
      rowOf("species", { taxid: int(r, "taxid"), name: text(r, "name"), sciName: optText(r, "sci_name") }),
    ),
    brainRegions: await readTable(dir, "brain_regions.csv", (r) =>
      rowOf("brainRegions", {
        id: int(r, "id"),
        name: text(r, "name"),
        description: optText(r, "description"),
        interlexId: optText(r, "interlex_id"),
        parentId: optInt(r, "parent_id"),
      }),
    ),
    speciesRegions: await readTable(dir, "species_regions.csv", (r) =>
      rowOf("speciesRegions", { brainRegionId: int(r, "brain_region_id"), taxid: int(r, "taxid") }),
    ),
    localisations: await readTable(dir, "localisations.csv", (r) =>
      rowOf("localisations", {
        id: int(r, "id"),
        name: text(r, "name"),
        description: optText(r, "description"),
      }),
    ),
    methods: await readTable(dir, "methods.csv", (r) =>
      rowOf("methods", { id: int(r, "id"), name: text(r, "name"), description: optText(r, "description") }),
    ),
    chapters: await readTable(dir, "icd11_chapters.csv", (r) =>
      rowOf("chapters", { chapter: text(r, "chapter"), name: text(r, "name") }),
    ),
    genes: await readTable(dir, "genes.csv", (r) =>
      rowOf("genes", {
        id: int(r, "id"),
        humanName: text(r, "human_name"),
        humanEntrez: optInt(r, "human_entrez"),
        mouseEntrez: optInt(r, "mouse_entrez"),
        ratEntrez: optInt(r, "rat_entrez"),
        mgi: optText(r, "mgi"),
        mouseName: optText(r, "mouse_name"),
        ratName: optText(r, "rat_name"),
        description: optText(r, "description"),
        hgncId: optText(r, "hgnc_id"),
        ensemblId: optText(r, "ensembl_id"),
        uniprotId: optText(r, "uniprot_id"),
        rgdId: optText(r, "rgd_id"),
        omimGeneId: optInt(r, "omim_gene_id"),
        chromosomeLocation: optText(r, "chromosome_location"),
        aliasesText: optText(r, "aliases"),
        paperCount: 0,
        isConsensus: false,
      }),
    ),
    papers: await readTable(dir, "papers.csv", (r) => {
      const isSynthetic = text(r, "paper_provenance") === "synthetic";
      const pmid = int(r, "pmid");
      if (isSynthetic) syntheticPapers.add(pmid);
      return rowOf("papers", {
        pmid,
        year: year(r, "year"),
        name: text(r, "name"),
        title: optText(r, "title"),
        description: optText(r, "description"),
        kind: text(r, "kind"),
        localisation: optText(r, "localisation"),
        geneTotal: optInt(r, "n_genes"),
        isSynthetic,
        syntheticColumns: optText(r, "synthetic_columns"),
        pmidSource: optText(r, "pmid_source"),
      });
    }),
    paperGenes: await readTable(dir, "paper_genes.csv", (r) =>
      rowOf("paperGenes", {
        geneId: int(r, "gene_id"),
        pmid: int(r, "pmid"),
        dataset: text(r, "dataset"),
        speciesTaxid: int(r, "species_taxid"),
        brainRegionId: int(r, "brain_region_id"),
        localisationId: int(r, "localisation_id"),
        methodId: int(r, "method_id"),
        isSynthetic: text(r, "source").startsWith("synthetic"),
      }),
    ),
    diseases: await readTable(dir, "diseases.csv", (r) =>
      rowOf("diseases", {
        hdoid: text(r, "hdoid"),
        description: text(r, "description"),
        definition: optText(r, "definition"),
        omimIdsText: optText(r, "omim_ids"),
        icdCodesText: optText(r, "icd_codes"),
        discoveryYear: optYear(r, "discovery_year"),
        discoveryYearIsSynthetic: optText(r, "discovery_year_provenance") === "synthetic",
        icd11Chapter: optText(r, "icd11_chapter"),
        icd11ChapterBasis: optText(r, "icd11_chapter_basis"),
      }),
    ),
    diseaseGenes: await readTable(dir, "disease_genes.csv", (r) =>
      rowOf("diseaseGenes", {
        hdoid: text(r, "hdoid"),
        geneId: int(r, "gene_id"),
        source: optText(r, "source"),
        reference: optText(r, "reference"),
      }),
    ),
    mutations: await readTable(dir, "mutations.csv", (r) =>
      rowOf("mutations", {
        id: int(r, "id"),
        geneId: int(r, "gene_id"),
        hdoid: text(r, "hdoid"),
        chromosome: optText(r, "chromosome"),
        position: optInt(r, "position"),
        variant: optText(r, "variant"),
        functionClass: optText(r, "function_class"),
        cdnaVariant: optText(r, "cdna_variant"),
        proteinVariant: optText(r, "protein_variant"),
        exonIntron: optText(r, "exon_intron"),
        denovo: optBool(r, "denovo"),
        sfari: optBool(r, "sfari"),
        epilepsyGene: optBool(r, "epilepsy_gene"),
        clinvar: optBool(r, "clinvar"),
        studyName: optText(r, "study_name"),
        assembly: optText(r, "assembly"),
        isSynthetic: text(r, "provenance") === "synthetic",
      }),
    ),
    paperMutations: await readTable(dir, "paper_mutations.csv", (r) =>
      rowOf("paperMutations", { pmid: int(r, "pmid"), mutationId: int(r, "mutation_id") }),
    ),
    goTerms: await readTable(dir, "go_terms.csv", (r) =>
      rowOf("goTerms", { goId: text(r, "go_id"), term: text(r, "term"), domain: text(r, "domain") }),
    ),
    goGenes: await readTable(dir, "go_genes.csv", (r) =>
      rowOf("goGenes", {
        geneId: int(r, "gene_id"),
        goId: text(r, "go_id"),
        evidence: text(r, "evidence"),
        speciesTaxid: int(r, "species_taxid"),
      }),
    ),
    syngoAnnotations: [],
    syngoAnnotationGenes: [],
    omimRecords: await readTable(dir, "omim_icd11.csv", (r) => {
      const synthetic = [
        optText(r, "known_from_provenance") === "synthetic" ? "knownFrom" : null,
        optText(r, "inheritance_provenance") === "synthetic" ? "inheritance" : null,
      ].filter(Boolean);
      return rowOf("omimRecords", {
        humanEntrez: int(r, "human_entrez"),
        omimId: int(r, "omim_id"),
        phenotype: optText(r, "omim_phenotype"),
        icd11Chapter: optText(r, "icd11_chapter"),
        icd11ChapterName: optText(r, "icd11_chapter_name"),
        icdCode: optText(r, "icd_code"),
        inheritance: optText(r, "inheritance"),
        knownFrom: optInt(r, "known_from"),
        pmid: optInt(r, "pmid"),
        hdoid: optText(r, "hdoid"),
        syntheticFieldsText: synthetic.length > 0 ? synthetic.join(";") : null,
      });
    }),
    ppis: await readTable(dir, "ppi.csv", (r) =>
      rowOf("ppis", {
        geneA: int(r, "gene_a"),
        geneB: int(r, "gene_b"),
        type: text(r, "type"),
        method: text(r, "method"),
        taxid: int(r, "taxid"),
      }),
    ),
  };

  const syngoGenes: ReleaseRows["syngoAnnotationGenes"] = [];
  rows.syngoAnnotations = await readTable(dir, "syngo_annotations.csv", (r) => {
    const id = int(r, "id");
    const geneIds = (optText(r, "gene_ids") ?? optText(r, "gene_id") ?? "").split(";").filter(Boolean);
    if (geneIds.length === 0) throw new CellError("gene_ids", "'gene_ids' names no gene");
    for (const g of new Set(geneIds)) {
      if (!/^\d+$/.test(g)) throw new CellError("gene_ids", `'gene_ids' has a non-numeric id '${g}'`);
      syngoGenes.push(rowOf("syngoAnnotationGenes", { annotationId: id, geneId: Number(g) }));
    }
    return rowOf("syngoAnnotations", {
      id,
      goId: text(r, "go_id"),
      goName: optText(r, "go_name"),
      goDomain: optText(r, "go_domain"),
      evidenceBiologicalSystem: optText(r, "evidence_biological_system"),
      evidenceProteinTargeting: optText(r, "evidence_protein_targeting"),
      evidenceExperimentAssay: optText(r, "evidence_experiment_assay"),
      evidenceNontraceableAuthorStatement: optBool(r, "evidence_nontracable_author_statement"),
      pubmedId: optInt(r, "pubmed_id"),
      uniprotId: optText(r, "uniprot_id"),
      hgncId: optText(r, "hgnc_id"),
      hgncSymbol: optText(r, "hgnc_symbol"),
    });
  });
  rows.syngoAnnotationGenes = syngoGenes;

  const fileRows: [string, number][] = [
    ["genes.csv", rows.genes.length],
    ["papers.csv", rows.papers.length],
    ["paper_genes.csv", rows.paperGenes.length],
    ["brain_regions.csv", rows.brainRegions.length],
    ["localisations.csv", rows.localisations.length],
    ["methods.csv", rows.methods.length],
    ["species.csv", rows.species.length],
    ["species_regions.csv", rows.speciesRegions.length],
    ["diseases.csv", rows.diseases.length],
    ["disease_genes.csv", rows.diseaseGenes.length],
    ["mutations.csv", rows.mutations.length],
    ["paper_mutations.csv", rows.paperMutations.length],
    ["go_terms.csv", rows.goTerms.length],
    ["go_genes.csv", rows.goGenes.length],
    ["syngo_annotations.csv", rows.syngoAnnotations.length],
    ["omim_icd11.csv", rows.omimRecords.length],
    ["icd11_chapters.csv", rows.chapters.length],
    ["ppi.csv", rows.ppis.length],
  ];
  for (const [file, count] of fileRows) {
    const expected = manifest.counts?.[file];
    if (expected !== undefined && expected !== count) {
      throw new ReleaseFormatError(
        `${file}: dataset.json promises ${expected} rows but the file has ${count}`,
      );
    }
  }
  const tables = fileRows.map(([file, count]) => describeTable(file, count, manifest.provenance?.[file]));
  return {
    info: {
      name: manifest.name,
      version: manifest.version,
      built: manifest.built ?? null,
      source: `CSV release ${path.basename(path.resolve(dir))}`,
      hasSyntheticData: tables.some((t) => t.class !== "real"),
      tables,
      provenance,
    },
    rows,
  };
}
