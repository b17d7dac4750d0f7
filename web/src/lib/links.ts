import { siteConfig } from "../site.config";
import { fillTemplate } from "./format";

export type LinkKey = keyof typeof siteConfig.links;

/** External link for an id, or null when the id is missing. */
export function externalUrl(key: LinkKey, id: string | number | null | undefined): string | null {
  if (id === null || id === undefined || String(id).trim() === "") return null;
  const value = String(id).trim();
  if (key === "humanPhenotypeOntology") return fillTemplate(siteConfig.links[key], { entrez: value });
  if (key === "interlex")
    return fillTemplate(siteConfig.links[key], { id: value.toLowerCase().replace(":", "_") });
  return fillTemplate(siteConfig.links[key], { id: value });
}

/** The portal's own page of a record (schema/entity-address.ts): where every in-app link to a record goes. */
export {
  chapterAddress,
  compartmentAddress,
  diseaseAddress,
  geneAddress,
  regionAddress,
  slug,
  studyAddress,
  studyPmidAddress,
} from "../../../schema/entity-address";
