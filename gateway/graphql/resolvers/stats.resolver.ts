import { Arg, Ctx, Mutation, Query, Resolver } from "type-graphql";
import { VisitStats } from "../../../schema/gene-views.type";
import { ApiUsage } from "../../../schema/stats-views.type";
import { BadInputError } from "../../errors";
import { VISIT_ID_MESSAGE, VISIT_ID_PATTERN } from "../../services/stats.service";
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

  @Mutation(() => Boolean, {
    description:
      "Record a page view (sent by the web app on every route change); one sent again with the same visitId is stored once.",
  })
  async recordVisit(
    @Arg("path", () => String, { description: "Path viewed." }) path: string,
    @Arg("visitorId", () => String, { description: "Random id the browser keeps in local storage." })
    visitorId: string,
    @Arg("visitId", () => String, {
      nullable: true,
      description:
        "The client's id of this page view, a UUID (crypto.randomUUID()), the same in every retry of it: a visit whose id is already stored is not stored again. Without it, every call is stored.",
    })
    visitId: string | null | undefined,
    @Ctx() { services, guardWrite }: PortalContext,
  ): Promise<boolean> {
    await guardWrite?.();
    if (!path.startsWith("/") || path.length > 255)
      throw new BadInputError("path must start with / and be at most 255 characters");
    if (!/^[A-Za-z0-9_-]{8,64}$/.test(visitorId))
      throw new BadInputError("visitorId must be 8 to 64 letters, digits, - or _");
    if (visitId != null && !VISIT_ID_PATTERN.test(visitId)) throw new BadInputError(VISIT_ID_MESSAGE);
    await services.stats.recordVisit(visitorId, path, visitId ?? null);
    return true;
  }
}
