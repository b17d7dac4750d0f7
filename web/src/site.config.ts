import { type PublishedCitation, portalIdentity } from "../../schema/portal-identity";

/**
 * The one site configuration of the web client. Every text that names the
 * product, its version, its contact or its citation comes from here, so a lab can
 * deploy the portal under its own name without touching the screens. The name, description and
 * published paper are the gateway's too (its catalog JSON-LD): they live in schema/portal-identity.ts.
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
  /**
   * The values marked "deploying lab" are left empty in the repository: a section whose value is null
   * or an empty list is not rendered at all, so the portal never shows an invented name, address or
   * DOI. README.md ("Configuring the site") says how to fill them.
   */
  /** The lab's contact address (About, Cookies policy), or null. */
  contactEmail: string | null;
  /** The published paper describing this resource ("How to Cite"), or null (schema/portal-identity.ts). */
  citation: Citation | null;
  /** Host label of the SynGO portal, used for the '{host}' gene tab and its link. */
  syngoHost: { label: string; url: string };
  links: ExternalLinkTemplates;
  /** Refresh of the footer visitor count (ms). */
  visitStatsRefreshMs: number;
  /** Lazy screen chunks give up after this many ms. */
  chunkLoadTimeoutMs: number;
  /** localStorage key of the random visitor id. */
  visitorIdKey: string;
  /** The research team (home page and About); empty: no team section. */
  researchTeam: TeamMember[];
  /** Funders shown with their logos on the home page; empty: no funders section. */
  funders: Funder[];
}

export type Citation = PublishedCitation;

export interface TeamMember {
  name: string;
  role: string;
  affiliation: string;
  /** Shown with a copy button, or null. */
  email: string | null;
}

export interface Funder {
  name: string;
  url: string;
  /** Path of a logo under web/public, or null to show the name as a text badge. */
  logo: string | null;
}

export const siteConfig: SiteConfig = {
  productName: portalIdentity.productName,
  tagline: "A Comprehensive Resource for Synaptopathy Research",
  homeTitleSuffix: "A Comprehensive Resource for Synaptopathy Research",
  description: portalIdentity.description,
  versionLabel: "0.1.1 (beta)",
  lastUpdated: "16 September 2025",
  // Deploying lab: e.g. "synaptopathy@your-lab.example".
  contactEmail: null,
  citation: portalIdentity.citation,
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
  // Deploying lab: e.g. [{ name: "…", role: "Principal investigator", affiliation: "…", email: null }].
  researchTeam: [],
  // Deploying lab: e.g. [{ name: "…", url: "https://…", logo: "/funders/name.svg" }].
  funders: [],
};

/** '{productName} - {homeTitleSuffix}' */
export const homeDocumentTitle = `${siteConfig.productName} - ${siteConfig.homeTitleSuffix}`;
