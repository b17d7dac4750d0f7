/**
 * What the portal says of itself wherever it is named: the web app's site configuration
 * (web/src/site.config.ts reads these) and the gateway's catalog JSON-LD on `/` and `/data`. One place,
 * so the page and its markup never disagree. Plain TypeScript: the web bundle imports it.
 */

/** The published paper describing the resource. */
export interface PublishedCitation {
  /** The full reference: authors, title, journal, year. */
  text: string;
  /** The paper's DOI (10.xxxx/...), linked to https://doi.org/, or null. */
  doi: string | null;
}

export interface PortalIdentity {
  productName: string;
  /** One sentence on what the portal holds (the meta description, the home page, the Dataset). */
  description: string;
  /**
   * Deploying lab: the published paper describing this resource ("How to Cite", the Dataset's
   * citation), or null. Left empty in the repository: nothing is shown or claimed until it is filled.
   */
  citation: PublishedCitation | null;
  /**
   * The terms the release's data are offered under, a URL or a path of the portal (the Dataset's
   * license). The bundled release gathers files under their sources' own licences, listed by the
   * provenance section of /data, so that section is named rather than one licence the data do not
   * have; a lab that offers its release under one licence puts that licence's URL here.
   */
  dataLicense: string;
}

export const portalIdentity: PortalIdentity = {
  productName: "SynaptopathyDB",
  description:
    "Links proteins of the synapse to human genes, nervous-system diseases, phenotypes and mutations, and to the synapse proteomics publications behind them.",
  // Deploying lab: e.g. { text: "Authors. Title. Journal (Year).", doi: "10.1234/abcd" }.
  citation: null,
  dataLicense: "/data#provenance-heading",
};

/** The DOI's address at doi.org. */
export const doiUrl = (doi: string) => `https://doi.org/${doi}`;

/** The published paper as one line of text: the reference and its DOI. */
export function publishedCitationText(citation: PublishedCitation): string {
  return citation.doi ? `${citation.text} DOI: ${citation.doi}` : citation.text;
}
