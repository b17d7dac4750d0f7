import { Field, ObjectType } from "type-graphql";

@ObjectType({
  description: "One chunk of a bulk export (a table, junction or relationship), in a stable order.",
})
export class ExportChunk {
  @Field(() => String, { description: "Export name, e.g. paper-genes." })
  name: string;

  @Field(() => [String], { description: "Column headers." })
  columns: string[];

  @Field(() => [[String]], { nullable: "items", description: "Rows: one cell per column, null when empty." })
  rows: (string | null)[][];

  @Field(() => String, {
    nullable: true,
    description: "Pass as `after` to read the next chunk; null on the last chunk.",
  })
  nextCursor: string | null;
}

@ObjectType({ description: "A bulk export the API offers as CSV." })
export class ExportInfo {
  @Field(() => String, { description: "Export name." })
  name: string;

  @Field(() => String, { description: "table, junction or relationship." })
  kind: string;

  @Field(() => String, { description: "What the export holds." })
  summary: string;

  @Field(() => [String], { description: "Column headers." })
  columns: string[];

  @Field(() => String, { description: "REST path of the CSV download." })
  path: string;
}
