import { Arg, Ctx, Int, Query, Resolver } from "type-graphql";
import { SearchType } from "../../../schema/list-enums";
import { ProteinLookup, SearchSuggestion } from "../../../schema/search.type";
import { MAX_SUGGESTIONS } from "../../services/search.service";
import type { PortalContext } from "../context";

@Resolver()
export class SearchResolver {
  @Query(() => [SearchSuggestion], {
    description:
      "Search-box suggestions from the in-memory index: exact matches first, then prefixes, then word matches. Empty for terms under 2 characters.",
  })
  autocomplete(
    @Arg("q", () => String, { description: "What has been typed (2 characters or more for suggestions)." })
    q: string,
    @Arg("type", () => SearchType, {
      defaultValue: SearchType.ALL,
      description: "Which entities to suggest.",
    })
    type: SearchType,
    @Arg("limit", () => Int, { defaultValue: 10, description: `Most suggestions (1–${MAX_SUGGESTIONS}).` })
    limit: number,
    @Ctx() { services }: PortalContext,
  ): Promise<SearchSuggestion[]> {
    return services.search.suggest(q, type, limit);
  }

  @Query(() => ProteinLookup, {
    description:
      "Gene symbols for a protein name (alias, protein name or UniProt id), resolved locally; an optional external lookup (off by default) is asked only when nothing is found locally, keeping only genes of the dataset.",
  })
  proteinLookup(
    @Arg("name", () => String, { description: "Protein name, e.g. PSD-95 or synaptophysin." }) name: string,
    @Ctx() { services }: PortalContext,
  ): Promise<ProteinLookup> {
    return services.search.proteinGenes(name);
  }
}
