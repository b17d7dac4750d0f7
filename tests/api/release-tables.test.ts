import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RelationName } from "../../gateway/services/release-size.service";
import {
  Disease,
  DiseaseGene,
  Gene,
  GoGene,
  Mutation,
  OmimRecord,
  Paper,
  SyngoAnnotationGene,
} from "../../schema";
import { testDatabases } from "./databases";
import { type RunningPortal, startPortal } from "./portal";

/**
 * The cold path answers genes, diseases and studies by id, and the gene tab counts, from what the
 * gateway holds of the release in memory. Each held row and count must be what SQL reads, for every
 * row of the release: the answers stay the same as when every lookup was a statement.
 */
describe.each(testDatabases)("the release held in memory on $kind", (db) => {
  let api: RunningPortal;
  beforeAll(async () => {
    api = await startPortal(db);
  });
  afterAll(async () => {
    await api?.close();
  });

  it("holds every gene, disease and study as SQL reads it", async () => {
    const { dataSource, services } = api.portal;
    const [genes, diseases, papers] = await Promise.all([
      dataSource.getRepository(Gene).find(),
      dataSource.getRepository(Disease).find(),
      dataSource.getRepository(Paper).find(),
    ]);
    expect(genes.length).toBeGreaterThan(8000);
    const heldGenes = services.tables.genes(genes.map((g) => g.id));
    const heldDiseases = services.tables.diseases(diseases.map((d) => d.hdoid));
    const heldPapers = services.tables.papers(papers.map((p) => p.pmid));
    expect(heldGenes, "the tables are held once the portal is ready").not.toBeNull();
    expect([...heldGenes!.values()]).toEqual(genes);
    expect([...heldDiseases!.values()]).toEqual(diseases);
    expect([...heldPapers!.values()]).toEqual(papers);
    // An id the release does not have is left out, as SQL leaves it out.
    expect(services.tables.genes([-1])!.size).toBe(0);
  });

  it.each([
    ["diseasesPerGene", DiseaseGene, "gene_id"],
    ["mutationsPerGene", Mutation, "gene_id"],
    ["goTermsPerGene", GoGene, "gene_id"],
    ["syngoTermsPerGene", SyngoAnnotationGene, "gene_id"],
    ["omimRecordsPerGene", OmimRecord, "human_entrez"],
  ] as const)("counts %s for every gene as a GROUP BY does", async (relation, entity, column) => {
    const { dataSource, services } = api.portal;
    const rows = await dataSource
      .getRepository(entity)
      .createQueryBuilder("x")
      .select(`x.${column}`, "key")
      .addSelect("COUNT(*)", "n")
      .where(`x.${column} IS NOT NULL`)
      .groupBy(`x.${column}`)
      .getRawMany<{ key: number; n: number | string }>();
    const keys = rows.map((r) => Number(r.key));
    const held = services.sizes.countsOf(relation as RelationName, [...keys, -1]);
    expect(held, "the sizes are of the live release").not.toBeNull();
    expect(Object.fromEntries(held!)).toEqual({
      ...Object.fromEntries(rows.map((r) => [Number(r.key), Number(r.n)])),
      [-1]: 0,
    });
  });
});
