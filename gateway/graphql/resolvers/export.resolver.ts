import { Arg, Ctx, Int, Query, Resolver } from "type-graphql";
import { ExportChunk, ExportInfo } from "../../../schema/export.type";
import { exportDefinitions, MAX_EXPORT_CHUNK } from "../../services/export.service";
import type { PortalContext } from "../context";

@Resolver()
export class ExportResolver {
  @Query(() => [ExportInfo], {
    description: "The bulk exports (whole tables, junctions and relationships) offered as CSV.",
  })
  bulkExports(): ExportInfo[] {
    return exportDefinitions.map((d) => ({
      name: d.name,
      kind: d.kind,
      summary: d.summary,
      columns: d.columns.map((c) => c.header),
      path: `/api/${d.name}`,
    }));
  }

  @Query(() => ExportChunk, {
    description: "Read a bulk export chunk by chunk (keyset order, so each chunk costs the same).",
  })
  async bulkExport(
    @Arg("name", () => String, { description: "Export name (see bulkExports)." }) name: string,
    @Arg("after", () => String, { nullable: true, description: "nextCursor of the previous chunk." }) after:
      | string
      | null,
    @Arg("first", () => Int, { defaultValue: 1000, description: `Rows per chunk (1–${MAX_EXPORT_CHUNK}).` })
    first: number,
    @Ctx() { services }: PortalContext,
  ): Promise<ExportChunk> {
    return { name, ...(await services.exports.chunk(name, after, first)) };
  }
}
