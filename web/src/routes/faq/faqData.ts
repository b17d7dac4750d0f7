/**
 * The questions of the FAQ page (spec 2 §2.7). Answers are plain text so the page can
 * search and highlight them; `links` are shown under an answer. No answer quotes a dataset
 * figure: those live on the pages that compute them from the loaded release.
 */

import { siteConfig } from "../../site.config";

export type FaqCategory = "general" | "data" | "search" | "gene" | "disease" | "paper" | "technical";

/** Tab labels, 'all' first (spec 2 §2.7). */
export const FAQ_CATEGORIES: { key: FaqCategory | "all"; label: string }[] = [
  { key: "all", label: "All Questions" },
  { key: "general", label: "General Information" },
  { key: "data", label: "Database & Data" },
  { key: "search", label: "Search Functionality" },
  { key: "gene", label: "Gene Search" },
  { key: "disease", label: "Disease Search" },
  { key: "paper", label: "Publication Search" },
  { key: "technical", label: "Technical Help" },
];

export interface FaqLink {
  label: string;
  /** An in-app path ('/data') or an absolute URL. */
  to: string;
}

export interface FaqItem {
  id: string;
  category: FaqCategory;
  question: string;
  answer: string;
  links?: FaqLink[];
}

export const FAQ_ITEMS: FaqItem[] = [
  {
    id: "what-is",
    category: "general",
    question: "What is this portal?",
    answer:
      "A public, read-only research portal that links the proteins found at the synapse by proteomic studies to human genes, to nervous-system diseases (synaptopathies) and their mutations, and to the publications behind them. It needs no account: every page, search and download is open to everyone.",
  },
  {
    id: "who-for",
    category: "general",
    question: "Who is the portal for?",
    answer:
      "Researchers and students working on the synapse, neurodevelopmental and neurodegenerative disorders, and anyone who wants to know in which synaptic compartments a protein was found, which diseases its gene is linked to, and which studies reported it.",
  },
  {
    id: "how-cite",
    category: "general",
    question: "How do I cite the portal?",
    // The About page shows a citation only once the deploying lab has configured one.
    answer: siteConfig.citation
      ? "Use the citation shown under 'How to Cite our work' on the About page (it has a copy button). If you use the underlying synapse proteome data, please also cite the synaptome.db paper described on the Publication information page."
      : "Cite the synaptome.db paper described on the Publication information page, which the synapse proteome data come from.",
    links: [
      ...(siteConfig.citation ? [{ label: "How to cite", to: "/about#how-to-cite" }] : []),
      { label: "Publication information", to: "/publication" },
    ],
  },
  {
    id: "data-source",
    category: "data",
    question: "Where do the data come from?",
    answer:
      "The synapse proteome data follow the synaptome.db Bioconductor package: gene lists of published synapse proteomics studies, with the species, brain region, compartment and method of each study. Disease links come from the Human Disease Ontology and OMIM, GO annotations from NCBI, and interaction networks from the BioNAR package. The Data & provenance page lists every file of the loaded release and its source.",
    links: [{ label: "Data & provenance", to: "/data" }],
  },
  {
    id: "sample-data",
    category: "data",
    question: "Are all the data real?",
    answer:
      "No. The release loaded here is a demonstration dataset: most tables are real public data, but some parts are synthetic sample data generated with a fixed seed (for example some study rows, some mutations and the disease discovery years). Synthetic rows are labelled in the data, marked 'sample' on screen and must not be used as research results. The Data & provenance page states exactly which parts are synthetic.",
    links: [{ label: "What is synthetic in this release", to: "/data" }],
  },
  {
    id: "consensus",
    category: "data",
    question: "What are consensus genes?",
    answer:
      "A gene is in the consensus set when five or more independent synapse proteomics studies report it. Consensus genes are a robust core of the synapse proteome; they are marked with a consensus badge in the search results, and the catalogs have a consensus-only checkbox.",
  },
  {
    id: "localisation",
    category: "data",
    question: "What do the synaptic compartments (localisations) mean?",
    answer:
      "Each study isolated one part of the synapse: the presynaptic terminal, the postsynaptic density, synaptic vesicles or the whole synaptosome. A gene's localisation lists the compartments in which at least one study found it; the Synaptic compartments page counts proteins per compartment and lists them.",
    links: [{ label: "Synaptic compartments", to: "/synaptic-compartments" }],
  },
  {
    id: "search-what",
    category: "search",
    question: "What can I search for?",
    answer:
      "Three searches cover the three kinds of record: Gene Search (gene symbols, Entrez ids, MGI ids and protein names), Disease Search (Disease Ontology ids and disease names) and Publication Search (PubMed ids, years and study names). The search box in the navigation bar searches genes.",
    links: [
      { label: "Gene Search", to: "/gene-search" },
      { label: "Disease Search", to: "/disease-search" },
      { label: "Publication Search", to: "/paper-search" },
    ],
  },
  {
    id: "highlight",
    category: "search",
    question: "What does the highlight feature do?",
    answer:
      "When it is on, every occurrence of your search term in the results is highlighted (case-insensitive), so you can see why a record matched. Use the highlight toggle above the results to turn it off.",
  },
  {
    id: "csv",
    category: "search",
    question: "Can I download the results as CSV?",
    answer:
      "Yes. Search results, catalogs, the tabs of a gene, disease or publication, compartment protein lists, brain-region data and ICD-11 chapters all have a 'Download CSV' button. The file is produced by the server, so the same file can be fetched from the REST API; its name carries the release version.",
  },
  {
    id: "gene-search",
    category: "gene",
    question: "How do I search for a gene?",
    answer:
      "Enter a gene symbol (DLG4), an NCBI Entrez id, an MGI id or an alias. Exact symbol matches come first. Each result card opens tabs for the gene's publications, diseases, mutations, OMIM entries and SynGO annotations.",
    links: [{ label: "Try DLG4", to: "/gene-search?q=DLG4" }],
  },
  {
    id: "protein-search",
    category: "gene",
    question: "Can I search by protein name?",
    answer:
      "Yes. A protein name such as PSD-95 or synaptophysin is resolved to gene symbols through a local index built from the dataset (gene symbols, aliases, protein names and UniProt ids), so no external gene-lookup service is needed; the matching genes are then searched.",
    links: [{ label: "Try PSD-95", to: "/gene-search?q=PSD-95" }],
  },
  {
    id: "mutation-tags",
    category: "gene",
    question: "What do the SFARI, Epilepsy and ClinVar tags on mutations mean?",
    answer:
      "They flag the gene or variant behind a mutation: SFARI means the gene is listed by the SFARI Gene autism database, Epilepsy that it is a known epilepsy gene, and ClinVar that the variant has a ClinVar record. A missing value is shown as N/A.",
  },
  {
    id: "disease-search",
    category: "disease",
    question: "How do I search for a disease?",
    answer:
      "Enter a Disease Ontology id (DOID:1826 or just 1826) or part of a disease name, such as epilepsy or autism. Each disease card lists its genes, mutations and publications; the genes tab can be narrowed to consensus genes and filtered by a gene symbol or protein name.",
    links: [{ label: "Try epilepsy", to: "/disease-search?q=epilepsy" }],
  },
  {
    id: "disease-classification",
    category: "disease",
    question: "How are diseases classified?",
    answer:
      "The OMIM phenotypes linked to synaptic genes are grouped by chapter of the WHO ICD-11 classification. The Disease Classifications page charts genes and diseases per chapter; a chapter opens a searchable list of its diseases and genes with a CSV download.",
    links: [{ label: "Disease Classifications", to: "/disease-classifications" }],
  },
  {
    id: "paper-search",
    category: "paper",
    question: "How do I search for a publication?",
    answer:
      "Enter a PubMed id, a publication year or part of a study name or title. Each study card shows the genes it reports (by compartment and brain region, filterable to consensus genes) and, for genetic studies, its mutations.",
    links: [{ label: "Publication Search", to: "/paper-search" }],
  },
  {
    id: "paper-pmid",
    category: "paper",
    question: "Why do some studies have PubMed ids starting with 99?",
    answer:
      "Ids from 99000001 are placeholders, never real PubMed ids: 990000xx stands for a real study whose PubMed id was not found, and 991xxxxx and 992xxxxx are synthetic sample studies (marked 'sample'). They do not identify any PubMed record.",
  },
  {
    id: "api",
    category: "technical",
    question: "Is there an API?",
    answer:
      "Yes, two. The GraphQL API at /graphql serves every screen and can be tried in the GraphQL explorer; the REST API under /api offers the documented endpoints and CSV downloads, described on the API documentation page and in the OpenAPI document. Every data table has an API button showing its query.",
    links: [
      { label: "GraphQL explorer", to: "/explorer" },
      { label: "API documentation", to: "/documentation" },
    ],
  },
  {
    id: "browser",
    category: "technical",
    question: "Which browsers are supported?",
    answer:
      "Current versions of Chrome, Edge, Firefox and Safari, on desktop and mobile. The pages adapt to phone widths. If a page does not load, reload it; if that does not help, clear the site data of your browser.",
  },
  {
    id: "report",
    category: "technical",
    question: "How do I report a problem or suggest data?",
    answer:
      "Write to the contact address on the About page. Please include the page address, what you searched for and what you expected to see.",
    links: [{ label: "Contact", to: "/about#contact" }],
  },
];
