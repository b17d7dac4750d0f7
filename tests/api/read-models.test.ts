import "reflect-metadata";
import type { DataSource } from "typeorm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "../../gateway/services";
import { MAX_TOP_LIMIT } from "../../gateway/services/brain-region.service";
import { GeneTabReader } from "../../gateway/services/gene-tabs";
import { rowsByKey } from "../../gateway/services/list-query";
import { LIST_HEAD_ROWS } from "../../gateway/services/read-models/build";
import type { ListReadModels } from "../../gateway/services/read-models/lists";
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
import { listCountsBySql } from "./list-statements";
import { type RunningPortal, sharedPortal, startPortal } from "./portal";
import { expectEqual, expectStrictEqual } from "./same";

/**
 * The cold path reads genes, diseases and studies by their keys in one statement per batch, the gene tab
 * counts from the release's sizes, and the lists a disease or study page opens with (and the brain-region
 * screen) from the release's read models. Each must be what the statements over the release's tables
 * read, for every row of the release: the answers stay the same as when every lookup read the
 * normalised tables.
 */
describe.each(testDatabases)("the release's read models on $kind", (db) => {
  let api: RunningPortal;
  beforeAll(async () => {
    api = await sharedPortal(db);
  });
  afterAll(async () => {
    await api?.close();
  });

  it.each([
    ["gene", Gene, "id"],
    ["disease", Disease, "hdoid"],
    ["paper", Paper, "pmid"],
    ["mutation", Mutation, "id"],
  ] as const)("reads each %s by its key as the repository reads it", async (_name, entity, key) => {
    const { dataSource } = api.portal;
    const all = (await dataSource.getRepository<object>(entity).find()) as Record<string, unknown>[];
    expect(all.length).toBeGreaterThan(50);
    const keys = all.map((row) => row[key]);
    const read = await rowsByKey(dataSource, entity as never, key as never, [...keys, -1] as never[]);
    expect(read.size).toBe(all.length);
    for (const row of all) expectStrictEqual(read.get(row[key] as never), row);
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

  it("holds in each gene's document the tab lists the tab statements read over the release's tables", async () => {
    const { dataSource, services } = api.portal;
    const statements = new GeneTabReader(dataSource);
    const ids = [...(await keysOf(dataSource)).genes, -1];
    let lists = 0;
    for (let start = 0; start < ids.length; start += 500) {
      const batch = ids.slice(start, start + 500);
      const [documents, read] = await Promise.all([services.genes.tabs(batch), statements.of(batch)]);
      expectEqual(Object.fromEntries(documents), Object.fromEntries(read));
      for (const tabs of read.values()) lists += tabs.papers.length + tabs.go.length + tabs.omim.length;
    }
    expect(ids.length, "every gene has its document").toBeGreaterThan(8000);
    expect(lists, "the genes have lists to compare").toBeGreaterThan(100_000);
  });

  it("reads the lists a disease or study page opens with from the read models as the services' statements read them, page by page", async () => {
    const { dataSource, services } = api.portal;
    const d = services.diseases;
    const p = services.papers;
    const read = services.lists;
    const keys = await keysOf(dataSource);
    const hdoids = [...keys.diseases, "DOID:none"];
    const pmids = [...keys.papers, -1];
    const batches = <T>(ids: T[]) =>
      Array.from({ length: Math.ceil(ids.length / 500) }, (_, i) => ids.slice(i * 500, i * 500 + 500));
    // Every row; the last page within the first rows list_count keeps (LIST_HEAD_ROWS); the page past them.
    const size = LIST_HEAD_ROWS / 2;
    const requests = [null, { page: 2, pageSize: size }, { page: 3, pageSize: size }];
    const plain = <K, V>(map: Map<K, V>) => Object.fromEntries(map);
    let rows = 0;
    // A disease's studies have no consensus status: every mode lists them all, so they are read once per
    // request, not once per mode (the same statements with the same arguments).
    for (const request of requests)
      for (const batch of batches(hdoids))
        expectEqual(
          plain(await read.diseasePaperPages(batch, request)),
          plain(await d.paperPages(batch, { term: "", mode: "all", request })),
        );
    for (const mode of ["all", "consensus", "non-consensus"] as const)
      for (const request of requests) {
        const args = { term: "", mode, localization: "", request };
        for (const batch of batches(hdoids)) {
          const genes = await d.genePages(batch, args);
          expectEqual(plain(await read.diseaseGenePages(batch, mode, request)), plain(genes));
          expectEqual(
            plain(await read.diseaseMutationPages(batch, mode, request)),
            plain(await d.mutationPages(batch, args)),
          );
          for (const page of genes.values()) rows += page.ids.length;
        }
        expectEqual(
          plain(await read.paperGenePages(pmids, mode, request)),
          plain(await p.genePages(pmids, args)),
        );
        expectEqual(
          plain(await read.paperMutationPages(pmids, mode, request)),
          plain(await p.mutationPages(pmids, args)),
        );
      }
    expect(rows, "the diseases have genes to page").toBeGreaterThan(1000);
    const sql = listCountsBySql(dataSource);
    let counted = 0;
    for (const batch of batches(hdoids)) {
      const genes = await sql.diseaseGeneCounts(batch);
      expectEqual(plain(await read.diseaseGeneCounts(batch)), plain(genes));
      expectEqual(
        plain(await read.diseaseMutationCounts(batch)),
        plain(await sql.diseaseMutationCounts(batch)),
      );
      expectEqual(plain(await read.diseasePaperCounts(batch)), plain(await sql.diseasePaperCounts(batch)));
      for (const c of genes.values()) counted += c.total;
    }
    expect(counted, "the diseases have genes to count").toBeGreaterThan(1000);
    expectEqual(plain(await read.paperGeneCounts(pmids)), plain(await sql.paperGeneCounts(pmids)));
    expectEqual(plain(await read.paperMutationCounts(pmids)), plain(await sql.paperMutationCounts(pmids)));
    const localizations = await sql.paperLocalizations(pmids);
    expect(localizations.size, "the studies report compartments").toBeGreaterThan(10);
    expectEqual(plain(await read.paperLocalizations(pmids)), plain(localizations));
  }, 240_000);

  it("answers the gene, disease and study pages byte for byte as a gateway that reads the release's tables", async () => {
    const bySql = await startPortal(db, { keepShared: true });
    try {
      // The second gateway reads every list with its service's statements over the normalised tables.
      bySql.portal.services.lists = normalisedLists(bySql.portal.services, bySql.portal.dataSource);
      bySql.portal.services.genes.tabSource = new GeneTabReader(bySql.portal.dataSource);
      // ...and computes the brain-region distribution with the statements its release document is built from.
      const regions = bySql.portal.services.brainRegions;
      regions.distribution = (topLimit) => regions.computeDistribution(topLimit);
      const answer = async (baseUrl: string, query: string, variables: Record<string, unknown>) =>
        (
          await fetch(`${baseUrl}/graphql`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ query, variables }),
          })
        ).text();
      const keys = await keysOf(api.portal.dataSource);
      // Every 97th gene plus the largest (DLG4 = 1, SHANK3 = 118), every 61st disease, every study.
      const geneIds = [1, 118, ...keys.genes.filter((_, i) => i % 97 === 0)];
      const hdoids = keys.diseases.filter((_, i) => i % 61 === 0);
      const pmids = keys.papers;
      const pages: [string, string, (string | number)[]][] = [
        [GENE_PAGE, "id", geneIds],
        [GENE_TABS_PAGED, "id", geneIds.slice(0, 40)],
        [DISEASE_PAGE, "hdoid", hdoids],
        [STUDY_PAGE, "pmid", pmids],
      ];
      let compared = 0;
      for (const [query, variable, ids] of pages)
        for (const id of ids) {
          const [fromReadModels, sql] = await Promise.all([
            answer(api.baseUrl, query, { [variable]: id }),
            answer(bySql.baseUrl, query, { [variable]: id }),
          ]);
          expect(fromReadModels, `${variable} ${id}`).toBe(sql);
          expect(fromReadModels).not.toContain('"errors"');
          compared++;
        }
      // The brain-region screen, each number of top proteins a prefix of the document's MAX_TOP_LIMIT.
      for (const limit of [1, 10, MAX_TOP_LIMIT]) {
        const path = `/api/proteins/brain-regions?top_limit=${limit}`;
        const [fromDocument, sql] = await Promise.all([
          fetch(api.baseUrl + path).then((r) => r.text()),
          fetch(bySql.baseUrl + path).then((r) => r.text()),
        ]);
        expect(fromDocument, path).toBe(sql);
        expect(JSON.parse(fromDocument).success, path).toBe(true);
        compared++;
      }
      expect(compared).toBeGreaterThan(200);
    } finally {
      await bySql.close();
    }
  }, 300_000);
});

/** The keys of every gene, disease and study of the live release, in key order. */
async function keysOf(
  dataSource: DataSource,
): Promise<{ genes: number[]; diseases: string[]; papers: number[] }> {
  const [genes, diseases, papers] = await Promise.all([
    dataSource.getRepository(Gene).find({ select: { id: true }, order: { id: "ASC" } }),
    dataSource.getRepository(Disease).find({ select: { hdoid: true }, order: { hdoid: "ASC" } }),
    dataSource.getRepository(Paper).find({ select: { pmid: true }, order: { pmid: "ASC" } }),
  ]);
  return {
    genes: genes.map((g) => g.id),
    diseases: diseases.map((d) => d.hdoid),
    papers: papers.map((p) => p.pmid),
  };
}

/** The read models' interface served by statements over the release's tables: the services' pages, list-statements.ts's counts. */
function normalisedLists({ diseases: d, papers: p }: Services, dataSource: DataSource): ListReadModels {
  const all = { term: "", localization: "" };
  // countsOf is left out: it gives a filtered page its total (each service holds its gateway's own), and these pages are unfiltered.
  const lists: Omit<ListReadModels, "db" | "pages" | "rows" | "totals" | "counts" | "countsOf"> = {
    diseaseGenePages: (ids, mode, request) => d.genePages(ids, { ...all, mode, request }),
    diseaseMutationPages: (ids, mode, request) => d.mutationPages(ids, { ...all, mode, request }),
    diseasePaperPages: (ids, request) => d.paperPages(ids, { ...all, mode: "all", request }),
    paperMutationPages: (ids, mode, request) => p.mutationPages(ids, { ...all, mode, request }),
    paperGenePages: (ids, mode, request) => p.genePages(ids, { ...all, mode, request }),
    ...listCountsBySql(dataSource),
  };
  return lists as ListReadModels;
}

/** The pages as the web and the cold-path bench ask them: the card and every tab. */
const GENE_PAGE = `query GenePage($id: Int!) { gene(id: $id) {
  id humanName aliases isConsensus papersCount diseasesCount mutationsCount omimCount syngoCount syngoportalCount
  papers { pmid name title year dataset isSynthetic species { taxid name } brainRegion { id name } localisation { id name } method { id name } }
  diseases { hdoid description source reference }
  mutations { id hdoid diseaseDescription chromosome position variant pubmedIds isSynthetic }
  omimRecords { omimId phenotype icdCode knownFrom pmid }
  goAnnotations { goId term domain evidence speciesName }
  syngoAnnotations { id goId goName goDomain }
} }`;
const GENE_TABS_PAGED = `query GeneTabs($id: Int!) { gene(id: $id) {
  mutationConnection(page: 2, pageSize: 3) { totalCount nodes { id variant disease { description } papers { pmid } } }
  goTermConnection(page: 2, pageSize: 7) { totalCount edges { evidence term { goId term } species { name } } }
  paperConnection(page: 1, pageSize: 100) { totalCount edges { dataset paper { pmid } compartment { name } } }
  diseaseConnection(page: 1, pageSize: 100) { totalCount edges { source reference disease { hdoid } } }
} }`;
const DISEASE_PAGE = `query DiseasePage($hdoid: String!) { disease(hdoid: $hdoid) {
  hdoid description geneCount mutationCount paperCount
  consensusStats { totalConsensusGenes totalConsensusMutations mutationConsensusPercentage }
  genes(page: 1, pageSize: 20, term: "", mode: CONSENSUS) { genes { id humanName } pagination { total totalPages totalFiltered totalConsensus } }
  nonConsensus: genes(page: 2, pageSize: 5, term: "", mode: NON_CONSENSUS) { genes { id } pagination { totalFiltered } }
  mutations(page: 1, pageSize: 20, term: "", mode: ALL) { mutations { id variant pubmedIds gene { id } } pagination { total totalFiltered consensusPercentage } }
  papers(page: 1, pageSize: 20, term: "") { papers { pmid year name } pagination { total totalFiltered } }
} }`;
const STUDY_PAGE = `query StudyPage($pmid: Int!) { paper(pmid: $pmid) {
  pmid name geneCount mutationCount consensusStats { totalConsensusGenes consensusPercentage } availableLocalizations
  genes(page: 1, pageSize: 20, term: "", mode: CONSENSUS) { genes { dataset isConsensus gene { id humanName } species { name } brainRegion { name } localisation { name } method { name } } pagination { total totalFiltered totalConsensus } }
  allGenes: genes(page: 3, pageSize: 10, term: "", mode: ALL) { genes { gene { id } } pagination { totalFiltered } }
  mutations(page: 1, pageSize: 20, term: "", mode: ALL) { mutations { id variant } pagination { total totalFiltered } }
} }`;
