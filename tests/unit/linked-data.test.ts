import { describe, expect, it } from "vitest";
import {
  BIOSCHEMAS_GENE_PROFILE,
  CONFORMS_TO,
  type DiseaseInput,
  datasetJsonLd,
  diseaseJsonLd,
  type GeneInput,
  geneJsonLd,
  type JsonLd,
  jsonLdDocument,
  jsonLdScriptText,
  type ReleaseInput,
  releaseDateOf,
  type SiteContext,
  type StudyInput,
  studyJsonLd,
  webSiteJsonLd,
} from "../../schema/linked-data";
import { jsonLdProblems } from "../fixtures/schemaorg/validate-json-ld";

const site: SiteContext = {
  baseUrl: "https://synaptopathy.example.org/",
  portalName: "SynaptopathyDB",
  portalDescription: "Links proteins of the synapse to human genes and nervous-system diseases.",
  releaseVersion: "0.1.0",
  releaseDate: "2026-11-22",
  sampleRelease: true,
};
// DLG4 as the bundled release holds it.
const dlg4: GeneInput = {
  symbol: "DLG4",
  description: "discs large MAGUK scaffold protein 4",
  aliases: ["PSD95", "SAP90", "DLG4"],
  hgncId: "HGNC:2903",
  humanEntrez: 1742,
  ensemblId: "ENSG00000132535",
  uniprotId: "P78352",
  mgi: "MGI:1277959",
  chromosomeLocation: "17p13.1",
};
const epilepsy: DiseaseInput = {
  hdoid: "DOID:1826",
  name: "epilepsy",
  definition: "A brain disease that is characterized by the recurrence of seizures.",
  icd11Chapter: "08",
  icd11ChapterName: "Diseases of the nervous system",
};
const husi: StudyInput = {
  pmid: 10862698,
  name: "HUSI_2000",
  title: null,
  year: 2000,
  description: "Postsynaptic proteome; mouse; 77 genes",
  isSynthetic: false,
  syntheticFields: ["species", "brain_region", "method"],
};
const syntheticStudy: StudyInput = {
  pmid: 99100001,
  name: "SYNTH_2019_SAMPLE",
  title: "A sample study",
  year: 2019,
  description: "Presynaptic proteome; mouse; 120 genes",
  isSynthetic: true,
  syntheticFields: [],
};
const release: ReleaseInput = {
  name: "synaptopathy-demo-dataset",
  license: "/data#provenance-heading",
  path: "/data",
  downloads: [
    { name: "genes", url: "/api/export/genes.csv", encodingFormat: "text/csv", bytes: 1_180_323 },
    {
      name: "datapackage.zip",
      url: "https://synaptopathy.example.org/api/datapackage.zip",
      encodingFormat: "application/zip",
      bytes: 5_000_000,
    },
  ],
  citation: "SynaptopathyDB. SynaptopathyDB, release 0.1.0 [dataset]. Version 0.1.0, 2026-11-22.",
};

const everyType: [string, JsonLd][] = [
  ["gene", geneJsonLd(dlg4, site)],
  [
    "gene with few ids",
    geneJsonLd({ ...dlg4, hgncId: null, ensemblId: null, uniprotId: null, mgi: null }, site),
  ],
  ["disease", diseaseJsonLd(epilepsy, site)],
  ["disease without a chapter", diseaseJsonLd({ ...epilepsy, icd11Chapter: null, definition: null }, site)],
  ["study", studyJsonLd(husi, site)],
  ["synthetic study", studyJsonLd(syntheticStudy, site)],
  ["dataset", datasetJsonLd(release, site)],
  ["website", webSiteJsonLd(site)],
];

describe("JSON-LD of each page against schema.org and Bioschemas (offline)", () => {
  it.each(everyType)(
    "the %s's JSON-LD uses only schema.org types and properties, on their types",
    async (_, doc) => {
      expect(await jsonLdProblems(doc)).toEqual([]);
    },
  );

  it("fails a misspelt property, a misspelt type, a property on the wrong type and a missing minimum", async () => {
    const gene = geneJsonLd(dlg4, site);
    expect(await jsonLdProblems({ ...gene, alternateNmae: "PSD95" })).toEqual([
      "#0 http://schema.org/alternateNmae: not a schema.org property",
    ]);
    expect(await jsonLdProblems({ ...gene, "@type": "Gen" })).toContain(
      "#0: type http://schema.org/Gen is not a schema.org type",
    );
    const disease = diseaseJsonLd(epilepsy, site);
    expect((await jsonLdProblems({ ...disease, taxonomicRange: "human" })).join()).toMatch(
      /taxonomicRange: not a property of MedicalCondition/,
    );
    const { identifier: _, ...withoutIdentifier } = gene;
    expect(await jsonLdProblems(withoutIdentifier)).toEqual([
      `document: ${BIOSCHEMAS_GENE_PROFILE} requires identifier`,
    ]);
  });
});

describe("linked data of a gene, a disease, a study and the release", () => {
  it("gives a gene its canonical URL, its ids as sameAs, human as its taxon and the profile it follows", () => {
    const gene = geneJsonLd(dlg4, site);
    expect(gene).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Gene",
      "@id": "https://synaptopathy.example.org/gene/DLG4",
      url: "https://synaptopathy.example.org/gene/DLG4",
      identifier: "HGNC:2903",
      name: "DLG4",
      alternateName: ["PSD95", "SAP90"],
      taxonomicRange: { "@id": "http://purl.obolibrary.org/obo/NCBITaxon_9606", name: "Homo sapiens" },
      [CONFORMS_TO]: { "@id": BIOSCHEMAS_GENE_PROFILE },
      encodesBioChemEntity: { "@type": "Protein", identifier: "P78352" },
      isPartOfBioChemEntity: { name: "Human chromosome 17" },
    });
    expect(gene.sameAs).toEqual([
      "https://identifiers.org/HGNC:2903",
      "https://identifiers.org/ncbigene:1742",
      "https://identifiers.org/ensembl:ENSG00000132535",
      "https://identifiers.org/uniprot:P78352",
      "https://identifiers.org/MGI:1277959",
    ]);
    // Missing ids are left out, never given as null; the Entrez id names a gene without an HGNC id.
    const bare = geneJsonLd({ ...dlg4, hgncId: null, mgi: null, uniprotId: null, aliases: [] }, site);
    expect(bare.identifier).toBe("NCBIGene:1742");
    expect(bare).not.toHaveProperty("alternateName");
    expect(bare).not.toHaveProperty("encodesBioChemEntity");
    expect(JSON.stringify(bare)).not.toContain("null");
  });

  it("codes a disease by its DOID and ICD-11 chapter, with the Disease Ontology as sameAs", () => {
    const disease = diseaseJsonLd(epilepsy, site);
    expect(disease).toMatchObject({
      "@type": "MedicalCondition",
      url: "https://synaptopathy.example.org/disease/DOID:1826",
      name: "epilepsy",
      description: epilepsy.definition,
      code: [
        { "@type": "MedicalCode", codeValue: "DOID:1826", codingSystem: "DOID" },
        {
          "@type": "MedicalCode",
          codeValue: "08",
          codingSystem: "ICD-11",
          url: "https://synaptopathy.example.org/icd-chapter/08",
        },
      ],
    });
    expect(disease.sameAs).toContain("http://purl.obolibrary.org/obo/DOID_1826");
  });

  it("gives a real study its PubMed id and says which of its columns are synthetic", () => {
    const study = studyJsonLd(husi, site);
    expect(study).toMatchObject({
      "@type": "ScholarlyArticle",
      url: "https://synaptopathy.example.org/study/10862698",
      identifier: { propertyID: "PMID", value: "10862698" },
      sameAs: "https://pubmed.ncbi.nlm.nih.gov/10862698/",
      datePublished: "2000",
      name: "HUSI_2000",
    });
    expect(study.description).toBe(
      "Postsynaptic proteome; mouse; 77 genes In this release its species, brain region, method are synthetic sample data.",
    );
    expect(studyJsonLd({ ...husi, syntheticFields: [] }, site).description).not.toMatch(/synthetic/);
  });

  it("never presents a synthetic study or a placeholder PMID as a real publication", () => {
    for (const study of [
      studyJsonLd(syntheticStudy, site),
      studyJsonLd({ ...husi, pmid: 99000004, name: "KANG_2014" }, site),
    ]) {
      expect(JSON.stringify(study)).not.toMatch(/pubmed|PMID|9900000|99100001/i);
      expect(study.url).toMatch(/\/study\/[A-Z]/);
    }
    const synthetic = studyJsonLd(syntheticStudy, site);
    expect(synthetic.description).toMatch(
      /^Synthetic sample study SYNTH_2019_SAMPLE: .*not real research data\.$/,
    );
    expect(synthetic).not.toHaveProperty("datePublished");
  });

  it("describes the release as a Dataset in the portal's catalog, with every file and the release date", () => {
    const dataset = datasetJsonLd(release, site);
    expect(dataset).toMatchObject({
      "@type": "Dataset",
      version: "0.1.0",
      dateModified: "2026-11-22",
      url: "https://synaptopathy.example.org/data",
      license: "https://synaptopathy.example.org/data#provenance-heading",
      creator: { "@type": "Organization", name: "SynaptopathyDB" },
      citation: release.citation,
      includedInDataCatalog: { "@type": "DataCatalog", url: "https://synaptopathy.example.org/" },
      distribution: [
        {
          "@type": "DataDownload",
          contentUrl: "https://synaptopathy.example.org/api/export/genes.csv",
          encodingFormat: "text/csv",
          contentSize: "1180323 B",
        },
        {
          contentUrl: "https://synaptopathy.example.org/api/datapackage.zip",
          encodingFormat: "application/zip",
        },
      ],
    });
    expect(dataset.description).toMatch(/sample release: parts of it are synthetic/);
    expect(datasetJsonLd(release, { ...site, sampleRelease: false }).description).not.toMatch(/synthetic/);
  });

  it("gives the home page a WebSite whose SearchAction searches genes", () => {
    expect(webSiteJsonLd(site).potentialAction).toEqual({
      "@type": "SearchAction",
      target: {
        "@type": "EntryPoint",
        urlTemplate: "https://synaptopathy.example.org/gene-search?q={search_term_string}",
      },
      "query-input": "required name=search_term_string",
    });
  });

  it("dates a release by its build, else by its load, and writes JSON-LD that no text can close", () => {
    expect(releaseDateOf({ built: "2026-11-22", loadedAt: "2026-11-28T10:00:00.000Z" })).toBe("2026-11-22");
    expect(releaseDateOf({ built: null, loadedAt: "2026-11-28T10:00:00.000Z" })).toBe("2026-11-28");
    const text = jsonLdScriptText(geneJsonLd({ ...dlg4, description: "</script><script>alert(1)" }, site));
    expect(text).not.toContain("</script>");
    expect(JSON.parse(text).description).toContain("</script>");
  });

  it("makes a page's JSON-LD one document: its one object as it is, several as an @graph", async () => {
    const gene = geneJsonLd(dlg4, site);
    expect(jsonLdDocument([gene])).toBe(gene);
    const website = webSiteJsonLd(site);
    const dataset = datasetJsonLd(release, site);
    const both = jsonLdDocument([website, dataset]);
    // The shared context is said once; each object is otherwise as its own script gives it.
    expect(both["@context"]).toBe("https://schema.org");
    const { "@context": _website, ...websiteNode } = website;
    const { "@context": _dataset, ...datasetNode } = dataset;
    expect(both["@graph"]).toEqual([websiteNode, datasetNode]);
    expect(await jsonLdProblems(both)).toEqual([]);
    // Objects of different contexts keep their own, under a bare @graph.
    const other = { ...gene, "@context": { "@vocab": "https://schema.org/" } };
    expect(jsonLdDocument([website, other])).toEqual({ "@graph": [website, other] });
  });
});
