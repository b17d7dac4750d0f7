import type { CsvColumn } from "../csv/csv-writer";
import {
  arrayOf,
  type JsonSchema,
  nullable,
  object,
  type Shape,
  str,
  yesNo,
  yesNoText,
} from "./response-schema";
import type { GraphQLData } from "./route-table";

/** The variant fields every mutation row of the API carries (gene tab, disease and publication views). */
export const mutationVariantJson = (m: GraphQLData) => ({
  functionClass: m.functionClass,
  cdnaVariant: m.cdnaVariant,
  proteinVariant: m.proteinVariant,
  exonIntron: m.exonIntron,
  denovo: yesNo(m.denovo),
  sfari: yesNo(m.sfari),
  epilepsyGene: yesNo(m.epilepsyGene),
  clinVar: yesNo(m.clinvar),
  studyName: m.studyName,
  assembly: m.assembly,
  pubmedID: (m.pubmedIds as number[]).join(";"),
});

/** The schema of those fields. */
export const mutationVariantSchema = (m: Shape): Record<string, JsonSchema> => ({
  functionClass: m.f("functionClass"),
  cdnaVariant: m.f("cdnaVariant"),
  proteinVariant: m.f("proteinVariant"),
  exonIntron: m.f("exonIntron"),
  denovo: yesNoText,
  sfari: yesNoText,
  epilepsyGene: yesNoText,
  clinVar: yesNoText,
  studyName: m.f("studyName"),
  assembly: m.f("assembly"),
  pubmedID: { ...str, description: "PubMed ids joined by ';'." },
});

/** The brain region of a study's row (a gene's papers tab, a study's gene rows); null when it has none. */
export const brainRegionJson = (r: GraphQLData) =>
  r.brainRegion
    ? {
        name: r.brainRegion.name,
        description: r.brainRegion.description,
        interlex_id: r.brainRegion.interlexId,
      }
    : null;

/** The schema of brainRegionJson. */
export const brainRegionSchema = (r: Shape): JsonSchema =>
  nullable(
    object({
      name: r.f("brainRegion.name"),
      description: r.f("brainRegion.description"),
      interlex_id: r.f("brainRegion.interlexId"),
    }),
  );

/** The CSV columns that place a mutation (the first of every mutation download). */
export const mutationPlaceColumns: CsvColumn<GraphQLData>[] = [
  { header: "Variant", value: (m) => m.variant },
  { header: "Chromosome", value: (m) => m.chromosome },
  { header: "Position", value: (m) => m.position },
  { header: "Assembly", value: (m) => m.assembly },
];

/** The CSV columns of a mutation's variant, its flags, study and PubMed ids (every mutation download). */
export const mutationVariantColumns: CsvColumn<GraphQLData>[] = [
  { header: "Function Class", value: (m) => m.functionClass },
  { header: "cDNA Variant", value: (m) => m.cdnaVariant },
  { header: "Protein Variant", value: (m) => m.proteinVariant },
  { header: "Exon/Intron", value: (m) => m.exonIntron },
  { header: "DENOVO", value: (m) => yesNo(m.denovo) },
  { header: "SFARI", value: (m) => yesNo(m.sfari) },
  { header: "Epilepsy Gene", value: (m) => yesNo(m.epilepsyGene) },
  { header: "ClinVar", value: (m) => yesNo(m.clinvar) },
  { header: "Study Name", value: (m) => m.studyName },
  { header: "PubMed IDs", value: (m) => (m.pubmedIds as number[]).join(";") },
];

/**
 * The six tabs of a gene: the GraphQL selection behind each, the JSON shape of the documented
 * /api/gene/{id}/tab/{tab} response, and the CSV columns of its download (the fields the tab shows).
 */
export interface GeneTab {
  key: "papers" | "diseases" | "mutations" | "omim" | "syngo" | "syngoportal";
  /** Path segment of the CSV download: /api/gene/{id}/{csvPath}/csv */
  csvPath: string;
  field: string;
  selection: string;
  json: (row: GraphQLData) => Record<string, unknown>;
  /** The JSON Schema of `json`, from the shape of one selected row. */
  jsonSchema: (row: Shape) => JsonSchema;
  columns: CsvColumn<GraphQLData>[];
}

export const geneTabs: GeneTab[] = [
  {
    key: "papers",
    csvPath: "allpapers",
    field: "papers",
    selection: `papers { pmid name title paperTitle year description dataset isSynthetic
      species { taxid name sciName } brainRegion { id name description interlexId }
      localisation { id name } method { id name } }`,
    json: (p) => ({
      PMID: p.pmid,
      paperTitle: p.paperTitle,
      year: p.year,
      dataset: p.dataset,
      species_sci_name: p.species?.sciName ?? null,
      species_name: p.species?.name ?? null,
      brain_region: brainRegionJson(p),
      localisation: p.localisation ? { name: p.localisation.name } : null,
      method: p.method ? { name: p.method.name } : null,
      name: p.name,
      description: p.description,
      is_synthetic: p.isSynthetic,
    }),
    jsonSchema: (p) =>
      object({
        PMID: p.f("pmid"),
        paperTitle: p.f("title"),
        year: p.f("year"),
        dataset: p.f("dataset"),
        species_sci_name: nullable(p.at("species").f("sciName")),
        species_name: nullable(p.at("species").f("name")),
        brain_region: brainRegionSchema(p),
        localisation: nullable(object({ name: p.at("localisation").f("name") })),
        method: nullable(object({ name: p.at("method").f("name") })),
        name: p.f("name"),
        description: p.f("description"),
        is_synthetic: p.f("isSynthetic"),
      }),
    columns: [
      { header: "PubMed ID", value: (p) => p.pmid },
      { header: "Study", value: (p) => p.name },
      { header: "Title", value: (p) => p.paperTitle },
      { header: "Year", value: (p) => p.year },
      { header: "Dataset", value: (p) => p.dataset },
      { header: "Species", value: (p) => p.species?.name },
      { header: "Species (scientific)", value: (p) => p.species?.sciName },
      { header: "Brain Region", value: (p) => p.brainRegion?.name },
      { header: "InterLex ID", value: (p) => p.brainRegion?.interlexId },
      { header: "Localisation", value: (p) => p.localisation?.name },
      { header: "Method", value: (p) => p.method?.name },
      { header: "Description", value: (p) => p.description },
      { header: "Synthetic sample row", value: (p) => yesNo(p.isSynthetic) },
    ],
  },
  {
    key: "diseases",
    csvPath: "alldiseases",
    field: "diseases",
    selection: "diseases { hdoid description source reference }",
    json: (d) => ({ description: d.description, HDOID: d.hdoid, source: d.source, reference: d.reference }),
    jsonSchema: (d) =>
      object({
        description: d.f("description"),
        HDOID: d.f("hdoid"),
        source: d.f("source"),
        reference: d.f("reference"),
      }),
    columns: [
      { header: "Disease", value: (d) => d.description },
      { header: "Disease Ontology ID", value: (d) => d.hdoid },
      { header: "Source", value: (d) => d.source },
      { header: "Reference", value: (d) => d.reference },
    ],
  },
  {
    key: "mutations",
    csvPath: "allmutations",
    field: "mutations",
    selection: `mutations { id hdoid diseaseDescription chromosome position variant functionClass cdnaVariant proteinVariant
      exonIntron denovo sfari epilepsyGene clinvar studyName assembly pubmedIds isSynthetic }`,
    json: (m) => ({
      id: m.id,
      variant: m.variant,
      chromosome: m.chromosome,
      position: m.position,
      hdoid: m.hdoid,
      disease: m.diseaseDescription,
      ...mutationVariantJson(m),
      associatedPapers: m.pubmedIds,
      is_synthetic: m.isSynthetic,
    }),
    jsonSchema: (m) =>
      object({
        id: m.f("id"),
        variant: m.f("variant"),
        chromosome: m.f("chromosome"),
        position: m.f("position"),
        hdoid: m.f("hdoid"),
        disease: m.f("diseaseDescription"),
        ...mutationVariantSchema(m),
        associatedPapers: m.f("pubmedIds"),
        is_synthetic: m.f("isSynthetic"),
      }),
    columns: [
      ...mutationPlaceColumns,
      { header: "Disease Ontology ID", value: (m) => m.hdoid },
      { header: "Disease", value: (m) => m.diseaseDescription },
      ...mutationVariantColumns,
      { header: "Synthetic sample row", value: (m) => yesNo(m.isSynthetic) },
    ],
  },
  {
    key: "omim",
    csvPath: "allomimentries",
    field: "omimRecords",
    selection:
      "omimRecords { omimId phenotype icd11Chapter icd11ChapterName icdCode inheritance knownFrom pmid hdoid humanEntrez syntheticFields }",
    json: (o) => ({
      "OMIM ID": o.omimId,
      "ICD-11 Chapter": o.icd11Chapter,
      "ICD-11 Chapter Name": o.icd11ChapterName,
      "known from": o.knownFrom,
      Phenotype: o.phenotype,
      "ICD Code": o.icdCode,
      Inheritance: o.inheritance,
      HDOID: o.hdoid,
      PMID: o.pmid,
      HumanEntrez: o.humanEntrez,
      /** Spec 1 §3: the NCBI Gene id of the record's gene (the same id as HumanEntrez). */
      EntrezGeneID: o.humanEntrez,
      "Synthetic fields": o.syntheticFields,
    }),
    jsonSchema: (o) =>
      object({
        "OMIM ID": o.f("omimId"),
        "ICD-11 Chapter": o.f("icd11Chapter"),
        "ICD-11 Chapter Name": o.f("icd11ChapterName"),
        "known from": o.f("knownFrom"),
        Phenotype: o.f("phenotype"),
        "ICD Code": o.f("icdCode"),
        Inheritance: o.f("inheritance"),
        HDOID: o.f("hdoid"),
        PMID: o.f("pmid"),
        HumanEntrez: o.f("humanEntrez"),
        EntrezGeneID: o.f("humanEntrez"),
        "Synthetic fields": o.f("syntheticFields"),
      }),
    columns: [
      { header: "OMIM ID", value: (o) => o.omimId },
      { header: "ICD-11 Chapter", value: (o) => o.icd11Chapter },
      { header: "ICD-11 Chapter Name", value: (o) => o.icd11ChapterName },
      { header: "Known From", value: (o) => o.knownFrom },
      { header: "Phenotype", value: (o) => o.phenotype },
      { header: "ICD Code", value: (o) => o.icdCode },
      { header: "Inheritance", value: (o) => o.inheritance },
      { header: "Disease Ontology ID", value: (o) => o.hdoid },
      { header: "PubMed ID", value: (o) => o.pmid },
      { header: "Synthetic fields", value: (o) => (o.syntheticFields as string[]).join(";") },
    ],
  },
  {
    key: "syngo",
    csvPath: "allsyngo",
    field: "goAnnotations",
    selection: "goAnnotations { goId term domain evidence speciesTaxid speciesName speciesSciName }",
    json: (g) => ({
      goId: g.goId,
      term: g.term,
      domain: g.domain,
      evidence: g.evidence,
      speciesName: g.speciesName,
      speciesSciName: g.speciesSciName,
      specieId: g.speciesTaxid,
    }),
    jsonSchema: (g) =>
      object({
        goId: g.f("goId"),
        term: g.f("term"),
        domain: g.f("domain"),
        evidence: g.f("evidence"),
        speciesName: g.f("speciesName"),
        speciesSciName: g.f("speciesSciName"),
        specieId: g.f("speciesTaxid"),
      }),
    columns: [
      { header: "GO ID", value: (g) => g.goId },
      { header: "Term", value: (g) => g.term },
      { header: "Domain", value: (g) => g.domain },
      { header: "Evidence", value: (g) => g.evidence },
      { header: "Species", value: (g) => g.speciesSciName },
    ],
  },
  {
    key: "syngoportal",
    csvPath: "allsyngoportal",
    field: "syngoAnnotations",
    selection: `syngoAnnotations { id goId goName goDomain evidenceBiologicalSystem evidenceProteinTargeting
      evidenceExperimentAssay evidenceNontraceableAuthorStatement pubmedId uniprotId hgncId hgncSymbol }`,
    json: (s) => ({
      id: s.id,
      go_id: s.goId,
      go_name: s.goName,
      go_domain: s.goDomain,
      evidence_biological_system: s.evidenceBiologicalSystem,
      evidence_protein_targeting: s.evidenceProteinTargeting,
      evidence_experiment_assay: s.evidenceExperimentAssay,
      evidence_nontracable_author_statement: s.evidenceNontraceableAuthorStatement,
      pubmed_id: s.pubmedId,
      uniprot_id: s.uniprotId,
      hgnc_id: s.hgncId,
      hgnc_symbol: s.hgncSymbol,
    }),
    jsonSchema: (s) =>
      object({
        id: s.f("id"),
        go_id: s.f("goId"),
        go_name: s.f("goName"),
        go_domain: s.f("goDomain"),
        evidence_biological_system: s.f("evidenceBiologicalSystem"),
        evidence_protein_targeting: s.f("evidenceProteinTargeting"),
        evidence_experiment_assay: s.f("evidenceExperimentAssay"),
        evidence_nontracable_author_statement: s.f("evidenceNontraceableAuthorStatement"),
        pubmed_id: s.f("pubmedId"),
        uniprot_id: s.f("uniprotId"),
        hgnc_id: s.f("hgncId"),
        hgnc_symbol: s.f("hgncSymbol"),
      }),
    columns: [
      { header: "Annotation ID", value: (s) => s.id },
      { header: "GO ID", value: (s) => s.goId },
      { header: "GO Name", value: (s) => s.goName },
      { header: "Domain", value: (s) => s.goDomain },
      { header: "Biological System", value: (s) => s.evidenceBiologicalSystem },
      { header: "Protein Targeting", value: (s) => s.evidenceProteinTargeting },
      { header: "Experiment Assay", value: (s) => s.evidenceExperimentAssay },
      { header: "Non-traceable Statement", value: (s) => yesNo(s.evidenceNontraceableAuthorStatement) },
      { header: "PubMed ID", value: (s) => s.pubmedId },
      { header: "UniProt ID", value: (s) => s.uniprotId },
      { header: "HGNC ID", value: (s) => s.hgncId },
      { header: "HGNC Symbol", value: (s) => s.hgncSymbol },
    ],
  },
];

/** The rows of a tab: an array of its JSON rows. */
export const tabRowsSchema = (tab: GeneTab, gene: Shape): JsonSchema =>
  arrayOf(tab.jsonSchema(gene.at(tab.field)));

export const geneTabKeys = geneTabs.map((t) => t.key);
