import { Field, Int, ObjectType } from "type-graphql";
import { Column, Entity, PrimaryColumn } from "typeorm";

@ObjectType({ description: "One table (file) of the loaded dataset release and its provenance class." })
export class DatasetTable {
  @Field(() => String, { description: "Source file name." })
  file: string;

  @Field(() => Int, { description: "Rows loaded." })
  rows: number;

  @Field(() => String, { description: "real, mixed or synthetic." })
  class: string;

  @Field(() => String, { nullable: true, description: "What part of the table is synthetic." })
  syntheticPart: string | null;

  @Field(() => String, { nullable: true, description: "Provenance note." })
  note: string | null;
}

@ObjectType({ description: "The dataset release currently served, with its provenance." })
@Entity({ name: "dataset_release" })
export class DatasetRelease {
  /** Always 1: one release is loaded at a time. */
  @PrimaryColumn({ type: "int" })
  id: number;

  @Field(() => String, { description: "Release name." })
  @Column({ type: "varchar", length: 128 })
  name: string;

  @Field(() => String, { description: "Release version; part of every CSV file name and cache key." })
  @Column({ type: "varchar", length: 32 })
  version: string;

  @Field(() => String, { nullable: true, description: "Build date of the release." })
  @Column({ type: "varchar", length: 32, nullable: true })
  built: string | null;

  @Field(() => Boolean, { description: "True when parts of the release are synthetic sample data." })
  @Column({ name: "has_synthetic_data", type: "boolean" })
  hasSyntheticData: boolean;

  @Field(() => String, { description: "Where it was imported from (csv release or synaptome.db file)." })
  @Column({ type: "varchar", length: 255 })
  source: string;

  @Field(() => String, { description: "When it was loaded (ISO 8601)." })
  @Column({ name: "loaded_at", type: "varchar", length: 32 })
  loadedAt: string;

  @Column({ name: "tables_json", type: "text" })
  tablesJson: string;

  @Field(() => [DatasetTable], { description: "Tables loaded, with rows and provenance." })
  get tables(): DatasetTable[] {
    return JSON.parse(this.tablesJson) as DatasetTable[];
  }

  @Field(() => String, { description: "Provenance statement of the release (Markdown)." })
  @Column({ type: "text" })
  provenance: string;
}
