import { Args, ArgsType, Ctx, Field, Int, Query, Resolver } from "type-graphql";
import { Disease, Gene, Paper } from "../../../schema";
import { DiseaseTablePage, GeneTablePage, PaperTablePage } from "../../../schema/catalog-views.type";
import { DiseaseSortKey, GeneSortKey, PaperSortKey, SortDirection } from "../../../schema/list-enums";
import { checkPage } from "../../services/paging";
import type { PortalContext } from "../context";
import { present } from "./loaded";

const SORT_DIR = "Empty values sort last either way.";

// The argument classes declare their fields last to first: introspection lists the arguments in the
// order the queries' former @Arg parameters registered in, which is last to first.

@ArgsType()
class PageArgs {
  @Field(() => Int, { defaultValue: 20, description: "Rows per page (1–100)." })
  pageSize!: number;

  @Field(() => Int, { defaultValue: 1, description: "Page (1-based)." })
  page!: number;
}

/** The wording of one catalog query's arguments (the SDL keeps each query's own). */
interface CatalogArgsWording {
  sortBy: string;
  /** Said after SORT_DIR. */
  sortDir: string;
  search: string;
  consensusOnly: string;
}

/** The sort and filter arguments of a catalog query (a page, or every row), as an @ArgsType class. */
function catalogArgs<SortKey extends string>(
  sortKeys: Record<string, SortKey>,
  defaultSort: SortKey,
  describe: CatalogArgsWording,
) {
  @ArgsType()
  class CatalogArgs {
    @Field(() => Boolean, { defaultValue: false, description: describe.consensusOnly })
    consensusOnly!: boolean;

    @Field(() => String, { defaultValue: "", description: describe.search })
    search!: string;

    @Field(() => SortDirection, { nullable: true, description: `${SORT_DIR} ${describe.sortDir}` })
    sortDir!: SortDirection | null;

    @Field(() => sortKeys, { defaultValue: defaultSort, description: describe.sortBy })
    sortBy!: SortKey;
  }
  return CatalogArgs;
}

/** The gene catalog's one filter beyond the shared ones, for its page and its every-row queries alike. */
@ArgsType()
class MinStudiesArgs {
  @Field(() => Int, { nullable: true, description: "Only genes reported in at least this many studies." })
  minStudies!: number | null;
}

const COLUMN = "The column to sort by.";
const DEFAULT_ASC = "Default asc.";

const GeneTableArgs = catalogArgs(GeneSortKey, GeneSortKey.ID, {
  sortBy: COLUMN,
  sortDir: DEFAULT_ASC,
  search:
    "Substring of a human/mouse/rat symbol, the gene name or the MGI id, or an exact Entrez id or GeneID.",
  consensusOnly: "Only consensus genes.",
});
const GeneTableAllArgs = catalogArgs(GeneSortKey, GeneSortKey.ID, {
  sortBy: "As in geneTable.",
  sortDir: DEFAULT_ASC,
  search: "As in geneTable.",
  consensusOnly: "Only consensus genes.",
});
const DiseaseTableArgs = catalogArgs(DiseaseSortKey, DiseaseSortKey.HDOID, {
  sortBy: COLUMN,
  sortDir: DEFAULT_ASC,
  search: "Substring of the HDOID or label.",
  consensusOnly: "Only diseases with at least one consensus gene.",
});
const DiseaseTableAllArgs = catalogArgs(DiseaseSortKey, DiseaseSortKey.HDOID, {
  sortBy: COLUMN,
  sortDir: DEFAULT_ASC,
  search: "As in diseaseTable.",
  consensusOnly: "As in diseaseTable.",
});
const PaperTableArgs = catalogArgs(PaperSortKey, PaperSortKey.YEAR, {
  sortBy: COLUMN,
  sortDir: "Default desc for Year, asc otherwise.",
  search: "Substring of the study name, title or description, or an exact PMID or year.",
  consensusOnly: "Only studies reporting at least one consensus gene.",
});
const PaperTableAllArgs = catalogArgs(PaperSortKey, PaperSortKey.YEAR, {
  sortBy: COLUMN,
  sortDir: "Default desc for Year.",
  search: "As in paperTable.",
  consensusOnly: "As in paperTable.",
});

@Resolver()
export class CatalogResolver {
  @Query(() => GeneTablePage, { description: "One sorted page of the Synapse Proteome Catalog." })
  async geneTable(
    @Args() { page, pageSize }: PageArgs,
    @Args(() => GeneTableArgs) filter: InstanceType<typeof GeneTableArgs>,
    @Args() { minStudies }: MinStudiesArgs,
    @Ctx() { services, loaders }: PortalContext,
  ): Promise<GeneTablePage> {
    const result = await services.catalogs.geneTable({ ...filter, minStudies }, checkPage(page, pageSize));
    return { ...result, genes: present(await loaders.gene.loadMany(result.ids)) };
  }

  @Query(() => [Gene], {
    description:
      "Every row of the Synapse Proteome Catalog matching the filters, sorted (the catalog download).",
  })
  async geneTableAll(
    @Args(() => GeneTableAllArgs) filter: InstanceType<typeof GeneTableAllArgs>,
    @Args() { minStudies }: MinStudiesArgs,
    @Ctx() { services, loaders }: PortalContext,
  ): Promise<Gene[]> {
    const result = await services.catalogs.geneTable({ ...filter, minStudies }, null);
    return present(await loaders.gene.loadMany(result.ids));
  }

  @Query(() => DiseaseTablePage, { description: "One sorted page of the Diseases Catalog." })
  async diseaseTable(
    @Args() { page, pageSize }: PageArgs,
    @Args(() => DiseaseTableArgs) filter: InstanceType<typeof DiseaseTableArgs>,
    @Ctx() { services, loaders }: PortalContext,
  ): Promise<DiseaseTablePage> {
    const result = await services.catalogs.diseaseTable(filter, checkPage(page, pageSize));
    return { ...result, diseases: present(await loaders.disease.loadMany(result.hdoids)) };
  }

  @Query(() => [Disease], {
    description: "Every row of the Diseases Catalog matching the filters, sorted (the catalog download).",
  })
  async diseaseTableAll(
    @Args(() => DiseaseTableAllArgs) filter: InstanceType<typeof DiseaseTableAllArgs>,
    @Ctx() { services, loaders }: PortalContext,
  ): Promise<Disease[]> {
    const result = await services.catalogs.diseaseTable(filter, null);
    return present(await loaders.disease.loadMany(result.hdoids));
  }

  @Query(() => PaperTablePage, { description: "One sorted page of the Publications Catalog." })
  async paperTable(
    @Args() { page, pageSize }: PageArgs,
    @Args(() => PaperTableArgs) filter: InstanceType<typeof PaperTableArgs>,
    @Ctx() { services, loaders }: PortalContext,
  ): Promise<PaperTablePage> {
    const result = await services.catalogs.paperTable(filter, checkPage(page, pageSize));
    return { ...result, papers: present(await loaders.paper.loadMany(result.pmids)) };
  }

  @Query(() => [Paper], {
    description: "Every row of the Publications Catalog matching the filters, sorted (the catalog download).",
  })
  async paperTableAll(
    @Args(() => PaperTableAllArgs) filter: InstanceType<typeof PaperTableAllArgs>,
    @Ctx() { services, loaders }: PortalContext,
  ): Promise<Paper[]> {
    const result = await services.catalogs.paperTable(filter, null);
    return present(await loaders.paper.loadMany(result.pmids));
  }
}
