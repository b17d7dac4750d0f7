/**
 * The schema.org / Bioschemas JSON-LD of the portal's pages: a gene (Bioschemas Gene), a disease
 * (MedicalCondition), a study (ScholarlyArticle), a brain region, an ICD-11 chapter and a compartment
 * (DefinedTerm), the release (Dataset in a DataCatalog) and the site (WebSite with a SearchAction).
 * Typed with schema-dts, the schema.org vocabulary as TypeScript types: a property or type schema.org
 * does not define fails the type check. Plain TypeScript: the web bundle and the gateway import it.
 */
import type {
  DataCatalog,
  Dataset,
  DefinedTerm,
  Gene,
  MedicalCondition,
  ScholarlyArticle,
  WebSite,
  WithContext,
} from "schema-dts";
import { isRealPmid } from "./entity-address";

/** What every page's JSON-LD says of where it is: the portal and the release it shows. */
export interface LinkedDataSite {
  /** The portal's public origin (no trailing slash), or the server render's placeholder for it. */
  origin: string;
  portalName: string;
  release: { name: string; version: string; date: string | null; sample: boolean };
}

/** The Bioschemas profile a record's JSON-LD claims (Bioschemas asks for it as dct:conformsTo). */
const conformsTo = (profile: string) => ({
  "dct:conformsTo": { "@id": `https://bioschemas.org/profiles/${profile}` },
});
const BIOSCHEMAS_CONTEXT = { "@vocab": "https://schema.org/", dct: "http://purl.org/dc/terms/" } as const;

/** The portal, as the catalog every record and the release belong to. */
function catalog(site: LinkedDataSite): DataCatalog {
  return { "@type": "DataCatalog", name: site.portalName, url: `${site.origin}/` };
}

/** The release the page shows, as the dataset a record is part of. */
function releaseRef(site: LinkedDataSite): Dataset {
  return {
    "@type": "Dataset",
    "@id": `${site.origin}/data#release`,
    name: site.release.name,
    version: site.release.version,
  };
}

export interface GeneLinkedData {
  url: string;
  humanName: string;
  description?: string | null;
  aliases: readonly string[];
  humanEntrez?: number | null;
  mgi?: string | null;
  hgncId?: string | null;
  ensemblId?: string | null;
  uniprotId?: string | null;
}

/** A human gene: the Bioschemas Gene profile (identifier and name required; sameAs to the gene's other records). */
export function geneJsonLd(gene: GeneLinkedData, site: LinkedDataSite) {
  const sameAs = [
    gene.hgncId && `https://identifiers.org/${gene.hgncId}`,
    gene.humanEntrez != null && `https://www.ncbi.nlm.nih.gov/gene/${gene.humanEntrez}`,
    gene.ensemblId && `https://identifiers.org/ensembl:${gene.ensemblId}`,
    gene.uniprotId && `https://www.uniprot.org/uniprotkb/${gene.uniprotId}/entry`,
    gene.mgi && `https://identifiers.org/${gene.mgi}`,
  ].filter((link): link is string => typeof link === "string");
  const record: Gene = {
    "@type": "Gene",
    "@id": `${site.origin}${gene.url}`,
    identifier: gene.hgncId ?? gene.humanName,
    name: gene.humanName,
    ...(gene.description ? { description: gene.description } : {}),
    ...(gene.aliases.length > 0 ? { alternateName: [...gene.aliases] } : {}),
    url: `${site.origin}${gene.url}`,
    sameAs,
    taxonomicRange: {
      "@type": "Taxon",
      "@id": "https://identifiers.org/taxonomy:9606",
      name: "Homo sapiens",
    },
    subjectOf: releaseRef(site),
  };
  return { "@context": BIOSCHEMAS_CONTEXT, ...conformsTo("Gene/1.0-RELEASE"), ...record };
}

export interface DiseaseLinkedData {
  url: string;
  hdoid: string;
  name: string;
  definition?: string | null;
  icd11Chapter?: string | null;
}

/** A disease: schema.org MedicalCondition, coded by its Disease Ontology id and its ICD-11 chapter. */
export function diseaseJsonLd(
  disease: DiseaseLinkedData,
  site: LinkedDataSite,
): WithContext<MedicalCondition> {
  return {
    "@context": "https://schema.org",
    "@type": "MedicalCondition",
    "@id": `${site.origin}${disease.url}`,
    name: disease.name,
    ...(disease.definition ? { description: disease.definition } : {}),
    identifier: disease.hdoid,
    url: `${site.origin}${disease.url}`,
    code: [
      { "@type": "MedicalCode", codeValue: disease.hdoid, codingSystem: "DOID" },
      ...(disease.icd11Chapter
        ? [
            {
              "@type": "MedicalCode" as const,
              codeValue: `Chapter ${disease.icd11Chapter}`,
              codingSystem: "ICD-11",
            },
          ]
        : []),
    ],
    sameAs: `http://purl.obolibrary.org/obo/${disease.hdoid.replace(":", "_")}`,
    subjectOf: releaseRef(site),
  };
}

export interface StudyLinkedData {
  url: string;
  pmid: number;
  name: string;
  title: string | null;
  year: number;
  description?: string | null;
  isSynthetic: boolean;
  syntheticFields: readonly string[];
}

/**
 * A study: schema.org ScholarlyArticle, with its PubMed record only where its PMID is real. A synthetic
 * sample study, or one with synthetic fields, says so in its description: never presented as real.
 */
export function studyJsonLd(study: StudyLinkedData, site: LinkedDataSite): WithContext<ScholarlyArticle> {
  const real = isRealPmid(study.pmid);
  const caveat = study.isSynthetic
    ? " A synthetic sample study of this portal's sample dataset: not real research data."
    : study.syntheticFields.length > 0
      ? ` Synthetic in this portal's sample dataset: ${study.syntheticFields.join(", ")}.`
      : "";
  return {
    "@context": "https://schema.org",
    "@type": "ScholarlyArticle",
    "@id": `${site.origin}${study.url}`,
    name: study.title || study.name,
    alternateName: study.name,
    datePublished: String(study.year),
    description: `${study.description ?? study.name}.${caveat}`,
    url: `${site.origin}${study.url}`,
    ...(real && !study.isSynthetic
      ? { identifier: `PMID:${study.pmid}`, sameAs: `https://pubmed.ncbi.nlm.nih.gov/${study.pmid}/` }
      : {}),
    isPartOf: releaseRef(site),
  };
}

/** A brain region, an ICD-11 chapter or a synaptic compartment: a term of a defined set. */
export function termJsonLd(
  term: {
    url: string;
    name: string;
    code: string;
    description?: string | null;
    set: string;
    sameAs?: string;
  },
  site: LinkedDataSite,
): WithContext<DefinedTerm> {
  return {
    "@context": "https://schema.org",
    "@type": "DefinedTerm",
    "@id": `${site.origin}${term.url}`,
    name: term.name,
    termCode: term.code,
    ...(term.description ? { description: term.description } : {}),
    inDefinedTermSet: term.set,
    url: `${site.origin}${term.url}`,
    ...(term.sameAs ? { sameAs: term.sameAs } : {}),
  };
}

/** One bulk file of the release (a CSV, the data package). */
export interface DatasetFile {
  name: string;
  url: string;
  contentType: string;
  /** Bytes, when the release's files have been measured. */
  bytes: number | null;
}

/**
 * The release: schema.org Dataset (Bioschemas Dataset) in the portal's DataCatalog, with every file as
 * a DataDownload. A release with synthetic rows says so in its description.
 */
export function datasetJsonLd(
  dataset: {
    description: string;
    license: string;
    creator: string;
    citation: string;
    files: readonly DatasetFile[];
  },
  site: LinkedDataSite,
) {
  const record: Dataset = {
    "@type": "Dataset",
    "@id": `${site.origin}/data#release`,
    name: site.release.name,
    description: site.release.sample
      ? `${dataset.description} Parts of this release are synthetic sample data, labelled as such in every file and page.`
      : dataset.description,
    version: site.release.version,
    url: `${site.origin}/data`,
    license: dataset.license,
    creator: { "@type": "Organization", name: dataset.creator },
    citation: dataset.citation,
    ...(site.release.date ? { dateModified: site.release.date } : {}),
    includedInDataCatalog: catalog(site),
    distribution: dataset.files.map((file) => ({
      "@type": "DataDownload" as const,
      name: file.name,
      contentUrl: file.url,
      encodingFormat: file.contentType,
      ...(file.bytes !== null ? { contentSize: `${file.bytes} B` } : {}),
    })),
  };
  return { "@context": BIOSCHEMAS_CONTEXT, ...conformsTo("Dataset/1.0-RELEASE"), ...record };
}

/** The site, with its gene search as a SearchAction (search engines offer it from their results). */
export function websiteJsonLd(site: LinkedDataSite): WithContext<WebSite> {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: site.portalName,
    url: `${site.origin}/`,
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${site.origin}/gene-search?q={search_term_string}` },
      // schema.org's documented form for the query input (a property-value specification in short).
      "query-input": "required name=search_term_string",
    } as WebSite["potentialAction"],
  };
}
