import type DataLoader from "dataloader";
import { Arg, type ClassType, Ctx, FieldResolver, Float, Int, Resolver, Root } from "type-graphql";
import { Mutation } from "../../../schema";
import { DisplayMode } from "../../../schema/graph.type";
import type { GroupPage } from "../../services/disease.service";
import {
  checkMode,
  checkTerm,
  LIST_MODES,
  type ListCounts,
  type ListMode,
  listPagination,
  percentage,
} from "../../services/list-query";
import type { PageRequest } from "../../services/paging";
import { checkPage } from "../../services/paging";
import type { PortalContext } from "../context";
import { present } from "./loaded";

type Loaders = PortalContext["loaders"];
type ListArgs = { term: string; mode: ListMode; request: PageRequest | null };

/**
 * What the disease and the study (paper) resolvers tell apart in the fields they share: the type and
 * its key, the loaders of its gene counts, mutation counts and mutation pages, and the wording of the
 * fields (the SDL keeps each type's own descriptions).
 */
export interface EntityListsSpec<T extends object, K, MutationPage extends object> {
  type: ClassType<T>;
  key: (root: T) => K;
  geneCounts: (loaders: Loaders) => DataLoader<K, ListCounts>;
  mutationCounts: (loaders: Loaders) => DataLoader<K, ListCounts>;
  mutationPage: (loaders: Loaders) => DataLoader<{ key: K; args: ListArgs }, GroupPage, string>;
  mutationPageType: ClassType<MutationPage>;
  /** The display modes the mutations page takes (all three unless told). */
  mutationModes?: readonly ListMode[];
  describe: {
    geneCount: string;
    consensusGeneCount: string;
    mutationCount: string;
    mutations: string;
    mutationMode: string;
    allMutations: string;
    allMutationsDeprecation: string;
  };
}

const ALL_ROWS: ListArgs = { term: "", mode: "all", request: null };

/**
 * The gene and mutation counts and the mutation lists of an entity with genes and mutations (a
 * disease, a study), as an abstract resolver its own resolver extends.
 */
export function EntityListsResolver<T extends object, K, MutationPage extends object>(
  spec: EntityListsSpec<T, K, MutationPage>,
) {
  const { describe } = spec;

  @Resolver(() => spec.type)
  abstract class EntityLists {
    @FieldResolver(() => spec.mutationPageType, { description: describe.mutations })
    async mutations(
      @Root() root: T,
      @Arg("page", () => Int, { defaultValue: 1, description: "Page (1-based)." }) page: number,
      @Arg("pageSize", () => Int, { defaultValue: 20, description: "Rows per page (1–100)." })
      pageSize: number,
      @Arg("term", () => String, {
        defaultValue: "",
        description:
          "Filter: substring of the variant, gene symbol, function class, cDNA or protein change, or study name.",
      })
      term: string,
      @Arg("mode", () => DisplayMode, { defaultValue: DisplayMode.ALL, description: describe.mutationMode })
      mode: DisplayMode,
      @Ctx() { loaders }: PortalContext,
    ): Promise<MutationPage> {
      const args = {
        term: checkTerm(term),
        mode: checkMode(mode, spec.mutationModes ?? LIST_MODES),
        request: checkPage(page, pageSize),
      };
      const result = await spec.mutationPage(loaders).load({ key: spec.key(root), args });
      return {
        mutations: present(await loaders.mutation.loadMany(result.ids)),
        pagination: {
          ...listPagination(args.request, result.totals, args.mode),
          consensusPercentage: percentage(result.totals.consensus, result.totals.matching),
        },
      } as MutationPage;
    }

    @FieldResolver(() => [Mutation], {
      description: describe.allMutations,
      deprecationReason: describe.allMutationsDeprecation,
    })
    async allMutations(@Root() root: T, @Ctx() { loaders }: PortalContext): Promise<Mutation[]> {
      const result = await spec.mutationPage(loaders).load({ key: spec.key(root), args: ALL_ROWS });
      return present(await loaders.mutation.loadMany(result.ids));
    }

    @FieldResolver(() => Int, { description: describe.geneCount })
    async geneCount(@Root() root: T, @Ctx() { loaders }: PortalContext): Promise<number> {
      return (await spec.geneCounts(loaders).load(spec.key(root))).total;
    }

    @FieldResolver(() => Int, { description: describe.consensusGeneCount })
    async consensusGeneCount(@Root() root: T, @Ctx() { loaders }: PortalContext): Promise<number> {
      return (await spec.geneCounts(loaders).load(spec.key(root))).consensus;
    }

    @FieldResolver(() => Float, {
      description: "consensusGeneCount as a percentage of geneCount (0–100, two decimals).",
    })
    async consensusPercentage(@Root() root: T, @Ctx() { loaders }: PortalContext): Promise<number> {
      const counts = await spec.geneCounts(loaders).load(spec.key(root));
      return percentage(counts.consensus, counts.total);
    }

    @FieldResolver(() => Int, { description: describe.mutationCount })
    async mutationCount(@Root() root: T, @Ctx() { loaders }: PortalContext): Promise<number> {
      return (await spec.mutationCounts(loaders).load(spec.key(root))).total;
    }
  }
  return EntityLists;
}
