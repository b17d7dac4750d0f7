import { Arg, Ctx, Int, Query, Resolver } from "type-graphql";
import { Disease, Gene, Paper } from "../../../schema";
import { DiseaseTablePage, GeneTablePage, PaperTablePage } from "../../../schema/catalog-views.type";
import { DiseaseSortKey, GeneSortKey, PaperSortKey, SortDirection } from "../../../schema/list-enums";
import { checkPage } from "../../services/paging";
import type { PortalContext } from "../context";
import { present } from "./entity-lists.resolver";

const SORT_DIR = "Empty values sort last either way.";

@Resolver()
export class CatalogResolver {
  @Query(() => GeneTablePage, { description: "One sorted page of the Synapse Proteome Catalog." })
  async geneTable(
    @Arg("page", () => Int, { defaultValue: 1, description: "Page (1-based)." }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 20, description: "Rows per page (1–100)." }) pageSize: number,
    @Arg("sortBy", () => GeneSortKey, { defaultValue: GeneSortKey.ID, description: "The column to sort by." })
    sortBy: GeneSortKey,
    @Arg("sortDir", () => SortDirection, { nullable: true, description: `${SORT_DIR} Default asc.` })
    sortDir: SortDirection | null,
    @Arg("search", () => String, {
      defaultValue: "",
      description:
        "Substring of a human/mouse/rat symbol, the gene name or the MGI id, or an exact Entrez id or GeneID.",
    })
    search: string,
    @Arg("consensusOnly", () => Boolean, { defaultValue: false, description: "Only consensus genes." })
    consensusOnly: boolean,
    @Arg("minStudies", () => Int, {
      nullable: true,
      description: "Only genes reported in at least this many studies.",
    })
    minStudies: number | null,
    @Ctx() { services, loaders }: PortalContext,
  ): Promise<GeneTablePage> {
    const result = await services.catalogs.geneTable(
      { sortBy, sortDir, search, consensusOnly, minStudies },
      checkPage(page, pageSize),
    );
    return { ...result, genes: present(await loaders.gene.loadMany(result.ids)) };
  }

  @Query(() => [Gene], {
    description:
      "Every row of the Synapse Proteome Catalog matching the filters, sorted (the catalog download).",
  })
  async geneTableAll(
    @Arg("sortBy", () => GeneSortKey, { defaultValue: GeneSortKey.ID, description: "As in geneTable." })
    sortBy: GeneSortKey,
    @Arg("sortDir", () => SortDirection, { nullable: true, description: `${SORT_DIR} Default asc.` })
    sortDir: SortDirection | null,
    @Arg("search", () => String, { defaultValue: "", description: "As in geneTable." }) search: string,
    @Arg("consensusOnly", () => Boolean, { defaultValue: false, description: "Only consensus genes." })
    consensusOnly: boolean,
    @Arg("minStudies", () => Int, {
      nullable: true,
      description: "Only genes reported in at least this many studies.",
    })
    minStudies: number | null,
    @Ctx() { services, loaders }: PortalContext,
  ): Promise<Gene[]> {
    const result = await services.catalogs.geneTable(
      { sortBy, sortDir, search, consensusOnly, minStudies },
      null,
    );
    return present(await loaders.gene.loadMany(result.ids));
  }

  @Query(() => DiseaseTablePage, { description: "One sorted page of the Diseases Catalog." })
  async diseaseTable(
    @Arg("page", () => Int, { defaultValue: 1, description: "Page (1-based)." }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 20, description: "Rows per page (1–100)." }) pageSize: number,
    @Arg("sortBy", () => DiseaseSortKey, {
      defaultValue: DiseaseSortKey.HDOID,
      description: "The column to sort by.",
    })
    sortBy: DiseaseSortKey,
    @Arg("sortDir", () => SortDirection, { nullable: true, description: `${SORT_DIR} Default asc.` })
    sortDir: SortDirection | null,
    @Arg("search", () => String, { defaultValue: "", description: "Substring of the HDOID or label." })
    search: string,
    @Arg("consensusOnly", () => Boolean, {
      defaultValue: false,
      description: "Only diseases with at least one consensus gene.",
    })
    consensusOnly: boolean,
    @Ctx() { services, loaders }: PortalContext,
  ): Promise<DiseaseTablePage> {
    const result = await services.catalogs.diseaseTable(
      { sortBy, sortDir, search, consensusOnly },
      checkPage(page, pageSize),
    );
    return { ...result, diseases: present(await loaders.disease.loadMany(result.hdoids)) };
  }

  @Query(() => [Disease], {
    description: "Every row of the Diseases Catalog matching the filters, sorted (the catalog download).",
  })
  async diseaseTableAll(
    @Arg("sortBy", () => DiseaseSortKey, {
      defaultValue: DiseaseSortKey.HDOID,
      description: "The column to sort by.",
    })
    sortBy: DiseaseSortKey,
    @Arg("sortDir", () => SortDirection, { nullable: true, description: `${SORT_DIR} Default asc.` })
    sortDir: SortDirection | null,
    @Arg("search", () => String, { defaultValue: "", description: "As in diseaseTable." }) search: string,
    @Arg("consensusOnly", () => Boolean, { defaultValue: false, description: "As in diseaseTable." })
    consensusOnly: boolean,
    @Ctx() { services, loaders }: PortalContext,
  ): Promise<Disease[]> {
    const result = await services.catalogs.diseaseTable({ sortBy, sortDir, search, consensusOnly }, null);
    return present(await loaders.disease.loadMany(result.hdoids));
  }

  @Query(() => PaperTablePage, { description: "One sorted page of the Publications Catalog." })
  async paperTable(
    @Arg("page", () => Int, { defaultValue: 1, description: "Page (1-based)." }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 20, description: "Rows per page (1–100)." }) pageSize: number,
    @Arg("sortBy", () => PaperSortKey, {
      defaultValue: PaperSortKey.YEAR,
      description: "The column to sort by.",
    })
    sortBy: PaperSortKey,
    @Arg("sortDir", () => SortDirection, {
      nullable: true,
      description: `${SORT_DIR} Default desc for Year, asc otherwise.`,
    })
    sortDir: SortDirection | null,
    @Arg("search", () => String, {
      defaultValue: "",
      description: "Substring of the study name, title or description, or an exact PMID or year.",
    })
    search: string,
    @Arg("consensusOnly", () => Boolean, {
      defaultValue: false,
      description: "Only studies reporting at least one consensus gene.",
    })
    consensusOnly: boolean,
    @Ctx() { services, loaders }: PortalContext,
  ): Promise<PaperTablePage> {
    const result = await services.catalogs.paperTable(
      { sortBy, sortDir, search, consensusOnly },
      checkPage(page, pageSize),
    );
    return { ...result, papers: present(await loaders.paper.loadMany(result.pmids)) };
  }

  @Query(() => [Paper], {
    description: "Every row of the Publications Catalog matching the filters, sorted (the catalog download).",
  })
  async paperTableAll(
    @Arg("sortBy", () => PaperSortKey, {
      defaultValue: PaperSortKey.YEAR,
      description: "The column to sort by.",
    })
    sortBy: PaperSortKey,
    @Arg("sortDir", () => SortDirection, {
      nullable: true,
      description: `${SORT_DIR} Default desc for Year.`,
    })
    sortDir: SortDirection | null,
    @Arg("search", () => String, { defaultValue: "", description: "As in paperTable." }) search: string,
    @Arg("consensusOnly", () => Boolean, { defaultValue: false, description: "As in paperTable." })
    consensusOnly: boolean,
    @Ctx() { services, loaders }: PortalContext,
  ): Promise<Paper[]> {
    const result = await services.catalogs.paperTable({ sortBy, sortDir, search, consensusOnly }, null);
    return present(await loaders.paper.loadMany(result.pmids));
  }
}
