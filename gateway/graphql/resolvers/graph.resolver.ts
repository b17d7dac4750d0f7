import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from "type-graphql";
import {
  BrainRegion,
  Chapter,
  Disease,
  Gene,
  GoTerm,
  Mutation,
  Paper,
  Species,
  SyngoAnnotation,
} from "../../../schema";
import { ChapterDisease } from "../../../schema/classification.type";
import { chapterAddress, regionAddress } from "../../../schema/entity-address";
import type { GenePaper } from "../../../schema/gene-views.type";
import {
  CompartmentName,
  DiseaseConnection,
  DiseaseGeneConnection,
  DisplayMode,
  GeneConnection,
  GeneDiseaseConnection,
  GeneGoTermConnection,
  GeneMutationConnection,
  GenePaperConnection,
  PaperConnection,
  PaperGeneConnection,
  RegionCompartmentGenes,
  RegionGeneConnection,
} from "../../../schema/graph.type";
import { isWholeBrain } from "../../services/brain-region.service";
import { filteredCount } from "../../services/list-query";
import { checkPage, type PageRequest } from "../../services/paging";
import type { PortalContext } from "../context";
import { edgesOf, present } from "./loaded";

const PAGE = { defaultValue: 1, description: "Page (1-based)." };
const PAGE_SIZE = { defaultValue: 20, description: "Items per page (1–100)." };

// How a connection's list counts in a query's cost (limits.ts, fan-out.ts), said on each connection field
// instead of one release's sizes: another release has other longest lists.
const COSTED_AT_LONGEST =
  "Its length is totalCount. The query cost limit counts n parents' lists as the n longest such lists in the live release, each at most pageSize.";
const COSTED_AS_PAGE =
  "Its length is totalCount. The query cost limit counts it as min(pageSize, the paper table's rows) per parent: the list is derived, not measured per release.";

/** The paging fields of a connection for one page of a list of `totalCount` items. */
function paging(request: PageRequest, totalCount: number) {
  return {
    totalCount,
    page: request.page,
    pageSize: request.pageSize,
    hasNextPage: request.page * request.pageSize < totalCount,
  };
}

/** The study context of an edge between a gene and a study (a row of paper_gene). */
function studyEdge(
  row: Pick<GenePaper, "species" | "brainRegion" | "localisation" | "method" | "dataset" | "isSynthetic">,
) {
  return {
    species: row.species,
    brainRegion: row.brainRegion,
    compartment: row.localisation,
    method: row.method,
    dataset: row.dataset,
    isSynthetic: row.isSynthetic,
  };
}

/** One page of a list a loader read whole (a gene's own lists are bounded by the release: ≤ 300). */
function slice<T>(list: T[], request: PageRequest): T[] {
  const start = (request.page - 1) * request.pageSize;
  return list.slice(start, start + request.pageSize);
}

@Resolver(() => Gene)
export class GeneGraphResolver {
  @FieldResolver(() => GeneDiseaseConnection, {
    description: `The diseases associated with the gene (disease_gene), by disease label: each edge holds the Disease and the association's source and reference. ${COSTED_AT_LONGEST}`,
  })
  async diseaseConnection(
    @Root() gene: Gene,
    @Arg("page", () => Int, PAGE) page: number,
    @Arg("pageSize", () => Int, PAGE_SIZE) pageSize: number,
    @Ctx() { loaders }: PortalContext,
  ): Promise<GeneDiseaseConnection> {
    const request = checkPage(page, pageSize);
    const all = await loaders.diseases.load(gene.id);
    const rows = slice(all, request);
    const diseases = await loaders.disease.loadMany(rows.map((r) => r.hdoid));
    return {
      ...paging(request, all.length),
      edges: edgesOf(rows, diseases, (r, disease) => ({ disease, source: r.source, reference: r.reference })),
    };
  }

  @FieldResolver(() => GenePaperConnection, {
    description: `The proteomic studies reporting the gene (paper_gene), newest first: one edge per study, brain region and compartment, with the Paper and the study context. ${COSTED_AT_LONGEST}`,
  })
  async paperConnection(
    @Root() gene: Gene,
    @Arg("page", () => Int, PAGE) page: number,
    @Arg("pageSize", () => Int, PAGE_SIZE) pageSize: number,
    @Ctx() { loaders }: PortalContext,
  ): Promise<GenePaperConnection> {
    const request = checkPage(page, pageSize);
    const all = await loaders.papers.load(gene.id);
    const rows = slice(all, request);
    const papers = await loaders.paper.loadMany(rows.map((r) => r.pmid));
    return {
      ...paging(request, all.length),
      edges: edgesOf(rows, papers, (r, paper) => ({ paper, ...studyEdge(r) })),
    };
  }

  @FieldResolver(() => GeneMutationConnection, {
    description: `The disease-associated mutations of the gene (mutations.csv), by chromosome and position. ${COSTED_AT_LONGEST}`,
  })
  async mutationConnection(
    @Root() gene: Gene,
    @Arg("page", () => Int, PAGE) page: number,
    @Arg("pageSize", () => Int, PAGE_SIZE) pageSize: number,
    @Ctx() { loaders }: PortalContext,
  ): Promise<GeneMutationConnection> {
    const request = checkPage(page, pageSize);
    const all = await loaders.mutations.load(gene.id);
    return { ...paging(request, all.length), nodes: slice(all, request) };
  }

  @FieldResolver(() => GeneGoTermConnection, {
    description: `The Gene Ontology annotations of the gene (go_gene), by domain and GO id: each edge holds the GoTerm, the evidence code and the species. ${COSTED_AT_LONGEST}`,
  })
  async goTermConnection(
    @Root() gene: Gene,
    @Arg("page", () => Int, PAGE) page: number,
    @Arg("pageSize", () => Int, PAGE_SIZE) pageSize: number,
    @Ctx() { loaders }: PortalContext,
  ): Promise<GeneGoTermConnection> {
    const request = checkPage(page, pageSize);
    const all = await loaders.go.load(gene.id);
    return {
      ...paging(request, all.length),
      edges: slice(all, request).map((a) => ({
        term:
          a.term === null
            ? null
            : Object.assign(new GoTerm(), { goId: a.goId, term: a.term, domain: a.domain ?? "Unknown" }),
        evidence: a.evidence,
        species: Object.assign(new Species(), {
          taxid: a.speciesTaxid,
          name: a.speciesName ?? String(a.speciesTaxid),
          sciName: a.speciesSciName,
        }),
      })),
    };
  }

  @FieldResolver(() => GeneConnection, {
    description: `The gene's interaction partners in the protein–protein interaction table (ppi.csv, BioNAR networks), by GeneID. ${COSTED_AT_LONGEST}`,
  })
  async interactorConnection(
    @Root() gene: Gene,
    @Arg("page", () => Int, PAGE) page: number,
    @Arg("pageSize", () => Int, PAGE_SIZE) pageSize: number,
    @Ctx() { loaders }: PortalContext,
  ): Promise<GeneConnection> {
    const request = checkPage(page, pageSize);
    const ids = await loaders.interactorIds.load(gene.id);
    return {
      ...paging(request, ids.length),
      nodes: present(await loaders.gene.loadMany(slice(ids, request))),
    };
  }
}

@Resolver(() => Disease)
export class DiseaseGraphResolver {
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

@Resolver(() => Paper)
export class PaperGraphResolver {
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
}

@Resolver(() => Mutation)
export class GeneMutationGraphResolver {
  @Query(() => Mutation, { nullable: true, description: "A mutation by its id; null when unknown." })
  mutation(
    @Arg("id", () => Int, { description: "Mutation id (mutations.csv)." }) id: number,
    @Ctx() { loaders }: PortalContext,
  ): Promise<Mutation | null> {
    return loaders.mutation.load(id);
  }

  @FieldResolver(() => Disease, {
    nullable: true,
    description: "The disease the mutation is associated with.",
  })
  disease(@Root() mutation: Mutation, @Ctx() { loaders }: PortalContext): Promise<Disease | null> {
    return loaders.disease.load(mutation.hdoid);
  }

  @FieldResolver(() => [Paper], {
    description:
      "The studies reporting the mutation (paper_mutation), by PMID. A short list: at most 1 in the release.",
  })
  async papers(@Root() mutation: Mutation, @Ctx() { loaders }: PortalContext): Promise<Paper[]> {
    const pmids = await loaders.mutationPmids.load(mutation.id);
    return present(await loaders.paper.loadMany(pmids));
  }
}

@Resolver(() => Chapter)
export class ChapterGraphResolver {
  @FieldResolver(() => String, {
    description: "The chapter's own page on the portal, as a path under its address (/icd-chapter/08).",
  })
  url(@Root() chapter: Chapter): string {
    return chapterAddress(chapter.chapter);
  }

  @Query(() => Chapter, {
    nullable: true,
    description: "An ICD-11 chapter by its two-digit code (e.g. 08); null when unknown.",
  })
  async chapter(
    @Arg("code", () => String, { description: "Two-digit chapter code, e.g. 08." }) code: string,
    @Ctx() { loaders }: PortalContext,
  ): Promise<Chapter | null> {
    const chapters = await loaders.allChapters.load("all");
    return chapters.find((c) => c.chapter === code.trim()) ?? null;
  }

  @FieldResolver(() => DiseaseConnection, {
    description: `The diseases classified in the chapter (Disease.icd11Chapter), by label. ${COSTED_AT_LONGEST}`,
  })
  async diseaseConnection(
    @Root() chapter: Chapter,
    @Arg("page", () => Int, PAGE) page: number,
    @Arg("pageSize", () => Int, PAGE_SIZE) pageSize: number,
    @Ctx() { loaders }: PortalContext,
  ): Promise<DiseaseConnection> {
    const request = checkPage(page, pageSize);
    const result = await loaders.chapterDiseases.load({ key: chapter.chapter, args: request });
    return {
      ...paging(request, result.totalCount),
      nodes: present(await loaders.disease.loadMany(result.rows)),
    };
  }
}

@Resolver(() => ChapterDisease)
export class ChapterDiseaseGraphResolver {
  @FieldResolver(() => Disease, { nullable: true, description: "The disease as an object of the graph." })
  disease(@Root() row: ChapterDisease, @Ctx() { loaders }: PortalContext): Promise<Disease | null> {
    return row.hdoid ? loaders.disease.load(row.hdoid) : Promise.resolve(null);
  }
}

@Resolver(() => BrainRegion)
export class RegionGraphResolver {
  @FieldResolver(() => String, {
    description:
      "The region's own page on the portal, as a path under its address (/brain-region/hippocampus).",
  })
  url(@Root() region: BrainRegion): string {
    return regionAddress(region.name);
  }

  @Query(() => BrainRegion, { nullable: true, description: "A brain region by its id; null when unknown." })
  async region(
    @Arg("id", () => Int, { description: "Region id (1 = whole brain)." }) id: number,
    @Ctx() { loaders }: PortalContext,
  ): Promise<BrainRegion | null> {
    return (await loaders.allRegions.load("all")).find((r) => r.id === id) ?? null;
  }

  @FieldResolver(() => BrainRegion, {
    nullable: true,
    description: "The enclosing region; null for the whole brain (the root).",
  })
  async parent(@Root() region: BrainRegion, @Ctx() { loaders }: PortalContext): Promise<BrainRegion | null> {
    if (isWholeBrain(region) || region.parentId === null) return null;
    return (await loaders.allRegions.load("all")).find((r) => r.id === region.parentId) ?? null;
  }

  @FieldResolver(() => [BrainRegion], {
    description: "The regions directly inside this one, by name (at most 6 in the release's 18 regions).",
  })
  async children(@Root() region: BrainRegion, @Ctx() { loaders }: PortalContext): Promise<BrainRegion[]> {
    const all = await loaders.allRegions.load("all");
    return all.filter((r) => r.parentId === region.id && !isWholeBrain(r));
  }

  @FieldResolver(() => [RegionCompartmentGenes], {
    description:
      "The synaptic compartments studies sampled in this region, by name, with their gene counts (at most 4).",
  })
  compartments(
    @Root() region: BrainRegion,
    @Ctx() { loaders }: PortalContext,
  ): Promise<RegionCompartmentGenes[]> {
    return loaders.regionCompartments.load(region.id);
  }

  @FieldResolver(() => RegionGeneConnection, {
    description: `The genes studies report in this region itself (not its sub-regions), most studies first, with the study count. ${COSTED_AT_LONGEST}`,
  })
  async geneConnection(
    @Root() region: BrainRegion,
    @Arg("compartment", () => CompartmentName, {
      nullable: true,
      description: "Only genes reported in this compartment of the region; every compartment when null.",
    })
    compartment: CompartmentName | null,
    @Arg("page", () => Int, PAGE) page: number,
    @Arg("pageSize", () => Int, PAGE_SIZE) pageSize: number,
    @Ctx() { loaders }: PortalContext,
  ): Promise<RegionGeneConnection> {
    const request = checkPage(page, pageSize);
    const result = await loaders.regionGeneEdges.load({
      key: region.id,
      args: { compartment: compartment ?? null, request },
    });
    const genes = await loaders.gene.loadMany(result.rows.map((r) => r.geneId));
    return {
      ...paging(request, result.totalCount),
      edges: edgesOf(result.rows, genes, (r, gene) => ({ gene, studyCount: r.studyCount })),
    };
  }
}

@Resolver(() => GoTerm)
export class GoTermGraphResolver {
  @FieldResolver(() => GeneConnection, {
    description: `The distinct genes annotated with the term (go_gene, any evidence code and species), by GeneID. ${COSTED_AT_LONGEST}`,
  })
  async geneConnection(
    @Root() term: GoTerm,
    @Arg("page", () => Int, PAGE) page: number,
    @Arg("pageSize", () => Int, PAGE_SIZE) pageSize: number,
    @Ctx() { loaders }: PortalContext,
  ): Promise<GeneConnection> {
    const request = checkPage(page, pageSize);
    const result = await loaders.goTermGenes.load({ key: term.goId, args: request });
    return {
      ...paging(request, result.totalCount),
      nodes: present(await loaders.gene.loadMany(result.rows)),
    };
  }
}

@Resolver(() => SyngoAnnotation)
export class SyngoAnnotationGraphResolver {
  @FieldResolver(() => [Gene], {
    description: "The genes the SynGO annotation covers (paralogs share one; at most 5 in the release).",
  })
  async genes(@Root() annotation: SyngoAnnotation, @Ctx() { loaders }: PortalContext): Promise<Gene[]> {
    const ids = await loaders.syngoAnnotationGeneIds.load(annotation.id);
    return present(await loaders.gene.loadMany(ids));
  }
}
