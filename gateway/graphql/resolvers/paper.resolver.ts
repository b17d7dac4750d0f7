import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from "type-graphql";
import { Paper } from "../../../schema";
import { studyAddress } from "../../../schema/entity-address";
import {
  CompartmentName,
  DisplayMode,
  GeneMutationConnection,
  PaperGeneConnection,
} from "../../../schema/graph.type";
import {
  PaperConsensusStats,
  PaperGenePage,
  PaperGeneRow,
  PaperMutationPage,
  PaperSearchResult,
} from "../../../schema/paper-views.type";
import { BadInputError } from "../../errors";
import { checkMode, checkTerm, filteredCount, listPagination, percentage } from "../../services/list-query";
import { checkPage } from "../../services/paging";
import type { PaperGeneArgs } from "../../services/paper.service";
import { studyTitle } from "../../services/study-link";
import type { PortalContext } from "../context";
import { COSTED_AT_LONGEST, COSTED_WHOLE, PAGE, PAGE_SIZE, paging, studyEdge } from "./connection";
import { EntityListsResolver } from "./entity-lists.resolver";
import { edgesOf, present } from "./loaded";

const ALL_GENES: PaperGeneArgs = { term: "", mode: "all", localization: "", request: null };

@Resolver(() => Paper)
export class PaperResolver extends EntityListsResolver({
  type: Paper,
  key: (paper: Paper) => paper.pmid,
  geneCounts: (loaders) => loaders.paperGeneCounts,
  mutationCounts: (loaders) => loaders.paperMutationCounts,
  mutationPage: (loaders) => loaders.paperMutationPage,
  mutationPageType: PaperMutationPage,
  mutationModes: ["all", "consensus"],
  describe: {
    geneCount: "Distinct genes the study reports.",
    consensusGeneCount: "Distinct consensus genes the study reports.",
    mutationCount: "Mutations the study reports.",
    mutations: "One page of the mutations the study reports, by chromosome and position.",
    mutationMode: "ALL, or CONSENSUS (mutations in consensus genes); NON_CONSENSUS is refused.",
    allMutations: `Every mutation the study reports (the download). ${COSTED_WHOLE}`,
    allMutationsDeprecation: "Use Paper.mutationConnection (paged).",
  },
}) {
  @FieldResolver(() => PaperGeneConnection, {
    description: `The genes the study reports (paper_gene), by symbol: one edge per gene, brain region and compartment, with the Gene and the study context. ${COSTED_AT_LONGEST}`,
  })
  async geneConnection(
    @Root() paper: Paper,
    @Arg("mode", () => DisplayMode, { defaultValue: DisplayMode.ALL, description: "Which genes to list." })
    mode: DisplayMode,
    @Arg("compartment", () => CompartmentName, {
      nullable: true,
      description: "Only the rows of this compartment; every compartment when null.",
    })
    compartment: CompartmentName | null,
    @Arg("page", () => Int, PAGE) page: number,
    @Arg("pageSize", () => Int, PAGE_SIZE) pageSize: number,
    @Ctx() { loaders }: PortalContext,
  ): Promise<PaperGeneConnection> {
    const request = checkPage(page, pageSize);
    const result = await loaders.paperGenePage.load({
      key: paper.pmid,
      args: { term: "", mode, localization: compartment ?? "", request },
    });
    const genes = await loaders.gene.loadMany(result.rows.map((r) => r.geneId));
    return {
      ...paging(request, filteredCount(result.totals, mode)),
      edges: edgesOf(result.rows, genes, (r, gene) => ({ gene, ...studyEdge(r) })),
    };
  }

  @FieldResolver(() => GeneMutationConnection, {
    description: `The mutations the study reports (paper_mutation), by chromosome and position. ${COSTED_AT_LONGEST}`,
  })
  async mutationConnection(
    @Root() paper: Paper,
    @Arg("page", () => Int, PAGE) page: number,
    @Arg("pageSize", () => Int, PAGE_SIZE) pageSize: number,
    @Ctx() { loaders }: PortalContext,
  ): Promise<GeneMutationConnection> {
    const request = checkPage(page, pageSize);
    const result = await loaders.paperMutationPage.load({
      key: paper.pmid,
      args: { term: "", mode: "all", request },
    });
    return {
      ...paging(request, result.totals.matching),
      nodes: present(await loaders.mutation.loadMany(result.ids)),
    };
  }

  @Query(() => PaperSearchResult, {
    description:
      "Studies matching a PMID or year exactly, or a substring of the study name, title or description; exact PMID first, then year, name/title, description; newest first within each.",
  })
  async paperSearch(
    @Arg("q", () => String, { description: "Search term." }) q: string,
    @Arg("page", () => Int, { defaultValue: 1, description: "Page (1-based)." }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 10, description: "Rows per page (1–100)." }) pageSize: number,
    @Ctx() { services, loaders }: PortalContext,
  ): Promise<PaperSearchResult> {
    const result = await services.papers.search(q, checkPage(page, pageSize));
    return { papers: present(await loaders.paper.loadMany(result.pmids)), pagination: result.pagination };
  }

  @Query(() => [Paper], {
    description: "Every study matching a search term, in search order (the download).",
  })
  async paperSearchAll(
    @Arg("q", () => String, { description: "Search term." }) q: string,
    @Ctx() { services, loaders }: PortalContext,
  ): Promise<Paper[]> {
    const result = await services.papers.search(q, null);
    return present(await loaders.paper.loadMany(result.pmids));
  }

  @Query(() => Paper, {
    nullable: true,
    description:
      "A study by exactly one of its PubMed id or its name (HUSI_2000, any case); null when unknown.",
  })
  async paper(
    @Arg("pmid", () => Int, { nullable: true, description: "PubMed id." }) pmid: number | null,
    @Arg("name", () => String, { nullable: true, description: "Study name, e.g. HUSI_2000." })
    name: string | null,
    @Ctx() { loaders }: PortalContext,
  ): Promise<Paper | null> {
    const given = [pmid, name].filter((v) => v !== null && v !== undefined);
    if (given.length !== 1) throw new BadInputError("Give exactly one of pmid or name");
    if (name !== null && name !== undefined) {
      const found = await loaders.paperPmidByName.load(name.trim().toLowerCase());
      return found === null ? null : loaders.paper.load(found);
    }
    if (pmid === null || pmid < 1) throw new BadInputError("Invalid PMID");
    return loaders.paper.load(pmid);
  }

  @FieldResolver(() => String, {
    description:
      "The study's own page on the portal, as a path under its address: by PubMed id where that is real (/study/10862698), else by name (/study/HUSI_2000).",
  })
  url(@Root() paper: Paper): string {
    return studyAddress(paper);
  }

  @FieldResolver(() => String, {
    description: "The article title, or the study name when the title is unknown.",
  })
  paperTitle(@Root() paper: Paper): string {
    return studyTitle(paper);
  }

  @FieldResolver(() => PaperGenePage, {
    description:
      "One page of the genes the study reports (one row per gene, brain region and compartment), by symbol.",
  })
  async genes(
    @Root() paper: Paper,
    @Arg("page", () => Int, { defaultValue: 1, description: "Page (1-based)." }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 20, description: "Rows per page (1–100)." }) pageSize: number,
    @Arg("term", () => String, {
      defaultValue: "",
      description: "Filter: substring of the symbol or MGI id, or an exact Human/Mouse/Rat Entrez id.",
    })
    term: string,
    @Arg("localization", () => CompartmentName, {
      nullable: true,
      description: "Only rows of this compartment; every compartment when null.",
    })
    localization: CompartmentName | null,
    @Arg("mode", () => DisplayMode, { defaultValue: DisplayMode.ALL, description: "Which rows to list." })
    mode: DisplayMode,
    @Ctx() { loaders }: PortalContext,
  ): Promise<PaperGenePage> {
    const args = {
      term: checkTerm(term),
      mode: checkMode(mode),
      localization: await checkLocalization(localization ?? "", loaders),
      request: checkPage(page, pageSize),
    };
    const result = await loaders.paperGenePage.load({ key: paper.pmid, args });
    const genes = present(await loaders.gene.loadMany(result.rows.map((r) => r.geneId)));
    const byId = new Map(genes.map((g) => [g.id, g]));
    return {
      genes: result.rows.flatMap((r) => {
        const gene = byId.get(r.geneId);
        return gene ? [{ ...r, gene } as PaperGeneRow] : [];
      }),
      pagination: listPagination(args.request, result.totals, args.mode),
    };
  }

  @FieldResolver(() => [PaperGeneRow], {
    description: `Every gene row the study reports, by symbol (the download). ${COSTED_WHOLE}`,
    deprecationReason: "Use Paper.geneConnection (paged, with the study context on the edge).",
  })
  async allGenes(@Root() paper: Paper, @Ctx() { loaders }: PortalContext): Promise<PaperGeneRow[]> {
    const result = await loaders.paperGenePage.load({ key: paper.pmid, args: ALL_GENES });
    const genes = present(await loaders.gene.loadMany(result.rows.map((r) => r.geneId)));
    const byId = new Map(genes.map((g) => [g.id, g]));
    return result.rows.flatMap((r) => {
      const gene = byId.get(r.geneId);
      return gene ? [{ ...r, gene } as PaperGeneRow] : [];
    });
  }

  @FieldResolver(() => PaperConsensusStats, { description: "Consensus figures of the study." })
  async consensusStats(
    @Root() paper: Paper,
    @Ctx() { loaders }: PortalContext,
  ): Promise<PaperConsensusStats> {
    const counts = await loaders.paperGeneCounts.load(paper.pmid);
    return {
      totalConsensusGenes: counts.consensus,
      consensusPercentage: percentage(counts.consensus, counts.total),
    };
  }

  @FieldResolver(() => [String], {
    description:
      "Compartments the study reports genes in, alphabetically (the localization filter's choices).",
  })
  availableLocalizations(@Root() paper: Paper, @Ctx() { loaders }: PortalContext): Promise<string[]> {
    return loaders.paperLocalizations.load(paper.pmid);
  }
}

/**
 * A compartment filter: empty for all, else a compartment's name in any case (answered with its stored
 * name). Any other name is a 400 listing the valid ones, never an empty page.
 */
async function checkLocalization(localization: string, loaders: PortalContext["loaders"]): Promise<string> {
  const name = localization.trim();
  if (name === "") return "";
  const all = await loaders.localisations.load("all");
  const found = all.find((l) => l.name.toLowerCase() === name.toLowerCase());
  if (!found)
    throw new BadInputError(`Invalid localization. Must be one of: ${all.map((l) => l.name).join(", ")}`);
  return found.name;
}
