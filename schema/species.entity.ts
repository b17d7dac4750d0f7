import { Field, Int, ObjectType } from "type-graphql";
import { Column, Entity, PrimaryColumn } from "typeorm";

@ObjectType({ description: "A species studied (human, mouse, rat)." })
@Entity({ name: "species" })
export class Species {
  @Field(() => Int, { description: "NCBI Taxonomy id." })
  @PrimaryColumn({ type: "int" })
  taxid: number;

  @Field(() => String, { description: "Common name." })
  @Column({ type: "varchar", length: 32 })
  name: string;

  @Field(() => String, { nullable: true, description: "Scientific name." })
  @Column({ name: "sci_name", type: "varchar", length: 64, nullable: true })
  sciName: string | null;
}
