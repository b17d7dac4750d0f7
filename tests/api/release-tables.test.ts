import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GeneService } from "../../gateway/services/gene.service";
import { HeldLists } from "../../gateway/services/held-lists";
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
import { type RunningPortal, sharedPortal, startPortal } from "./portal";

/**
 * The cold path answers genes, diseases and studies by id, and the gene tab counts, from what the
 * gateway holds of the release in memory. Each held row and count must be what SQL reads, for every
 * row of the release: the answers stay the same as when every lookup was a statement.
 */
describe.each(testDatabases)("the release held in memory on $kind", (db) => {
  let api: RunningPortal;
  beforeAll(async () => {
    api = await sharedPortal(db);
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

  it("holds every gene's tab lists as the per-gene statements read them, in their order", async () => {
    const { dataSource, services } = api.portal;
    // A GeneService that holds nothing reads every list with its per-gene statement.
    const bySql = new GeneService(dataSource, services.search);
    const genes = await dataSource.getRepository(Gene).find({ order: { id: "ASC" } });
    const entrez = genes.flatMap((g) => (g.humanEntrez === null ? [] : [g.humanEntrez]));
    const mutationIds = (await dataSource.getRepository(Mutation).find()).map((m) => m.id);
    const batches = <T>(ids: T[]) =>
      Array.from({ length: Math.ceil(ids.length / 500) }, (_, i) => ids.slice(i * 500, i * 500 + 500));
    const ids = genes.map((g) => g.id);
    let lists = 0;
    for (const [read, keys] of [
      [(s: GeneService, k: number[]) => s.papersByGene(k), ids],
      [(s: GeneService, k: number[]) => s.diseasesByGene(k), ids],
      [(s: GeneService, k: number[]) => s.mutationsByGene(k), ids],
      [(s: GeneService, k: number[]) => s.goByGene(k), ids],
      [(s: GeneService, k: number[]) => s.syngoByGene(k), ids],
      [(s: GeneService, k: number[]) => s.omimByEntrez(k), entrez],
      [(s: GeneService, k: number[]) => s.pmidsByMutation(k), mutationIds],
    ] as const)
      for (const batch of batches([...keys, -1])) {
        expect(services.genes.tabs?.lists("papers", batch), "the lists are held once ready").not.toBeNull();
        const [held, sql] = await Promise.all([read(services.genes, batch), read(bySql, batch)]);
        expect(Object.fromEntries(held)).toEqual(Object.fromEntries(sql));
        lists += sql.size;
      }
    expect(lists, "the release has gene lists to compare").toBeGreaterThan(8000);
  });

  it("holds the lists a disease or study page opens with as the services' statements read them, page by page", async () => {
    const { services } = api.portal;
    const d = services.diseases;
    const p = services.papers;
    const held = services.lists;
    const hdoids = [...(await services.tables.get()).diseases.keys(), "DOID:none"];
    const pmids = [...(await services.tables.get()).papers.keys(), -1];
    const batches = <T>(ids: T[]) =>
      Array.from({ length: Math.ceil(ids.length / 500) }, (_, i) => ids.slice(i * 500, i * 500 + 500));
    const requests = [null, { page: 2, pageSize: 7 }];
    const plain = <K, V>(map: Map<K, V> | null) => (map ? Object.fromEntries(map) : map);
    let rows = 0;
    for (const mode of ["all", "consensus", "non-consensus"] as const)
      for (const request of requests) {
        const args = { term: "", mode, localization: "", request };
        for (const batch of batches(hdoids)) {
          const genes = await d.genePages(batch, args);
          expect(plain(held.diseaseGenePages(batch, args))).toEqual(plain(genes));
          expect(plain(held.diseaseMutationPages(batch, args))).toEqual(
            plain(await d.mutationPages(batch, args)),
          );
          expect(plain(held.diseasePaperPages(batch, args))).toEqual(plain(await d.paperPages(batch, args)));
          for (const page of genes.values()) rows += page.ids.length;
        }
        expect(plain(held.paperGenePages(pmids, args))).toEqual(plain(await p.genePages(pmids, args)));
        expect(plain(held.paperMutationPages(pmids, args))).toEqual(
          plain(await p.mutationPages(pmids, args)),
        );
      }
    expect(rows, "the diseases have genes to page").toBeGreaterThan(1000);
    for (const batch of batches(hdoids)) {
      expect(plain(held.diseaseGeneCounts(batch))).toEqual(plain(await d.geneCounts(batch)));
      expect(plain(held.diseaseMutationCounts(batch))).toEqual(plain(await d.mutationCounts(batch)));
      expect(plain(held.diseasePaperCounts(batch))).toEqual(plain(await d.paperCounts(batch)));
    }
    expect(plain(held.paperGeneCounts(pmids))).toEqual(plain(await p.geneCounts(pmids)));
    expect(plain(held.paperMutationCounts(pmids))).toEqual(plain(await p.mutationCounts(pmids)));
    expect(plain(held.paperLocalizations(pmids))).toEqual(plain(await p.localizations(pmids)));
    // A filtered list is not held: the caller reads SQL.
    expect(
      held.diseaseGenePages(hdoids.slice(0, 2), { term: "shank", mode: "all", request: null }),
    ).toBeNull();
    expect(
      held.paperGenePages(pmids.slice(0, 2), {
        term: "",
        mode: "all",
        localization: "Synapse",
        request: null,
      }),
    ).toBeNull();
  }, 240_000);

  it("holds nothing of a release past HOLD_RELEASE_MAX_ROWS and serves it from SQL", async () => {
    const { dataSource, services } = api.portal;
    const before = process.env.HOLD_RELEASE_MAX_ROWS;
    process.env.HOLD_RELEASE_MAX_ROWS = "1000";
    const genes = new GeneService(
      dataSource,
      services.search,
      services.sizes,
      services.tables,
      services.releases,
    );
    const lists = new HeldLists(
      services.releases,
      services.diseases,
      services.papers,
      services.tables,
      services.sizes,
    );
    try {
      await Promise.all([genes.warm(), lists.warm()]);
      expect(genes.tabs?.lists("papers", [1]), "no gene list is held").toBeNull();
      const args = { term: "", mode: "all" as const, request: { page: 1, pageSize: 20 } };
      expect(lists.diseaseGenePages(["DOID:0060041"], args)).toBeNull();
      // The answers are the SQL ones, as the held portal's are.
      expect(Object.fromEntries(await genes.papersByGene([1, 118]))).toEqual(
        Object.fromEntries(await services.genes.papersByGene([1, 118])),
      );
    } finally {
      genes.stop();
      lists.stop();
      if (before === undefined) delete process.env.HOLD_RELEASE_MAX_ROWS;
      else process.env.HOLD_RELEASE_MAX_ROWS = before;
    }
  });

  it("answers the gene, disease and study pages byte for byte as a gateway that holds nothing", async () => {
    const before = process.env.HOLD_RELEASE_MAX_ROWS;
    process.env.HOLD_RELEASE_MAX_ROWS = "1000";
    const bySql = await startPortal(db, { keepShared: true }).finally(() => {
      if (before === undefined) delete process.env.HOLD_RELEASE_MAX_ROWS;
      else process.env.HOLD_RELEASE_MAX_ROWS = before;
    });
    try {
      expect(
        bySql.portal.services.genes.tabs?.lists("papers", [1]),
        "the second gateway holds nothing",
      ).toBeNull();
      const answer = async (baseUrl: string, query: string, variables: Record<string, unknown>) =>
        (
          await fetch(`${baseUrl}/graphql`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ query, variables }),
          })
        ).text();
      const { services } = api.portal;
      const tables = await services.tables.get();
      // Every 97th gene plus the largest (DLG4 = 1, SHANK3 = 118), every 61st disease, every study.
      const geneIds = [1, 118, ...[...tables.genes.keys()].filter((_, i) => i % 97 === 0)];
      const hdoids = [...tables.diseases.keys()].filter((_, i) => i % 61 === 0);
      const pmids = [...tables.papers.keys()];
      const pages: [string, string, (string | number)[]][] = [
        [GENE_PAGE, "id", geneIds],
        [GENE_TABS_PAGED, "id", geneIds.slice(0, 40)],
        [DISEASE_PAGE, "hdoid", hdoids],
        [STUDY_PAGE, "pmid", pmids],
      ];
      let compared = 0;
      for (const [query, variable, ids] of pages)
        for (const id of ids) {
          const [held, sql] = await Promise.all([
            answer(api.baseUrl, query, { [variable]: id }),
            answer(bySql.baseUrl, query, { [variable]: id }),
          ]);
          expect(held, `${variable} ${id}`).toBe(sql);
          expect(held).not.toContain('"errors"');
          compared++;
        }
      expect(compared).toBeGreaterThan(200);
    } finally {
      await bySql.close();
    }
  }, 300_000);
});

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
