import { Field, Int, ObjectType } from "type-graphql";

@ObjectType({ description: "One column of a database table, as TypeORM maps it." })
export class DbColumn {
  @Field(() => String, { description: "Column name in the database." })
  name: string;

  @Field(() => String, { description: "Database type, with its length where one is set (e.g. varchar(64))." })
  type: string;

  @Field(() => Boolean, { description: "True when the column may hold NULL." })
  nullable: boolean;

  @Field(() => Boolean, { description: "True when the column is (part of) the primary key." })
  primary: boolean;

  @Field(() => String, {
    nullable: true,
    description: "The table.column this column refers to (a foreign key), or null.",
  })
  references: string | null;
}

@ObjectType({ description: "One database table: its kind in the ER diagram, columns and row count." })
export class DbTable {
  @Field(() => String, { description: "Table name in the database." })
  name: string;

  @Field(() => String, { description: "TypeORM entity class that maps the table." })
  entity: string;

  @Field(() => String, {
    description:
      "Diagram group: core, junction, external (CSV source), api (API integration) or go (Gene Ontology).",
  })
  kind: string;

  @Field(() => String, { description: "What the table holds." })
  description: string;

  @Field(() => Int, { description: "Rows currently in the table." })
  rowCount: number;

  @Field(() => [DbColumn], { description: "Columns in declaration order." })
  columns: DbColumn[];
}

@ObjectType({ description: "A reference from a column of one table to a key of another (many-to-one)." })
export class DbRelation {
  @Field(() => String, { description: "Referring table (the 'many' side)." })
  fromTable: string;

  @Field(() => String, { description: "Referring column." })
  fromColumn: string;

  @Field(() => String, { description: "Referenced table (the 'one' side)." })
  toTable: string;

  @Field(() => String, { description: "Referenced column." })
  toColumn: string;

  @Field(() => String, { description: "Cardinality, from side to referenced side: N:1." })
  cardinality: string;
}

@ObjectType({ description: "A group of tables in the ER diagram legend." })
export class DbTableKind {
  @Field(() => String, { description: "Kind key: core, junction, external, api or go." })
  key: string;

  @Field(() => String, { description: "Legend label." })
  label: string;

  @Field(() => String, { description: "The rule that puts a table in this group." })
  rule: string;
}

@ObjectType({
  description: "The database schema the gateway runs on, read from the ORM metadata (for the ER diagram).",
})
export class DatabaseSchema {
  @Field(() => [DbTableKind], { description: "Legend groups, in display order." })
  kinds: DbTableKind[];

  @Field(() => [DbTable], { description: "Every table, by kind then name." })
  tables: DbTable[];

  @Field(() => [DbRelation], { description: "Every column-to-key reference between tables." })
  relations: DbRelation[];
}
