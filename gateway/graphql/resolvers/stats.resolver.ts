import { Arg, Ctx, Mutation, Query, Resolver } from "type-graphql";
import { VisitStats } from "../../../schema/gene-views.type";
import { ApiUsage } from "../../../schema/stats-views.type";
import { BadInputError } from "../../errors";
import type { PortalContext } from "../context";

@Resolver()
export class StatsResolver {
  @Query(() => VisitStats, { description: "Unique visitors and total page views." })
  visitStats(@Ctx() { services }: PortalContext): Promise<VisitStats> {
    return services.stats.visitStats();
  }

  @Query(() => ApiUsage, {
    description: "API calls per endpoint (route pattern) and in total, for the usage dashboard.",
  })
  apiUsage(@Ctx() { services }: PortalContext): Promise<ApiUsage> {
    return services.stats.apiUsage();
  }

  @Mutation(() => Boolean, { description: "Record a page view (sent by the web app on every route change)." })
  async recordVisit(
    @Arg("path", () => String, { description: "Path viewed." }) path: string,
    @Arg("visitorId", () => String, { description: "Random id the browser keeps in local storage." })
    visitorId: string,
    @Ctx() { services, guardWrite }: PortalContext,
  ): Promise<boolean> {
    await guardWrite?.();
    if (!path.startsWith("/") || path.length > 255)
      throw new BadInputError("path must start with / and be at most 255 characters");
    if (!/^[A-Za-z0-9_-]{8,64}$/.test(visitorId))
      throw new BadInputError("visitorId must be 8 to 64 letters, digits, - or _");
    await services.stats.recordVisit(visitorId, path);
    return true;
  }
}
