import { existsSync, statSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { ReleaseFormatError } from "./csv-release";
import { CellError, type Cells, int, optBool, optInt, optText, text, year } from "./fields";
import { isSampleStudyName, type Release, type ReleaseRows, rowOf } from "./release";

const requiredTables = [
  "Gene",
  "Paper",
  "PaperGene",
  "Disease",
  "DiseaseGene",
  "Mutation",
  "PaperMutation",
  "GO",
  "GOGene",
  "Localisation",
  "BrainRegion",
  "Species",
  "Method",
];

/**
 * Read a synaptome.db SQLite file (the Bioconductor package's schema) into release rows.
 * synaptome.db has no descriptions, SynGO, OMIM or ICD-11 tables: those stay empty.
 */
export function readSynaptomeDb(file: string): Release {
  if (!existsSync(file)) throw new ReleaseFormatError(`${file}: file not found`);
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    db.prepare("SELECT 1 FROM sqlite_master LIMIT 1").get();
  } catch (error) {
    throw new ReleaseFormatError(
      `${path.basename(file)}: not a readable SQLite file (${(error as Error).message})`,
    );
  }
  try {
    const present = new Set(
      (db.prepare("SELECT name FROM sqlite_master WHERE type='table'").all() as { name: string }[]).map(
        (t) => t.name,
      ),
    );
    const missing = requiredTables.filter((t) => !present.has(t));
    if (missing.length > 0)
      throw new ReleaseFormatError(
        `${path.basename(file)}: not a synaptome.db file (missing tables ${missing.join(", ")})`,
      );

    const read = <T>(table: string, sql: string, map: (row: Cells) => T): T[] => {
      const rows = db.prepare(sql).all() as Cells[];
      return rows.map((row, index) => {
        try {
          return map(row);
        } catch (error) {
          const detail = error instanceof CellError ? error.message : String(error);
          throw new ReleaseFormatError(`${path.basename(file)} table ${table} row ${index + 1}: ${detail}`);
        }
      });
    };

    const papers = read("Paper", "SELECT PMID, Year, Name, Description FROM Paper", (r) => {
      const name = text(r, "Name");
      return rowOf("papers", {
        pmid: int(r, "PMID"),
        year: year(r, "Year"),
        name,
        title: null,
        description: optText(r, "Description"),
        kind: "proteomic",
        localisation: null,
        geneTotal: null,
        isSynthetic: isSampleStudyName(name),
        syntheticColumns: null,
        pmidSource: "synaptome.db",
      });
    });
    const samplePmids = new Set(papers.filter((p) => p.isSynthetic).map((p) => p.pmid));
    const mutationPapers = db.prepare("SELECT MutationID, PMID FROM PaperMutation").all() as {
      MutationID: number;
      PMID: number;
    }[];
    const mutationPmids = new Map<number, number[]>();
    for (const link of mutationPapers) {
      const list = mutationPmids.get(Number(link.MutationID)) ?? [];
      list.push(Number(link.PMID));
      mutationPmids.set(Number(link.MutationID), list);
    }
    for (const p of papers) if (mutationPapers.some((m) => Number(m.PMID) === p.pmid)) p.kind = "mutation";
    const paperName = new Map(papers.map((p) => [p.pmid, p.name]));

    const goSeen = new Set<string>();
    const rows: ReleaseRows = {
      species: read("Species", "SELECT TaxID, Name, SciName FROM Species", (r) =>
        rowOf("species", { taxid: int(r, "TaxID"), name: text(r, "Name"), sciName: optText(r, "SciName") }),
      ),
      brainRegions: read("BrainRegion", "SELECT * FROM BrainRegion", (r) =>
        rowOf("brainRegions", {
          id: int(r, "ID"),
          name: text(r, "Name"),
          description: optText(r, "Description"),
          interlexId: optText(r, "InterlexID"),
          parentId: optInt(r, "ParentID"),
        }),
      ),
      speciesRegions: present.has("SpecieRegion")
        ? read("SpecieRegion", "SELECT DISTINCT BrainRegionID, TaxID FROM SpecieRegion", (r) =>
            rowOf("speciesRegions", { brainRegionId: int(r, "BrainRegionID"), taxid: int(r, "TaxID") }),
          )
        : [],
      localisations: read("Localisation", "SELECT * FROM Localisation", (r) =>
        rowOf("localisations", {
          id: int(r, "ID"),
          name: text(r, "Name"),
          description: optText(r, "Description"),
        }),
      ),
      methods: read("Method", "SELECT * FROM Method", (r) =>
        rowOf("methods", { id: int(r, "ID"), name: text(r, "Name"), description: optText(r, "Description") }),
      ),
      chapters: [],
      genes: read("Gene", "SELECT * FROM Gene", (r) =>
        rowOf("genes", {
          id: int(r, "ID"),
          humanName: text(r, "HumanName"),
          humanEntrez: optInt(r, "HumanEntrez"),
          mouseEntrez: optInt(r, "MouseEntrez"),
          ratEntrez: optInt(r, "RatEntrez"),
          mgi: optText(r, "MGI"),
          mouseName: optText(r, "MouseName"),
          ratName: optText(r, "RatName"),
          description: null,
          hgncId: null,
          ensemblId: null,
          uniprotId: null,
          rgdId: null,
          omimGeneId: null,
          chromosomeLocation: null,
          aliasesText: null,
          paperCount: 0,
          isConsensus: false,
        }),
      ),
      papers,
      paperGenes: read("PaperGene", "SELECT * FROM PaperGene", (r) => {
        const localisationId = int(r, "LocalisationID");
        const pmid = int(r, "PaperPMID");
        return rowOf("paperGenes", {
          geneId: int(r, "GeneID"),
          pmid,
          dataset: "Dataset" in r ? text(r, "Dataset") : localisationId === 4 ? "SVR" : "FULL",
          speciesTaxid: int(r, "SpeciesTaxID"),
          brainRegionId: int(r, "BrainRegionID"),
          localisationId,
          methodId: int(r, "MethodID"),
          isSynthetic: samplePmids.has(pmid),
        });
      }),
      diseases: read("Disease", "SELECT HDOID, Description FROM Disease", (r) =>
        rowOf("diseases", {
          hdoid: text(r, "HDOID"),
          // synaptome.db writes labels with underscores (brain_disease).
          description: text(r, "Description").replace(/_/g, " "),
          definition: null,
          omimIdsText: null,
          icdCodesText: null,
          discoveryYear: null,
          discoveryYearIsSynthetic: false,
          icd11Chapter: null,
          icd11ChapterBasis: null,
        }),
      ),
      diseaseGenes: read("DiseaseGene", "SELECT DISTINCT HDOID, GeneID FROM DiseaseGene", (r) =>
        rowOf("diseaseGenes", {
          hdoid: text(r, "HDOID"),
          geneId: int(r, "GeneID"),
          source: "synaptome.db",
          reference: null,
        }),
      ),
      mutations: read("Mutation", "SELECT * FROM Mutation", (r) => {
        const id = int(r, "ID");
        const pmids = mutationPmids.get(id) ?? [];
        return rowOf("mutations", {
          id,
          geneId: int(r, "GeneID"),
          hdoid: text(r, "HDOID"),
          chromosome: optText(r, "Chromosome"),
          position: optInt(r, "Position"),
          variant: optText(r, "Variant"),
          functionClass: optText(r, "FunctionClass"),
          cdnaVariant: optText(r, "cDNAvariant"),
          proteinVariant: optText(r, "ProteinVariant"),
          exonIntron: optText(r, "ExonIntron"),
          denovo: optBool(r, "DENOVO"),
          sfari: optBool(r, "SFARI"),
          epilepsyGene: null,
          clinvar: optBool(r, "ClinVar"),
          studyName: pmids.length > 0 ? (paperName.get(pmids[0]!) ?? null) : null,
          assembly: null,
          isSynthetic: pmids.some((p) => samplePmids.has(p)),
        });
      }),
      paperMutations: mutationPapers.map((m) =>
        rowOf("paperMutations", { pmid: Number(m.PMID), mutationId: Number(m.MutationID) }),
      ),
      goTerms: read("GO", "SELECT GOID, Description, Domain FROM GO", (r) =>
        rowOf("goTerms", { goId: text(r, "GOID"), term: text(r, "Description"), domain: text(r, "Domain") }),
      ),
      goGenes: read("GOGene", "SELECT GeneID, GOID, SpecieID FROM GOGene", (r) =>
        rowOf("goGenes", {
          geneId: int(r, "GeneID"),
          goId: text(r, "GOID"),
          evidence: "",
          speciesTaxid: int(r, "SpecieID"),
        }),
      ).filter((g) => {
        // synaptome.db's GOGene has no evidence column and may repeat (gene, term).
        const key = `${g.geneId}|${g.goId}`;
        if (goSeen.has(key)) return false;
        goSeen.add(key);
        return true;
      }),
      syngoAnnotations: [],
      syngoAnnotationGenes: [],
      omimRecords: [],
      ppis: present.has("PPI")
        ? read("PPI", "SELECT A, B, type, method, taxID FROM PPI", (r) =>
            rowOf("ppis", {
              geneA: int(r, "A"),
              geneB: int(r, "B"),
              type: text(r, "type"),
              method: text(r, "method"),
              taxid: int(r, "taxID"),
            }),
          )
        : [],
    };
    const hasSample = samplePmids.size > 0;
    const stat = statSync(file);
    const counts: [string, number][] = Object.entries(rows).map(([k, v]) => [k, (v as unknown[]).length]);
    return {
      info: {
        name: `synaptome.db (${path.basename(file)})`,
        version: `sdb-${stat.size}-${Math.floor(stat.mtimeMs / 1000)}`,
        built: stat.mtime.toISOString().slice(0, 10),
        source: `synaptome.db file ${path.basename(file)}`,
        hasSyntheticData: hasSample,
        tables: counts.map(([file, n]) => ({
          file,
          rows: n,
          class:
            hasSample && ["papers", "paperGenes", "mutations", "paperMutations"].includes(file)
              ? "mixed"
              : "real",
          syntheticPart:
            hasSample && ["papers", "paperGenes", "mutations", "paperMutations"].includes(file)
              ? "rows of studies whose name ends _SAMPLE"
              : null,
          note: null,
        })),
        provenance: hasSample
          ? `Imported from the synaptome.db file ${path.basename(file)}. Studies whose name ends _SAMPLE (${samplePmids.size}) and every row linked to them are synthetic sample data, not research results.`
          : `Imported from the synaptome.db file ${path.basename(file)}.`,
      },
      rows,
    };
  } finally {
    db.close();
  }
}
