import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from "type-graphql";
import { Gene, GoTerm } from "../../../schema";
import { GeneConnection } from "../../../schema/graph.type";
import { checkPage } from "../../services/paging";
import type { PortalContext } from "../context";
import { COSTED_AT_LONGEST, COSTED_WHOLE, PAGE, PAGE_SIZE, paging } from "./connection";
import { present } from "./loaded";

@Resolver(() => GoTerm)
export class GoTermResolver {
  @Query(() => GoTerm, {
    nullable: true,
    description: "A Gene Ontology term by id (e.g. GO:0014069), with its annotated genes.",
  })
  goTerm(
    @Arg("goId", () => String, { description: "GO id." }) goId: string,
    @Ctx() { services }: PortalContext,
  ): Promise<GoTerm | null> {
    return services.reference.goTerm(goId.trim());
  }

  @FieldResolver(() => [Gene], {
    description: `Genes annotated with the term (any evidence code). ${COSTED_WHOLE}`,
    deprecationReason: "Use GoTerm.geneConnection (paged).",
  })
  async genes(@Root() term: GoTerm, @Ctx() { services, loaders }: PortalContext): Promise<Gene[]> {
    const ids = await services.reference.goTermGeneIds(term.goId);
    const genes = await loaders.gene.loadMany(ids);
    return present(genes);
  }

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
