/**
 * The one site configuration of the web client. Every text that names the
 * product, its version, its contact or its citation comes from here, so a lab can
 * deploy the portal under its own name without touching the screens.
 */
export interface ExternalLinkTemplates {
  /** {id} = NCBI (Entrez) gene id */
  ncbiGene: string;
  /** {id} = PubMed id */
  pubmed: string;
  /** {id} = MGI id, e.g. MGI:1277959 */
  mgi: string;
  /** {id} = UniProt accession */
  uniprot: string;
  /** {id} = gene symbol or Ensembl id */
  humanProteinAtlas: string;
  /** {id} = HGNC id, e.g. HGNC:2903 */
  hgnc: string;
  /** {id} = Ensembl gene id */
  ensembl: string;
  /** {entrez} = NCBI gene id, looked up as NCBIGene:{entrez} */
  humanPhenotypeOntology: string;
  /** {id} = Disease Ontology id, e.g. DOID:0060041 */
  diseaseOntology: string;
  /** {id} = Disease Ontology id (Alliance disease page) */
  allianceGenome: string;
  /** {id} = RGD reference id */
  rgdReference: string;
  /** {id} = OMIM entry number */
  omim: string;
  /** {id} = GO term id, e.g. GO:0098978 */
  goTerm: string;
  /** {id} = InterLex id */
  interlex: string;
  /** SynGO portal gene page; {id} = HGNC id */
  syngoPortal: string;
}

export interface SiteConfig {
  productName: string;
  tagline: string;
  /** Shown in the home page title: '{productName} - {homeTitleSuffix}'. */
  homeTitleSuffix: string;
  description: string;
  versionLabel: string;
  lastUpdated: string;
  contact: {
    /** TO BE CONFIGURED by the deploying lab. */
    email: string;
    configured: boolean;
  };
  citation: {
    text: string;
    /** TO BE CONFIGURED: the DOI of the published paper. */
    doi: string;
    doiUrl: string;
    configured: boolean;
  };
  /** Host label of the SynGO portal, used for the '{host}' gene tab and its link. */
  syngoHost: { label: string; url: string };
  links: ExternalLinkTemplates;
  /** Refresh of the footer visitor count (ms). */
  visitStatsRefreshMs: number;
  /** Lazy screen chunks give up after this many ms. */
  chunkLoadTimeoutMs: number;
  /** localStorage key of the random visitor id. */
  visitorIdKey: string;
  /** The five people of the research team (home page and About). */
  researchTeam: { members: TeamMember[]; configured: boolean };
  /** Funders shown with their logos on the home page. */
  funders: { items: Funder[]; configured: boolean };
}

export interface TeamMember {
  name: string;
  role: string;
  affiliation: string;
  email: string;
}

export interface Funder {
  name: string;
  url: string;
  /** Path of a logo under web/public, or null to show the name as a text badge. */
  logo: string | null;
}

export const siteConfig: SiteConfig = {
  productName: "SynaptopathyDB",
  tagline: "A Comprehensive Resource for Synaptopathy Research",
  homeTitleSuffix: "A Comprehensive Resource for Synaptopathy Research",
  description:
    "Links proteins of the synapse to human genes, nervous-system diseases, phenotypes and mutations, and to the synapse proteomics publications behind them.",
  versionLabel: "0.1.1 (beta)",
  lastUpdated: "16 September 2025",
  contact: {
    // TO BE CONFIGURED: replace with the real contact address of the deploying lab.
    email: "contact@example.org",
    configured: false,
  },
  citation: {
    // TO BE CONFIGURED: replace with the published paper describing this resource.
    text: "SynaptopathyDB: a comprehensive resource for synaptopathy research. Citation to be configured by the deploying lab (authors, journal, year).",
    doi: "10.0000/placeholder-doi",
    doiUrl: "https://doi.org/10.0000/placeholder-doi",
    configured: false,
  },
  syngoHost: { label: "SynGO", url: "https://www.syngoportal.org/" },
  links: {
    ncbiGene: "https://www.ncbi.nlm.nih.gov/gene/{id}",
    pubmed: "https://pubmed.ncbi.nlm.nih.gov/{id}/",
    mgi: "https://www.informatics.jax.org/marker/{id}",
    uniprot: "https://www.uniprot.org/uniprotkb/{id}/entry",
    humanProteinAtlas: "https://www.proteinatlas.org/search/{id}",
    hgnc: "https://www.genenames.org/data/gene-symbol-report/#!/hgnc_id/{id}",
    ensembl: "https://www.ensembl.org/Homo_sapiens/Gene/Summary?g={id}",
    humanPhenotypeOntology: "https://hpo.jax.org/browse/gene/NCBIGene:{entrez}",
    diseaseOntology: "https://disease-ontology.org/?id={id}",
    allianceGenome: "https://www.alliancegenome.org/disease/{id}",
    rgdReference: "https://rgd.mcw.edu/rgdweb/report/reference/main.html?id={id}",
    omim: "https://www.omim.org/entry/{id}",
    goTerm: "https://amigo.geneontology.org/amigo/term/{id}",
    interlex: "https://scicrunch.org/scicrunch/interlex/view/{id}",
    syngoPortal: "https://www.syngoportal.org/gene/{id}",
  },
  visitStatsRefreshMs: 300_000,
  chunkLoadTimeoutMs: 120_000,
  visitorIdKey: "visitorId",
  researchTeam: {
    // TO BE CONFIGURED: the deploying lab's five team members. The dataset names no people,
    // so these are labelled placeholders, never invented names.
    members: [1, 2, 3, 4, 5].map((n) => ({
      name: `Team member ${n}`,
      role: "Role to be configured",
      affiliation: "Affiliation to be configured",
      email: "contact@example.org",
    })),
    configured: false,
  },
  funders: {
    // TO BE CONFIGURED: the deploying lab's funders (name, site, logo under web/public).
    items: [
      { name: "Funder to be configured", url: "https://example.org/", logo: null },
      { name: "Funder to be configured", url: "https://example.org/", logo: null },
    ],
    configured: false,
  },
};

/** '{productName} - {homeTitleSuffix}' */
export const homeDocumentTitle = `${siteConfig.productName} - ${siteConfig.homeTitleSuffix}`;
