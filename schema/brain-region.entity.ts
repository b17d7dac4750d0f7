import { Field, Int, ObjectType } from "type-graphql";
import { Column, Entity, PrimaryColumn } from "typeorm";

@ObjectType({ description: "A brain region sampled by synapse proteomic studies (hierarchical)." })
@Entity({ name: "brain_region" })
export class BrainRegion {
  @Field(() => Int, { description: "Region id (1 = whole brain)." })
  @PrimaryColumn({ type: "int" })
  id: number;

  @Field(() => String, { description: "Region name." })
  @Column({ type: "varchar", length: 64 })
  name: string;

  @Field(() => String, { nullable: true, description: "Region description." })
  @Column({ type: "varchar", length: 255, nullable: true })
  description: string | null;

  @Field(() => String, { nullable: true, description: "InterLex id, e.g. ILX:0101431." })
  @Column({ name: "interlex_id", type: "varchar", length: 32, nullable: true })
  interlexId: string | null;

  @Field(() => Int, { nullable: true, description: "Parent region id." })
  @Column({ name: "parent_id", type: "int", nullable: true })
  parentId: number | null;
}
