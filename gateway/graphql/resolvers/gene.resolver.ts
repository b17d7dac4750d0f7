import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from "type-graphql";
import {
  BrainRegion,
  Gene,
  GoTerm,
  Localisation,
  Mutation,
  OmimRecord,
  Species,
  SyngoAnnotation,
} from "../../../schema";
import { geneAddress } from "../../../schema/entity-address";
import { GeneDisease, GenePaper, GeneSearchResult, GoAnnotation } from "../../../schema/gene-views.type";
import {
  GeneConnection,
  GeneDiseaseConnection,
  GeneGoTermConnection,
  GeneMutationConnection,
  GenePaperConnection,
} from "../../../schema/graph.type";
import { BadInputError } from "../../errors";
import { checkPage } from "../../services/paging";
import type { PortalContext } from "../context";
import { COSTED_AT_LONGEST, PAGE, PAGE_SIZE, paging, slice, studyEdge } from "./connection";
import { edgesOf, present } from "./loaded";

@Resolver(() => Gene)
export class GeneResolver {
  @FieldResolver(() => String, {
    description: "The gene's own page on the portal, as a path under its address (/gene/DLG4).",
  })
  url(@Root() gene: Gene): string {
    return geneAddress(gene.humanName);
  }

  @Query(() => GeneSearchResult, {
    description:
      "Genes matching a symbol, alias, protein name, Human/Mouse/Rat Entrez id or MGI id, plus the genes the protein-name lookup of the term adds, in one order: exact symbol, exact human Entrez/MGI id, mouse/rat Entrez id, symbol family, exact alias, symbol prefix, alias prefix, protein lookup, protein name.",
  })
  async geneSearch(
    @Arg("q", () => String, { description: "Search term." }) q: string,
    @Arg("page", () => Int, { defaultValue: 1, description: "Page (1-based)." }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 10, description: "Rows per page (1–100)." }) pageSize: number,
    @Ctx() { services, loaders }: PortalContext,
  ): Promise<GeneSearchResult> {
    const result = await services.genes.search(q, checkPage(page, pageSize));
    const genes = await Promise.all(result.ids.map((id) => loaders.gene.load(id)));
    return {
      genes: genes.filter((g): g is Gene => g !== null),
      matches: result.matches,
      pagination: result.pagination,
      proteinLookup: result.proteinLookup,
    };
  }

  @Query(() => [Gene], {
    description: "Every gene matching a search term, in search order (the search download).",
  })
  async geneSearchAll(
    @Arg("q", () => String, { description: "Search term." }) q: string,
    @Ctx() { services, loaders }: PortalContext,
  ): Promise<Gene[]> {
    const result = await services.genes.search(q, null);
    const genes = await loaders.gene.loadMany(result.ids);
    return present(genes);
  }

  @Query(() => Gene, {
    nullable: true,
    description:
      "A gene by exactly one natural identifier: its internal GeneID, its human symbol (any case) or its human NCBI Gene (Entrez) id; null when unknown.",
  })
  async gene(
    @Arg("id", () => Int, { nullable: true, description: "Internal GeneID (DLG4 = 1)." }) id: number | null,
    @Arg("symbol", () => String, { nullable: true, description: "HGNC human gene symbol, e.g. SHANK3." })
    symbol: string | null,
    @Arg("entrezId", () => Int, { nullable: true, description: "Human NCBI Gene id, e.g. 85358." })
    entrezId: number | null,
    @Ctx() { loaders }: PortalContext,
  ): Promise<Gene | null> {
    const given = [id, symbol, entrezId].filter((v) => v !== null && v !== undefined);
    if (given.length !== 1) throw new BadInputError("Give exactly one of id, symbol or entrezId");
    let geneId: number | null = id ?? null;
    if (symbol !== null && symbol !== undefined)
      geneId = await loaders.geneIdBySymbol.load(symbol.trim().toLowerCase());
    if (entrezId !== null && entrezId !== undefined) geneId = await loaders.geneIdByEntrez.load(entrezId);
    return geneId === null ? null : loaders.gene.load(geneId);
  }

  @Query(() => [String], {
    description: "Human Entrez ids of the consensus genes (reported in five or more studies).",
  })
  consensusGeneEntrezIds(@Ctx() { services }: PortalContext): Promise<string[]> {
    return services.genes.consensusEntrezIds();
  }

  @FieldResolver(() => Int, {
    description: "Distinct studies reporting the gene (the 'Unique' papers badge).",
  })
  papersCount(@Root() gene: Gene): number {
    return gene.paperCount;
  }

  @FieldResolver(() => Int, { description: "Diseases associated with the gene." })
  diseasesCount(@Root() gene: Gene, @Ctx() { loaders }: PortalContext): Promise<number> {
    return loaders.diseaseCount.load(gene.id);
  }

  @FieldResolver(() => Int, { description: "Mutations recorded for the gene." })
  mutationsCount(@Root() gene: Gene, @Ctx() { loaders }: PortalContext): Promise<number> {
    return loaders.mutationCount.load(gene.id);
  }

  @FieldResolver(() => Int, { description: "OMIM phenotype records of the gene." })
  async omimCount(@Root() gene: Gene, @Ctx() { loaders }: PortalContext): Promise<number> {
    return gene.humanEntrez === null ? 0 : loaders.omimCount.load(gene.humanEntrez);
  }

  @FieldResolver(() => Int, {
    description:
      "The gene's Gene Ontology (GO) annotations, as the 'GO Terms' tab counts them (goTermConnection's totalCount). Despite its name, kept from the legacy API (whose 'syngo' tab is the GO tab), this is not the SynGO count: that is syngoportalCount.",
  })
  syngoCount(@Root() gene: Gene, @Ctx() { loaders }: PortalContext): Promise<number> {
    return loaders.goCount.load(gene.id);
  }

  @FieldResolver(() => Int, {
    description:
      "The gene's expert-curated SynGO annotations (syngoAnnotations, the SynGO tab). The name is the legacy API's ('syngoportal' tab); the GO count is syngoCount.",
  })
  syngoportalCount(@Root() gene: Gene, @Ctx() { loaders }: PortalContext): Promise<number> {
    return loaders.syngoCount.load(gene.id);
  }

  @FieldResolver(() => [GenePaper], {
    description: "Studies reporting the gene, one entry per brain region and compartment.",
    deprecationReason:
      "Use Gene.paperConnection: the Paper as an object, the study context on the edge, paged.",
  })
  papers(@Root() gene: Gene, @Ctx() { loaders }: PortalContext): Promise<GenePaper[]> {
    return loaders.papers.load(gene.id);
  }

  @FieldResolver(() => [GeneDisease], {
    description: "Diseases associated with the gene.",
    deprecationReason:
      "Use Gene.diseaseConnection: the Disease as an object, source and reference on the edge, paged.",
  })
  diseases(@Root() gene: Gene, @Ctx() { loaders }: PortalContext): Promise<GeneDisease[]> {
    return loaders.diseases.load(gene.id);
  }

  @FieldResolver(() => [Mutation], {
    description: "Disease-associated mutations of the gene.",
    deprecationReason: "Use Gene.mutationConnection (paged).",
  })
  mutations(@Root() gene: Gene, @Ctx() { loaders }: PortalContext): Promise<Mutation[]> {
    return loaders.mutations.load(gene.id);
  }

  @FieldResolver(() => [OmimRecord], {
    description: "OMIM phenotypes and ICD-11 chapters of the gene, oldest first.",
  })
  async omimRecords(@Root() gene: Gene, @Ctx() { loaders }: PortalContext): Promise<OmimRecord[]> {
    return loaders.omim.load(gene.id);
  }

  @FieldResolver(() => [GoAnnotation], {
    description: "GO annotations with evidence codes.",
    deprecationReason:
      "Use Gene.goTermConnection: the GoTerm as an object, evidence and species on the edge, paged.",
  })
  goAnnotations(@Root() gene: Gene, @Ctx() { loaders }: PortalContext): Promise<GoAnnotation[]> {
    return loaders.go.load(gene.id);
  }

  @FieldResolver(() => [Localisation], {
    description: "Synaptic compartments in which any study reported the gene.",
  })
  compartments(@Root() gene: Gene, @Ctx() { loaders }: PortalContext): Promise<Localisation[]> {
    return loaders.compartments.load(gene.id);
  }

  @FieldResolver(() => [BrainRegion], { description: "Brain regions in which any study reported the gene." })
  brainRegions(@Root() gene: Gene, @Ctx() { loaders }: PortalContext): Promise<BrainRegion[]> {
    return loaders.regions.load(gene.id);
  }

  @FieldResolver(() => [Gene], {
    description: "Interaction partners in the protein–protein interaction table (BioNAR networks).",
    deprecationReason: "Use Gene.interactorConnection (paged).",
  })
  async interactors(@Root() gene: Gene, @Ctx() { loaders }: PortalContext): Promise<Gene[]> {
    const ids = await loaders.interactorIds.load(gene.id);
    const genes = await loaders.gene.loadMany(ids);
    return present(genes);
  }

  @FieldResolver(() => Int, { description: "Number of interaction partners in the PPI table." })
  async interactorCount(@Root() gene: Gene, @Ctx() { loaders }: PortalContext): Promise<number> {
    return (await loaders.interactorIds.load(gene.id)).length;
  }

  @FieldResolver(() => [SyngoAnnotation], { description: "Expert-curated SynGO annotations." })
  syngoAnnotations(@Root() gene: Gene, @Ctx() { loaders }: PortalContext): Promise<SyngoAnnotation[]> {
    return loaders.syngo.load(gene.id);
  }

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
