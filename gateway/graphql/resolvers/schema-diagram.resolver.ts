import { Ctx, Query, Resolver } from "type-graphql";
import { DatabaseSchema } from "../../../schema/schema-diagram.type";
import type { PortalContext } from "../context";

@Resolver()
export class SchemaDiagramResolver {
  @Query(() => DatabaseSchema, {
    description:
      "The database schema (tables, columns, keys, references, row counts) read from the ORM metadata; drawn by the ER diagram.",
  })
  databaseSchema(@Ctx() { services }: PortalContext): Promise<DatabaseSchema> {
    return services.schemaDiagram.databaseSchema();
  }
}
