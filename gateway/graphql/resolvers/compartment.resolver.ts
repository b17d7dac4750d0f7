import { Arg, Ctx, Int, Query, Resolver } from "type-graphql";
import {
  CompartmentProtein,
  CompartmentProteinTablePage,
  CompartmentSummary,
  FrequencyBand,
} from "../../../schema/compartment.type";
import { CompartmentName } from "../../../schema/graph.type";
import { CompartmentProteinSortKey, SortDirection } from "../../../schema/list-enums";
import { checkPage } from "../../services/paging";
import type { PortalContext } from "../context";

const COMPARTMENT_ARG = { description: "The compartment." };

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
    @Arg("compartment", () => CompartmentName, COMPARTMENT_ARG) compartment: CompartmentName,
    @Ctx() { services }: PortalContext,
  ): Promise<CompartmentProtein[]> {
    return services.compartments.proteins(compartment);
  }

  @Query(() => CompartmentProteinTablePage, {
    description: "One filtered, sorted page of the proteins of a compartment (the compartment panel).",
  })
  compartmentProteinTable(
    @Arg("compartment", () => CompartmentName, COMPARTMENT_ARG) compartment: CompartmentName,
    @Arg("search", () => String, {
      defaultValue: "",
      description:
        "Case-insensitive substring of the human symbol or MGI id, or a substring of a human, mouse or rat Entrez id.",
    })
    search: string,
    @Arg("frequency", () => FrequencyBand, {
      nullable: true,
      description: "Only one band; every band when null.",
    })
    frequency: FrequencyBand | null,
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
