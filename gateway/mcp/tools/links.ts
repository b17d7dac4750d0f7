import { deflateRawSync } from "node:zlib";
import { type CompareAddressSet, compareSetsAddress } from "../../../schema/compare-address";
import { diseaseAddress, geneAddress, studyPmidAddress } from "../../../schema/entity-address";

/** Links to the portal's pages, absolute from the origin the request came to. */
export function portalLinks(origin: string) {
  const at = (path: string) => `${origin}${path}`;
  return {
    // A record's own page (schema/entity-address.ts); a study's by PMID, which the gateway sends on to
    // the study's name when the PMID is a placeholder.
    gene: (symbol: string) => at(geneAddress(symbol)),
    disease: (hdoid: string) => at(diseaseAddress(hdoid)),
    study: (pmid: number) => at(studyPmidAddress(pmid)),
    chapter: (chapter: string) => at(`/disease-classifications?chapter=${encodeURIComponent(chapter)}`),
    region: (id: number) => at(`/brain-region-protein-distribution?region=${id}`),
    /** The analysis page's permalink: the list deflated into the fragment, as the page itself writes it. */
    analysis: (identifiers: string[], background: string) =>
      at(
        `/analyze#list=${deflateRawSync(Buffer.from(identifiers.join("\n"))).toString("base64url")}&bg=${background}`,
      ),
    /** The compare page's address as the page writes it (schema/compare-address.ts). */
    compare: (sets: CompareAddressSet[]) => {
      const { params, hash } = compareSetsAddress(sets);
      return at(`/compare?${params.toString()}${hash}`);
    },
  };
}

export type PortalLinks = ReturnType<typeof portalLinks>;
