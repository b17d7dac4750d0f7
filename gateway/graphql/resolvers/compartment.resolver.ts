import { Arg, Ctx, Query, Resolver } from "type-graphql";
import { CompartmentProtein, CompartmentSummary } from "../../../schema/compartment.type";
import type { PortalContext } from "../context";

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
      "Every gene reported in a compartment, by symbol, with the number of that compartment's studies reporting it.",
  })
  compartmentProteins(
    @Arg("compartment", () => String, {
      description: "Postsynaptic, Presynaptic, Synaptosome or Synaptic_Vesicle (any case).",
    })
    compartment: string,
    @Ctx() { services }: PortalContext,
  ): Promise<CompartmentProtein[]> {
    return services.compartments.proteins(compartment);
  }
}
