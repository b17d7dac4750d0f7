/**
 * What every column of every CSV download holds: its meaning and, where it has one, its unit. The
 * headers are the legacy contract of the CSV paths (pinned by tests/api/openapi-csv-headers.json);
 * the OpenAPI document describes each CSV path's columns from here, and the API documentation page
 * shows them. A header used by several files means the same thing in each.
 */
export interface CsvColumnDoc {
  meaning: string;
  /** Unit or format of the values; omitted for plain text. */
  unit?: string;
}

const ID = "integer";
const COUNT = "count";
const YES_NO = "Yes / No";
const PERCENT = "percent (0–100, two decimals)";
const LIST = "list separated by ';'";

export const CSV_COLUMN_DOCS: Record<string, CsvColumnDoc> = {
  // ---- genes ----
  "Gene ID": { meaning: "Internal GeneID of the portal (DLG4 = 1)", unit: ID },
  GeneID: { meaning: "Internal GeneID of the portal", unit: ID },
  "Gene Symbol": { meaning: "Human gene symbol (HGNC)" },
  "Human Symbol": { meaning: "Human gene symbol (HGNC)" },
  "Mouse Symbol": { meaning: "Mouse gene symbol (MGI)" },
  "Rat Symbol": { meaning: "Rat gene symbol (RGD)" },
  Symbol: { meaning: "Human gene symbol the identifier mapped to" },
  Gene: { meaning: "Human gene symbol of the mutated gene" },
  "Gene Name": { meaning: "Full name of the gene" },
  "Human Entrez": { meaning: "NCBI Gene id of the human gene", unit: ID },
  "Mouse Entrez": { meaning: "NCBI Gene id of the mouse orthologue", unit: ID },
  "Rat Entrez": { meaning: "NCBI Gene id of the rat orthologue", unit: ID },
  "Entrez ID": { meaning: "NCBI Gene id of the human gene linked to the phenotype", unit: ID },
  MGI: { meaning: "Mouse Genome Informatics id (MGI:…)" },
  HGNC: { meaning: "HGNC id (HGNC:…)" },
  "HGNC ID": { meaning: "HGNC id of the annotated gene (HGNC:…)" },
  "HGNC Symbol": { meaning: "HGNC symbol of the annotated gene" },
  "Ensembl ID": { meaning: "Ensembl gene id (ENSG…)" },
  "UniProt ID": { meaning: "UniProt accession of the protein" },
  Aliases: { meaning: "Other symbols and names of the gene", unit: LIST },
  Location: { meaning: "Chromosome band of the gene (e.g. 17p13.1)" },
  Consensus: {
    meaning: "Whether the gene is a consensus gene (reported in five or more studies)",
    unit: YES_NO,
  },
  "Consensus Gene": { meaning: "Whether the mutated gene is a consensus gene", unit: YES_NO },
  Studies: { meaning: "Number of synapse proteomic studies reporting the gene", unit: COUNT },
  Identifiers: {
    meaning: "The identifiers of the submitted list that mapped to this gene",
    unit: "list separated by '; '",
  },
  // ---- set comparison ----
  Intersection: {
    meaning: "The compared sets whose exclusive intersection holds the gene (labels joined by ∩)",
  },
  "Set Indices": { meaning: "Positions of those sets in the comparison (0-based)", unit: LIST },
  "Intersection Size": { meaning: "Genes in exactly those sets and in none of the others", unit: COUNT },
  // ---- counts ----
  Publications: { meaning: "Number of studies (publications) linked to the row", unit: COUNT },
  Papers: { meaning: "Number of studies (papers) reporting the gene or behind the disease", unit: COUNT },
  "Paper Count": {
    meaning: "Number of studies reporting the gene (in that compartment or region)",
    unit: COUNT,
  },
  Diseases: {
    meaning: "Number of diseases linked to the gene; in gene-list files, the disease names",
    unit: "count, or list separated by '; '",
  },
  Mutations: { meaning: "Number of mutations of the row", unit: COUNT },
  "OMIM Records": { meaning: "Number of OMIM phenotype records of the gene", unit: COUNT },
  "GO Terms": { meaning: "Number of GO annotations of the gene", unit: COUNT },
  "SynGO Annotations": { meaning: "Number of SynGO annotations of the gene", unit: COUNT },
  Genes: {
    meaning:
      "Number of genes of the row; in the enrichment table, the symbols of the list's genes in the term",
    unit: "count, or list separated by '; '",
  },
  "Consensus Genes": { meaning: "Number of those genes that are consensus genes", unit: COUNT },
  "Consensus %": { meaning: "Consensus genes as a share of the genes", unit: PERCENT },
  "Consensus Mutations": { meaning: "Number of mutations in consensus genes", unit: COUNT },
  "Mutation Consensus %": {
    meaning: "Mutations in consensus genes as a share of the mutations",
    unit: PERCENT,
  },
  Frequency: { meaning: "Band of the study count in the compartment", unit: "one of 1, 2-3, 4-9, >10" },
  // ---- studies ----
  "PubMed ID": { meaning: "PubMed id of the study or paper", unit: ID },
  PMID: { meaning: "PubMed id of the study", unit: ID },
  "PubMed IDs": { meaning: "PubMed ids of the papers reporting the mutation", unit: LIST },
  Study: { meaning: "Short name of the study (first author and year)" },
  "Study Name": { meaning: "Study that reported the mutation" },
  Title: { meaning: "Title of the paper" },
  "Paper Title": { meaning: "Title of the paper (the study name when it has none)" },
  Year: { meaning: "Publication year", unit: "year" },
  Dataset: { meaning: "Dataset of the study the row comes from" },
  Kind: { meaning: "What the study reports: proteomic (synapse proteome) or mutation" },
  Method: {
    meaning: "Proteomic method of the study; in network files, how the interaction was detected",
  },
  "Method ID": { meaning: "Internal id of the method", unit: ID },
  Localisation: { meaning: "Synaptic compartment of the sample" },
  "Localisation ID": { meaning: "Internal id of the compartment", unit: ID },
  Localisations: { meaning: "Compartments the study reports genes in", unit: LIST },
  Compartment: { meaning: "Synaptic compartment (Postsynaptic, Presynaptic, Synaptosome, Synaptic_Vesicle)" },
  Compartments: { meaning: "Compartments in which studies report the gene", unit: "list separated by '; '" },
  "Synthetic sample row": { meaning: "Whether the row is labelled synthetic sample data", unit: YES_NO },
  "Synthetic sample study": { meaning: "Whether the study is labelled synthetic sample data", unit: YES_NO },
  "Synthetic fields": { meaning: "Fields of the record that are synthetic sample data", unit: LIST },
  // ---- species and brain regions ----
  Species: { meaning: "Species of the sample (common name); in region files, every species", unit: LIST },
  "Species (scientific)": { meaning: "Scientific name of the species" },
  "Scientific Name": { meaning: "Scientific name of the species" },
  TaxID: { meaning: "NCBI Taxonomy id of the species", unit: ID },
  "Species TaxID": { meaning: "NCBI Taxonomy id of the sample's species", unit: ID },
  "Brain Region": { meaning: "Brain region of the sample" },
  "Brain Region ID": { meaning: "Internal id of the brain region", unit: ID },
  "Region ID": { meaning: "Internal id of the brain region (1 = Brain, whole-brain samples)", unit: ID },
  "InterLex ID": { meaning: "InterLex id of the brain region (ILX:…)" },
  "Parent ID": { meaning: "Internal id of the parent brain region (empty at the top)", unit: ID },
  "Parent Name": { meaning: "Name of the parent brain region" },
  // ---- diseases and mutations ----
  Disease: { meaning: "Disease name (Human Disease Ontology label)" },
  "Disease Description": { meaning: "Definition of the disease" },
  "Disease Ontology ID": { meaning: "Human Disease Ontology id (DOID:…)" },
  HDOID: { meaning: "Human Disease Ontology id (DOID:…)" },
  Definition: { meaning: "Definition of the disease (Human Disease Ontology)" },
  Source: {
    meaning: "Source of the gene–disease link; in network files, the symbol of the first gene",
  },
  Reference: { meaning: "Reference of the gene–disease link" },
  "Discovery Year": { meaning: "Year the disease was first linked to a synaptic gene", unit: "year" },
  "Discovery Year Synthetic": {
    meaning: "Whether the discovery year is synthetic sample data",
    unit: YES_NO,
  },
  "Mutation ID": { meaning: "Internal id of the mutation", unit: ID },
  Variant: { meaning: "Variant as reported (e.g. rs id or HGVS)" },
  Chromosome: { meaning: "Chromosome of the variant" },
  Position: { meaning: "Genomic position of the variant on the assembly", unit: "base pairs (1-based)" },
  Assembly: { meaning: "Reference genome assembly of the position (e.g. GRCh37)" },
  "Function Class": { meaning: "Functional class of the variant (e.g. missense, frameshift)" },
  "cDNA Variant": { meaning: "Change at the cDNA level (HGVS c.)" },
  "Protein Variant": { meaning: "Change at the protein level (HGVS p.)" },
  "Exon/Intron": { meaning: "Exon or intron of the variant" },
  DENOVO: { meaning: "Whether the variant is de novo", unit: YES_NO },
  SFARI: { meaning: "Whether the gene is listed by SFARI (autism)", unit: YES_NO },
  "Epilepsy Gene": { meaning: "Whether the gene is a known epilepsy gene", unit: YES_NO },
  ClinVar: { meaning: "Whether the variant is in ClinVar", unit: YES_NO },
  "OMIM ID": { meaning: "OMIM phenotype number" },
  "OMIM IDs": { meaning: "OMIM phenotype numbers of the disease", unit: LIST },
  Phenotype: { meaning: "OMIM phenotype name" },
  "ICD-11 Chapter": { meaning: "ICD-11 chapter number of the phenotype", unit: "two digits" },
  "ICD-11 Chapter Name": { meaning: "Title of the ICD-11 chapter" },
  "ICD Code": { meaning: "ICD-11 code of the phenotype" },
  "ICD Codes": { meaning: "ICD-11 codes of the disease", unit: LIST },
  "ICD-11 chapters": { meaning: "ICD-11 chapters of the gene's phenotypes", unit: "list separated by '; '" },
  Inheritance: { meaning: "Mode of inheritance (e.g. AD, AR, XL)" },
  "Inheritance Synthetic": { meaning: "Whether the inheritance is synthetic sample data", unit: YES_NO },
  "Known From": { meaning: "How the gene–phenotype link is known (OMIM mapping key)" },
  Chapter: { meaning: "ICD-11 chapter number", unit: "two digits" },
  "Chapter Name": { meaning: "Title of the ICD-11 chapter" },
  // ---- GO and SynGO ----
  "GO ID": { meaning: "Gene Ontology term id (GO:…)" },
  Term: { meaning: "Name of the GO term" },
  "GO Name": { meaning: "Name of the GO term" },
  Domain: { meaning: "GO domain: biological process, cellular component or molecular function" },
  Evidence: { meaning: "GO evidence code (e.g. IDA, IMP)" },
  "Annotation ID": { meaning: "SynGO annotation id" },
  "Biological System": { meaning: "SynGO evidence: biological system of the experiment" },
  "Protein Targeting": { meaning: "SynGO evidence: how the protein was targeted" },
  "Experiment Assay": { meaning: "SynGO evidence: experimental assay" },
  "Non-traceable Statement": { meaning: "SynGO evidence: a non-traceable author statement", unit: YES_NO },
  // ---- generic rows of the table exports ----
  ID: { meaning: "Internal id of the row", unit: ID },
  Name: { meaning: "Name of the row (region, species, method, compartment or gene full name)" },
  Description: {
    meaning: "Description of the row (gene full name, disease label, study or region description)",
  },
  // ---- gene-list analysis ----
  Category: {
    meaning: "Category of the term (compartment, brain_region, disease, icd11_chapter, go, syngo)",
  },
  "Term ID": { meaning: "Id of the term within its category" },
  Group: { meaning: "Group of the term within its category (e.g. the GO domain)" },
  Overlap: { meaning: "Genes of the list annotated with the term", unit: COUNT },
  "Term size": { meaning: "Genes of the background annotated with the term", unit: COUNT },
  "List size": { meaning: "Genes of the list in the background (n)", unit: COUNT },
  "Background size": { meaning: "Genes in the background (N)", unit: COUNT },
  Expected: {
    meaning: "Overlap expected by chance (List size × Term size / Background size)",
    unit: "genes",
  },
  "Fold enrichment": { meaning: "Overlap divided by Expected", unit: "ratio" },
  "P value": { meaning: "One-sided hypergeometric p-value", unit: "probability (0–1)" },
  FDR: { meaning: "Benjamini–Hochberg false discovery rate within the category", unit: "probability (0–1)" },
  "Includes synthetic data": {
    meaning: "Whether the term's annotations include synthetic sample data",
    unit: YES_NO,
  },
  Identifier: { meaning: "An identifier of the submitted list, as given" },
  Status: { meaning: "mapped, ambiguous or unmapped" },
  Symbols: { meaning: "Gene symbol(s) the identifier maps to", unit: "list separated by '; '" },
  GeneIDs: { meaning: "Internal GeneID(s) the identifier maps to", unit: "list separated by '; '" },
  "Matched by": {
    meaning: "Which kind of identifier matched (symbol, alias, Entrez, MGI, UniProt, Ensembl…)",
  },
  // ---- interaction networks ----
  "Source GeneID": { meaning: "Internal GeneID of the first gene of the interaction", unit: ID },
  "Target GeneID": { meaning: "Internal GeneID of the second gene of the interaction", unit: ID },
  Target: { meaning: "Symbol of the second gene of the interaction" },
  Type: { meaning: "Type of interaction (PPI table)" },
};

/** A CSV file's columns with their documentation (a header without an entry has an empty meaning). */
export function documentedColumns(headers: readonly string[]): ({ name: string } & CsvColumnDoc)[] {
  return headers.map((name) => ({ name, ...(CSV_COLUMN_DOCS[name] ?? { meaning: "" }) }));
}

/** The columns as a Markdown table, for the OpenAPI description of a CSV path. */
export function columnsMarkdown(headers: readonly string[]): string {
  const rows = documentedColumns(headers).map((c) => `| ${c.name} | ${c.meaning} | ${c.unit ?? ""} |`);
  return ["| column | meaning | unit |", "| --- | --- | --- |", ...rows].join("\n");
}
