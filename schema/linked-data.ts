/**
 * The JSON-LD each page carries for machines (search engines, Google Dataset Search, FAIR harvesters):
 * Bioschemas Gene for a gene, schema.org MedicalCondition for a disease, ScholarlyArticle for a study,
 * Dataset + DataCatalog for the release, WebSite + SearchAction for the home page. Pure builders over
 * plain objects (the fields GraphQL gives); the web app puts them in the server's HTML and the gateway
 * answers them for `Accept: application/ld+json`. Plain TypeScript, no decorators: the web bundle
 * imports it. tests/unit/linked-data-vocabulary.test.ts checks every term against schema.org.
 */
import {
  chapterAddress,
  diseaseAddress,
  geneAddress,
  isRealPmid,
  absoluteAddress as join,
  studyAddress,
} from "./entity-address";

/** What every builder needs of the deployment and the release it serves. */
export interface SiteContext {
  /** The deployment's public base URL (PUBLIC_ORIGIN), e.g. https://synaptopathy.example.org. */
  baseUrl: string;
  /** The portal's name (site config productName). */
  portalName: string;
  /** One sentence on what the portal holds (site config description). */
  portalDescription: string;
  releaseVersion: string;
  /** The release's date, YYYY-MM-DD (releaseDateOf). */
  releaseDate: string;
  /** True when parts of the release are synthetic sample data (datasetRelease.hasSyntheticData). */
  sampleRelease: boolean;
}

/** A gene as GraphQL's Gene gives it. */
export interface GeneInput {
  /** HGNC symbol (humanName). */
  symbol: string;
  /** Approved gene (protein) name. */
  description: string | null;
  aliases: readonly string[];
  hgncId: string | null;
  humanEntrez: number | null;
  ensemblId: string | null;
  uniprotId: string | null;
  mgi: string | null;
  /** Cytogenetic location, e.g. 17p13.1. */
  chromosomeLocation?: string | null;
}

/** A disease as GraphQL's Disease gives it, with its ICD-11 chapter's title. */
export interface DiseaseInput {
  hdoid: string;
  /** The Disease Ontology label (Disease.description). */
  name: string;
  definition: string | null;
  /** Two digits, e.g. 08 (Disease.icd11Chapter). */
  icd11Chapter: string | null;
  /** The chapter's title (Chapter.name), e.g. Diseases of the nervous system. */
  icd11ChapterName?: string | null;
}

/** A study as GraphQL's Paper gives it. */
export interface StudyInput {
  pmid: number;
  /** Study name, e.g. HUSI_2000. */
  name: string;
  title: string | null;
  year: number;
  description: string | null;
  isSynthetic: boolean;
  /** Columns of the row that are synthetic (species, brain_region, method). */
  syntheticFields: readonly string[];
}

/** One file a release offers: a bulk CSV or the data package. */
export interface DownloadInput {
  name: string;
  /** Absolute URL, or a path under the site's base URL. */
  url: string;
  /** Content type, e.g. text/csv. */
  encodingFormat: string;
  /** Size in bytes, when measured. */
  bytes: number | null;
  description?: string | null;
}

/** What the Dataset says of the release beyond the site context. */
export interface ReleaseInput {
  /** Release name (datasetRelease.name). */
  name: string;
  /** The address of the terms the release is offered under (a URL or a path under the base URL). */
  license: string;
  /** The portal's own page of the release, e.g. /data. */
  path: string;
  downloads: readonly DownloadInput[];
  keywords?: readonly string[];
  /** Who makes the release; the portal itself (an Organization) when not given. */
  creator?: { name: string; url?: string | null } | null;
  /** How to cite the release (citation.ts citationText), or the published paper's reference. */
  citation?: string | null;
}

const SCHEMA_CONTEXT = "https://schema.org";
/** Dublin Core's conformsTo, as the Bioschemas profiles name it (a full IRI: no prefix to resolve). */
export const CONFORMS_TO = "http://purl.org/dc/terms/conformsTo";
export const BIOSCHEMAS_GENE_PROFILE = "https://bioschemas.org/profiles/Gene/1.0-RELEASE";
export const BIOSCHEMAS_DATASET_PROFILE = "https://bioschemas.org/profiles/Dataset/1.0-RELEASE";
export const BIOSCHEMAS_DATA_CATALOG_PROFILE = "https://bioschemas.org/profiles/DataCatalog/0.3-RELEASE";
/** The gene search's address with the term a search engine fills in. */
export const SEARCH_ACTION_TARGET = "/gene-search?q={search_term_string}";

/** A JSON-LD object: plain JSON, ready for JSON.stringify. */
export type JsonLd = { [key: string]: JsonLdValue };
type JsonLdValue = string | number | boolean | JsonLd | JsonLdValue[];

/** The release's date: its build date when it has one, else the day it was loaded (YYYY-MM-DD). */
export const releaseDateOf = (release: { built: string | null; loadedAt: string }): string =>
  (release.built ?? release.loadedAt).slice(0, 10);

const conformsTo = (profile: string): JsonLd => ({ "@id": profile, "@type": "CreativeWork" });
const identifiersOrg = (curie: string) => `https://identifiers.org/${curie}`;
const absolute = (site: SiteContext, urlOrPath: string) =>
  /^https?:\/\//.test(urlOrPath) ? urlOrPath : join(site.baseUrl, urlOrPath);
/** Drop empty values: a property without a value is left out, never given as null or "". */
const compact = (entries: Record<string, JsonLdValue | null | undefined>): JsonLd =>
  Object.fromEntries(
    Object.entries(entries).filter(
      ([, value]) =>
        value !== null &&
        value !== undefined &&
        value !== "" &&
        !(Array.isArray(value) && value.length === 0),
    ),
  ) as JsonLd;

/** Homo sapiens, as NCBI Taxonomy names it: every gene of the portal is a human gene. */
const HUMAN: JsonLd = {
  "@type": "Taxon",
  "@id": "http://purl.obolibrary.org/obo/NCBITaxon_9606",
  name: "Homo sapiens",
  alternateName: "human",
  identifier: "NCBITaxon:9606",
  taxonRank: "species",
};

/** The chromosome of a cytogenetic location (17p13.1 -> 17, Xq28 -> X), or null. */
const chromosomeOf = (location: string | null | undefined) =>
  location?.match(/^(\d{1,2}|X|Y|MT)(?=[pq]|$)/)?.[1];

/** A gene: the Bioschemas Gene profile (identifier, name; description, url, encoded protein, chromosome). */
export function geneJsonLd(gene: GeneInput, site: SiteContext): JsonLd {
  const url = join(site.baseUrl, geneAddress(gene.symbol));
  const chromosome = chromosomeOf(gene.chromosomeLocation);
  return compact({
    "@context": SCHEMA_CONTEXT,
    "@type": "Gene",
    "@id": url,
    [CONFORMS_TO]: conformsTo(BIOSCHEMAS_GENE_PROFILE),
    identifier: gene.hgncId ?? (gene.humanEntrez !== null ? `NCBIGene:${gene.humanEntrez}` : gene.symbol),
    name: gene.symbol,
    alternateName: gene.aliases.filter((alias) => alias !== gene.symbol),
    description: gene.description
      ? `${gene.symbol}, ${gene.description}: a human gene reported at the synapse, in ${site.portalName}.`
      : `${gene.symbol}: a human gene reported at the synapse, in ${site.portalName}.`,
    url,
    sameAs: [
      gene.hgncId && identifiersOrg(gene.hgncId),
      gene.humanEntrez !== null && identifiersOrg(`ncbigene:${gene.humanEntrez}`),
      gene.ensemblId && identifiersOrg(`ensembl:${gene.ensemblId}`),
      gene.uniprotId && identifiersOrg(`uniprot:${gene.uniprotId}`),
      gene.mgi && identifiersOrg(gene.mgi),
    ].filter((link): link is string => typeof link === "string" && link !== ""),
    taxonomicRange: HUMAN,
    encodesBioChemEntity: gene.uniprotId
      ? compact({
          "@type": "Protein",
          "@id": identifiersOrg(`uniprot:${gene.uniprotId}`),
          identifier: gene.uniprotId,
          name: gene.description,
        })
      : null,
    isPartOfBioChemEntity: chromosome
      ? { "@type": "BioChemEntity", name: `Human chromosome ${chromosome}` }
      : null,
  });
}

/** A disease: schema.org MedicalCondition, coded by its Disease Ontology id and ICD-11 chapter. */
export function diseaseJsonLd(disease: DiseaseInput, site: SiteContext): JsonLd {
  const url = join(site.baseUrl, diseaseAddress(disease.hdoid));
  const doPurl = `http://purl.obolibrary.org/obo/${disease.hdoid.replace(":", "_")}`;
  return compact({
    "@context": SCHEMA_CONTEXT,
    "@type": "MedicalCondition",
    "@id": url,
    identifier: disease.hdoid,
    name: disease.name,
    description: disease.definition ?? `${disease.name} (${disease.hdoid}), in ${site.portalName}.`,
    url,
    code: [
      { "@type": "MedicalCode", codeValue: disease.hdoid, codingSystem: "DOID" },
      disease.icd11Chapter
        ? compact({
            "@type": "MedicalCode",
            codeValue: disease.icd11Chapter,
            codingSystem: "ICD-11",
            name: disease.icd11ChapterName
              ? `ICD-11 chapter ${disease.icd11Chapter}: ${disease.icd11ChapterName}`
              : null,
            url: join(site.baseUrl, chapterAddress(disease.icd11Chapter)),
          })
        : null,
    ].filter((code): code is JsonLd => code !== null),
    sameAs: [doPurl, identifiersOrg(disease.hdoid)],
  });
}

/** Which of a study's columns are synthetic, in words. */
const SYNTHETIC_FIELD_WORDS: Record<string, string> = {
  species: "species",
  brain_region: "brain region",
  method: "method",
};

/**
 * A study: schema.org ScholarlyArticle. The PubMed id is its identifier and sameAs only when it is a
 * real one; a synthetic study, or a real one with synthetic columns, says so in its description.
 */
export function studyJsonLd(study: StudyInput, site: SiteContext): JsonLd {
  const url = join(site.baseUrl, studyAddress(study));
  const realPmid = !study.isSynthetic && isRealPmid(study.pmid);
  const synthetic = study.syntheticFields.map((field) => SYNTHETIC_FIELD_WORDS[field] ?? field);
  const description = study.isSynthetic
    ? `Synthetic sample study ${study.name}: made up for the sample release of ${site.portalName}, not real research data.`
    : [
        study.description ?? `Synapse proteomic study ${study.name}.`,
        synthetic.length > 0
          ? `In this release its ${synthetic.join(", ")} ${synthetic.length > 1 ? "are" : "is"} synthetic sample data.`
          : null,
      ]
        .filter(Boolean)
        .join(" ");
  return compact({
    "@context": SCHEMA_CONTEXT,
    "@type": "ScholarlyArticle",
    "@id": url,
    name: study.title ?? study.name,
    headline: study.title,
    alternateName: study.title ? study.name : null,
    identifier: realPmid
      ? { "@type": "PropertyValue", propertyID: "PMID", value: String(study.pmid) }
      : study.name,
    sameAs: realPmid ? `https://pubmed.ncbi.nlm.nih.gov/${study.pmid}/` : null,
    datePublished: study.isSynthetic ? null : String(study.year),
    description,
    url,
  });
}

/** The portal as a DataCatalog: what its releases are included in. */
export function dataCatalogJsonLd(site: SiteContext): JsonLd {
  const url = join(site.baseUrl, "/");
  return {
    "@type": "DataCatalog",
    "@id": `${url}#catalog`,
    [CONFORMS_TO]: conformsTo(BIOSCHEMAS_DATA_CATALOG_PROFILE),
    name: site.portalName,
    description: site.portalDescription,
    url,
    keywords: ["synapse", "proteomics", "synaptopathy", "genes", "diseases"],
    provider: { "@type": "Organization", name: site.portalName, url },
  };
}

/**
 * The release as a Dataset (Bioschemas Dataset profile), included in the portal's DataCatalog: its
 * version, date, license, creator, citation and every file it offers. A sample release says so in
 * its description.
 */
export function datasetJsonLd(release: ReleaseInput, site: SiteContext): JsonLd {
  const url = join(site.baseUrl, release.path);
  const home = join(site.baseUrl, "/");
  const creator = release.creator
    ? compact({ "@type": "Organization", name: release.creator.name, url: release.creator.url })
    : { "@type": "Organization", name: site.portalName, url: home };
  const description = [
    `${site.portalDescription} Release ${site.releaseVersion} of ${site.portalName} (${release.name}), dated ${site.releaseDate}.`,
    site.sampleRelease
      ? "This is a sample release: parts of it are synthetic sample data, labelled so in every file and answer, and must not be taken as research results."
      : null,
  ]
    .filter(Boolean)
    .join(" ");
  return compact({
    "@context": SCHEMA_CONTEXT,
    "@type": "Dataset",
    "@id": `${url}#release-${site.releaseVersion}`,
    [CONFORMS_TO]: conformsTo(BIOSCHEMAS_DATASET_PROFILE),
    identifier: `${url}#release-${site.releaseVersion}`,
    name: `${site.portalName} release ${site.releaseVersion}`,
    alternateName: release.name,
    description,
    url,
    version: site.releaseVersion,
    dateModified: site.releaseDate,
    datePublished: site.releaseDate,
    license: absolute(site, release.license),
    isAccessibleForFree: true,
    keywords: [
      ...(release.keywords ?? ["synapse", "proteomics", "synaptopathy", "human genes", "disease genes"]),
    ],
    creator,
    publisher: creator,
    citation: release.citation,
    distribution: release.downloads.map((download) =>
      compact({
        "@type": "DataDownload",
        name: download.name,
        description: download.description,
        contentUrl: absolute(site, download.url),
        encodingFormat: download.encodingFormat,
        contentSize: download.bytes !== null ? `${download.bytes} B` : null,
      }),
    ),
    includedInDataCatalog: dataCatalogJsonLd(site),
  });
}

/** The home page's WebSite, with a SearchAction that searches genes. */
export function webSiteJsonLd(site: SiteContext): JsonLd {
  const url = join(site.baseUrl, "/");
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": "WebSite",
    "@id": `${url}#website`,
    name: site.portalName,
    description: site.portalDescription,
    url,
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: join(site.baseUrl, SEARCH_ACTION_TARGET) },
      "query-input": "required name=search_term_string",
    },
  };
}

/** JSON-LD as the text of a `<script type="application/ld+json">`: `<` escaped so no text ends the script. */
export const jsonLdScriptText = (value: JsonLd | JsonLd[]): string =>
  JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * A page's JSON-LD as one document (the answer to `Accept: application/ld+json`): its one object as
 * it is, or its objects as an @graph, their shared @context said once at the top.
 */
export function jsonLdDocument(objects: readonly JsonLd[]): JsonLd {
  if (objects.length === 1) return objects[0]!;
  const context = objects[0]?.["@context"];
  const shared =
    context !== undefined &&
    objects.every((object) => JSON.stringify(object["@context"]) === JSON.stringify(context));
  if (!shared) return { "@graph": [...objects] };
  return {
    "@context": context,
    "@graph": objects.map(({ "@context": _, ...rest }) => rest),
  };
}

/** A brain region, an ICD-11 chapter or a synaptic compartment: schema.org DefinedTerm of its set. */
export function termJsonLd(
  term: {
    path: string;
    name: string;
    code: string;
    description?: string | null;
    set: string;
    sameAs?: string | null;
  },
  site: SiteContext,
): JsonLd {
  const url = join(site.baseUrl, term.path);
  return compact({
    "@context": SCHEMA_CONTEXT,
    "@type": "DefinedTerm",
    "@id": url,
    name: term.name,
    termCode: term.code,
    description: term.description,
    inDefinedTermSet: term.set,
    url,
    sameAs: term.sameAs,
  });
}
