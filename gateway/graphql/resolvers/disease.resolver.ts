import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from "type-graphql";
import { Chapter, Disease, Gene, Paper } from "../../../schema";
import {
  DiseaseConsensusStats,
  DiseaseGenePage,
  DiseaseMutationPage,
  DiseasePaperPage,
  DiseaseSearchResult,
} from "../../../schema/disease-views.type";
import { diseaseAddress } from "../../../schema/entity-address";
import {
  DiseaseGeneConnection,
  DisplayMode,
  GeneMutationConnection,
  PaperConnection,
} from "../../../schema/graph.type";
import type { DiseaseListArgs } from "../../services/disease.service";
import { checkMode, checkTerm, filteredCount, listPagination, percentage } from "../../services/list-query";
import { checkPage } from "../../services/paging";
import type { PortalContext } from "../context";
import { COSTED_AS_PAGE, COSTED_AT_LONGEST, COSTED_WHOLE, PAGE, PAGE_SIZE, paging } from "./connection";
import { EntityListsResolver } from "./entity-lists.resolver";
import { edgesOf, present } from "./loaded";

const ALL_ROWS: DiseaseListArgs = { term: "", mode: "all", request: null };

@Resolver(() => Disease)
export class DiseaseResolver extends EntityListsResolver({
  type: Disease,
  key: (disease: Disease) => disease.hdoid,
  geneCounts: (loaders) => loaders.diseaseGeneCounts,
  mutationCounts: (loaders) => loaders.diseaseMutationCounts,
  mutationPage: (loaders) => loaders.diseaseMutationPage,
  mutationPageType: DiseaseMutationPage,
  describe: {
    geneCount: "Genes associated with the disease.",
    consensusGeneCount: "Consensus genes among the disease's genes.",
    mutationCount: "Mutations recorded for the disease.",
    mutations: "One page of the mutations recorded for the disease, by chromosome and position.",
    mutationMode: "Which mutations to list, by their gene's consensus status.",
    allMutations: `Every mutation recorded for the disease (the download). ${COSTED_WHOLE}`,
    allMutationsDeprecation: "Use Disease.mutationConnection (paged).",
  },
}) {
  @FieldResolver(() => String, {
    description: "The disease's own page on the portal, as a path under its address (/disease/DOID:1826).",
  })
  url(@Root() disease: Disease): string {
    return diseaseAddress(disease.hdoid);
  }

  @Query(() => DiseaseSearchResult, {
    description:
      "Diseases matching an HDOID exactly (a bare number means DOID:number) or a substring of the label or definition; exact HDOID first, then exact label, label prefix, label substring, definition substring.",
  })
  async diseaseSearch(
    @Arg("q", () => String, { description: "Search term." }) q: string,
    @Arg("page", () => Int, { defaultValue: 1, description: "Page (1-based)." }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 10, description: "Rows per page (1–100)." }) pageSize: number,
    @Ctx() { services, loaders }: PortalContext,
  ): Promise<DiseaseSearchResult> {
    const result = await services.diseases.search(q, checkPage(page, pageSize));
    return {
      diseases: present(await loaders.disease.loadMany(result.hdoids)),
      pagination: result.pagination,
    };
  }

  @Query(() => [Disease], {
    description: "Every disease matching a search term, in search order (the search download).",
  })
  async diseaseSearchAll(
    @Arg("q", () => String, { description: "Search term." }) q: string,
    @Ctx() { services, loaders }: PortalContext,
  ): Promise<Disease[]> {
    const result = await services.diseases.search(q, null);
    return present(await loaders.disease.loadMany(result.hdoids));
  }

  @Query(() => Disease, { nullable: true, description: "A disease by its HDOID; null when unknown." })
  disease(
    @Arg("hdoid", () => String, { description: "Human Disease Ontology id, e.g. DOID:0060041." })
    hdoid: string,
    @Ctx() { loaders }: PortalContext,
  ): Promise<Disease | null> {
    return loaders.disease.load(hdoid.trim().toUpperCase());
  }

  @FieldResolver(() => DiseaseGenePage, {
    description:
      "One page of the genes associated with the disease: by symbol, or with a filter term in the gene search order.",
  })
  async genes(
    @Root() disease: Disease,
    @Arg("page", () => Int, { defaultValue: 1, description: "Page (1-based)." }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 20, description: "Rows per page (1–100)." }) pageSize: number,
    @Arg("term", () => String, {
      defaultValue: "",
      description:
        "Filter: the gene search's matches (symbol, ids, alias, prefixes, protein name, and the genes the protein-name lookup adds), or a substring of the symbol or MGI id; in the gene search order.",
    })
    term: string,
    @Arg("mode", () => DisplayMode, { defaultValue: DisplayMode.ALL, description: "Which rows to list." })
    mode: DisplayMode,
    @Ctx() { loaders }: PortalContext,
  ): Promise<DiseaseGenePage> {
    const args = { term: checkTerm(term), mode: checkMode(mode), request: checkPage(page, pageSize) };
    const result = await loaders.diseaseGenePage.load({ key: disease.hdoid, args });
    return {
      genes: present(await loaders.gene.loadMany(result.ids)),
      pagination: listPagination(args.request, result.totals, args.mode),
      matches: result.matches ?? [],
      // The lookup named as the term was typed (the filter itself ignores case).
      proteinLookup: result.proteinLookup ? { ...result.proteinLookup, name: term.trim() } : null,
    };
  }

  @FieldResolver(() => [Gene], {
    description: `Every gene associated with the disease, by symbol (the catalog download). ${COSTED_WHOLE}`,
    deprecationReason: "Use Disease.geneConnection (paged, with the association on the edge).",
  })
  async allGenes(@Root() disease: Disease, @Ctx() { loaders }: PortalContext): Promise<Gene[]> {
    const result = await loaders.diseaseGenePage.load({ key: disease.hdoid, args: ALL_ROWS });
    return present(await loaders.gene.loadMany(result.ids));
  }

  @FieldResolver(() => DiseasePaperPage, {
    description:
      "One page of the studies behind the disease's data, newest first: synapse proteomic studies reporting at least one of its genes, and mutation studies reporting one of its mutations.",
  })
  async papers(
    @Root() disease: Disease,
    @Arg("page", () => Int, { defaultValue: 1, description: "Page (1-based)." }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 20, description: "Rows per page (1–100)." }) pageSize: number,
    @Arg("term", () => String, {
      defaultValue: "",
      description: "Filter: substring of the study name, title or description, or an exact PMID or year.",
    })
    term: string,
    @Ctx() { loaders }: PortalContext,
  ): Promise<DiseasePaperPage> {
    const args: DiseaseListArgs = { term: checkTerm(term), mode: "all", request: checkPage(page, pageSize) };
    const result = await loaders.diseasePaperPage.load({ key: disease.hdoid, args });
    const { totalConsensus: _, ...paging } = listPagination(args.request!, result.totals, "all");
    return { papers: present(await loaders.paper.loadMany(result.ids)), pagination: paging };
  }

  @FieldResolver(() => [Paper], {
    description: "Every study behind the disease's data (see papers), newest first.",
    deprecationReason: "Use Disease.paperConnection (paged).",
  })
  async allPapers(@Root() disease: Disease, @Ctx() { loaders }: PortalContext): Promise<Paper[]> {
    const result = await loaders.diseasePaperPage.load({ key: disease.hdoid, args: ALL_ROWS });
    return present(await loaders.paper.loadMany(result.ids));
  }

  @FieldResolver(() => DiseaseConsensusStats, { description: "Consensus figures of the disease." })
  async consensusStats(
    @Root() disease: Disease,
    @Ctx() { loaders }: PortalContext,
  ): Promise<DiseaseConsensusStats> {
    const [genes, mutations] = await Promise.all([
      loaders.diseaseGeneCounts.load(disease.hdoid),
      loaders.diseaseMutationCounts.load(disease.hdoid),
    ]);
    return {
      totalConsensusGenes: genes.consensus,
      totalConsensusMutations: mutations.consensus,
      mutationConsensusPercentage: percentage(mutations.consensus, mutations.total),
    };
  }

  @FieldResolver(() => Int, { description: "Studies behind the disease's data (see papers)." })
  paperCount(@Root() disease: Disease, @Ctx() { loaders }: PortalContext): Promise<number> {
    return loaders.diseasePaperCount.load(disease.hdoid);
  }

  @FieldResolver(() => DiseaseGeneConnection, {
    description: `The genes associated with the disease (disease_gene), by symbol: each edge holds the Gene and the association's source and reference. ${COSTED_AT_LONGEST}`,
  })
  async geneConnection(
    @Root() disease: Disease,
    @Arg("mode", () => DisplayMode, { defaultValue: DisplayMode.ALL, description: "Which genes to list." })
    mode: DisplayMode,
    @Arg("page", () => Int, PAGE) page: number,
    @Arg("pageSize", () => Int, PAGE_SIZE) pageSize: number,
    @Ctx() { loaders }: PortalContext,
  ): Promise<DiseaseGeneConnection> {
    const request = checkPage(page, pageSize);
    const result = await loaders.diseaseGeneEdges.load({ key: disease.hdoid, args: { mode, request } });
    const genes = await loaders.gene.loadMany(result.rows.map((r) => r.geneId));
    return {
      ...paging(request, result.totalCount),
      edges: edgesOf(result.rows, genes, (r, gene) => ({ gene, source: r.source, reference: r.reference })),
    };
  }

  @FieldResolver(() => GeneMutationConnection, {
    description: `The mutations recorded for the disease (mutations.csv), by chromosome and position. ${COSTED_AT_LONGEST}`,
  })
  async mutationConnection(
    @Root() disease: Disease,
    @Arg("mode", () => DisplayMode, {
      defaultValue: DisplayMode.ALL,
      description: "Which mutations to list, by their gene's consensus status.",
    })
    mode: DisplayMode,
    @Arg("page", () => Int, PAGE) page: number,
    @Arg("pageSize", () => Int, PAGE_SIZE) pageSize: number,
    @Ctx() { loaders }: PortalContext,
  ): Promise<GeneMutationConnection> {
    const request = checkPage(page, pageSize);
    const result = await loaders.diseaseMutationPage.load({
      key: disease.hdoid,
      args: { term: "", mode, request },
    });
    return {
      ...paging(request, filteredCount(result.totals, mode)),
      nodes: present(await loaders.mutation.loadMany(result.ids)),
    };
  }

  @FieldResolver(() => PaperConnection, {
    description: `The studies behind the disease's data, newest first: proteomic studies reporting at least one of its genes, and mutation studies reporting one of its mutations. ${COSTED_AS_PAGE}`,
  })
  async paperConnection(
    @Root() disease: Disease,
    @Arg("page", () => Int, PAGE) page: number,
    @Arg("pageSize", () => Int, PAGE_SIZE) pageSize: number,
    @Ctx() { loaders }: PortalContext,
  ): Promise<PaperConnection> {
    const request = checkPage(page, pageSize);
    const result = await loaders.diseasePaperPage.load({
      key: disease.hdoid,
      args: { term: "", mode: "all", request },
    });
    return {
      ...paging(request, result.totals.matching),
      nodes: present(await loaders.paper.loadMany(result.ids)),
    };
  }

  @FieldResolver(() => Chapter, {
    nullable: true,
    description: "The ICD-11 chapter the disease is classified in (Disease.icd11Chapter); null when none.",
  })
  async chapter(@Root() disease: Disease, @Ctx() { loaders }: PortalContext): Promise<Chapter | null> {
    if (disease.icd11Chapter === null) return null;
    const chapters = await loaders.allChapters.load("all");
    return chapters.find((c) => c.chapter === disease.icd11Chapter) ?? null;
  }
}
