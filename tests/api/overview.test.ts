import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "./databases";
import { type RunningPortal, sharedPortal } from "./portal";

interface Overview {
  studies: number;
  syntheticStudies: number;
  proteins: number;
  includesSyntheticSamples: boolean;
  consensusGenes: number;
  consensusMinStudies: number | null;
  diseaseLinkedGenes: number;
  diseaseLinkedPercentage: number;
  linkedDisorders: number;
  omimPhenotypes: number;
}

const OVERVIEW = `query DatasetOverview {
  datasetOverview {
    studies syntheticStudies proteins includesSyntheticSamples consensusGenes consensusMinStudies
    diseaseLinkedGenes diseaseLinkedPercentage linkedDisorders omimPhenotypes
  }
}`;

describe.each(testDatabases)("dataset overview on $kind", (db) => {
  let api: RunningPortal;
  /** One number from a direct SQL count, independent of the service's query builder. */
  const count = async (sql: string) =>
    Number(((await api.portal.dataSource.query(sql)) as { n: number | string | null }[])[0]?.n ?? 0);

  beforeAll(async () => {
    api = await sharedPortal(db);
  });
  afterAll(async () => {
    await api?.close();
  });

  it("gives the home page figures equal to direct SQL counts", async () => {
    const { status, body } = await api.graphql<{ datasetOverview: Overview }>(OVERVIEW);
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const o = body.data!.datasetOverview;

    const consensus = await count("SELECT COUNT(*) AS n FROM gene WHERE is_consensus = 1");
    const linked = await count(
      "SELECT COUNT(DISTINCT dg.gene_id) AS n FROM disease_gene dg JOIN gene g ON g.id = dg.gene_id WHERE g.is_consensus = 1",
    );
    expect(o).toEqual({
      studies: await count("SELECT COUNT(*) AS n FROM paper WHERE kind = 'proteomic'"),
      syntheticStudies: await count(
        "SELECT COUNT(*) AS n FROM paper WHERE kind = 'proteomic' AND is_synthetic = 1",
      ),
      proteins: await count("SELECT COUNT(DISTINCT gene_id) AS n FROM paper_gene"),
      includesSyntheticSamples:
        (await count("SELECT COUNT(*) AS n FROM paper_gene WHERE is_synthetic = 1")) > 0,
      consensusGenes: consensus,
      consensusMinStudies: await count("SELECT MIN(paper_count) AS n FROM gene WHERE is_consensus = 1"),
      diseaseLinkedGenes: linked,
      diseaseLinkedPercentage: Math.round((linked / consensus) * 1000) / 10,
      linkedDisorders: await count(
        "SELECT COUNT(DISTINCT dg.hdoid) AS n FROM disease_gene dg JOIN gene g ON g.id = dg.gene_id WHERE g.is_consensus = 1",
      ),
      omimPhenotypes: await count(
        "SELECT COUNT(DISTINCT o.omim_id) AS n FROM omim_record o JOIN gene g ON g.human_entrez = o.human_entrez WHERE g.is_consensus = 1",
      ),
    });
    // The figures are real counts of a non-empty release, and the threshold is the documented one.
    expect(o.studies).toBeGreaterThan(o.syntheticStudies);
    expect(o.proteins).toBeGreaterThanOrEqual(o.consensusGenes);
    expect(o.consensusGenes).toBeGreaterThan(0);
    expect(o.consensusMinStudies).toBe(5);
    expect(o.diseaseLinkedGenes).toBeLessThanOrEqual(o.consensusGenes);
  });

  it("counts only consensus genes' diseases, which are at most all linked diseases", async () => {
    const { body } = await api.graphql<{ datasetOverview: Overview }>(OVERVIEW);
    const all = await count("SELECT COUNT(DISTINCT hdoid) AS n FROM disease_gene");
    expect(body.data!.datasetOverview.linkedDisorders).toBeLessThanOrEqual(all);
    expect(body.data!.datasetOverview.linkedDisorders).toBeGreaterThan(0);
  });
});
