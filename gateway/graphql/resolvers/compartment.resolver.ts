import { Arg, Ctx, Int, Query, Resolver } from "type-graphql";
import {
  CompartmentProtein,
  CompartmentProteinTablePage,
  CompartmentSummary,
} from "../../../schema/compartment.type";
import { CompartmentProteinSortKey, SortDirection } from "../../../schema/list-enums";
import { checkPage } from "../../services/paging";
import type { PortalContext } from "../context";

const COMPARTMENT_ARG = {
  description: "Postsynaptic, Presynaptic, Synaptosome or Synaptic_Vesicle (any case).",
};

@Resolver()
export class CompartmentResolver {
  @Query(() => [CompartmentSummary], {
    description: "The four synaptic compartments with the number of distinct genes reported in each.",
  })
  compartments(@Ctx() { services }: PortalContext): Promise<CompartmentSummary[]> {
    return services.compartments.summaries();
  }

  @Query(() => [CompartmentProtein], {
    description:
      "Every gene reported in a compartment, by symbol, with the number of that compartment's studies reporting it (the panel's download; page it with compartmentProteinTable).",
  })
  compartmentProteins(
    @Arg("compartment", () => String, COMPARTMENT_ARG) compartment: string,
    @Ctx() { services }: PortalContext,
  ): Promise<CompartmentProtein[]> {
    return services.compartments.proteins(compartment);
  }

  @Query(() => CompartmentProteinTablePage, {
    description: "One filtered, sorted page of the proteins of a compartment (the compartment panel).",
  })
  compartmentProteinTable(
    @Arg("compartment", () => String, COMPARTMENT_ARG) compartment: string,
    @Arg("search", () => String, {
      defaultValue: "",
      description:
        "Case-insensitive substring of the human symbol or MGI id, or a substring of a human, mouse or rat Entrez id.",
    })
    search: string,
    @Arg("frequency", () => String, {
      nullable: true,
      description: "Only one frequency band: '1', '2-3', '4-9' or '>10'; every band when null.",
    })
    frequency: string | null,
    @Arg("sortBy", () => CompartmentProteinSortKey, {
      defaultValue: CompartmentProteinSortKey.HUMAN_NAME,
      description: "The column to sort by.",
    })
    sortBy: CompartmentProteinSortKey,
    @Arg("sortDir", () => SortDirection, {
      nullable: true,
      description: "Empty values sort last either way. Default asc.",
    })
    sortDir: SortDirection | null,
    @Arg("page", () => Int, { defaultValue: 1, description: "Page (1-based)." }) page: number,
    @Arg("pageSize", () => Int, { defaultValue: 20, description: "Rows per page (1–100)." }) pageSize: number,
    @Ctx() { services }: PortalContext,
  ): Promise<CompartmentProteinTablePage> {
    return services.compartments.proteinTable(
      compartment,
      { search, frequency, sortBy, sortDir },
      checkPage(page, pageSize),
    );
  }
}
