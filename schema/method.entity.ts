import { Field, Int, ObjectType } from "type-graphql";
import { Column, Entity, PrimaryColumn } from "typeorm";

@ObjectType({ description: "A proteomic method (Shotgun or Target)." })
@Entity({ name: "method" })
export class Method {
  @Field(() => Int, { description: "Method id." })
  @PrimaryColumn({ type: "int" })
  id: number;

  @Field(() => String, { description: "Method name." })
  @Column({ type: "varchar", length: 32 })
  name: string;

  @Field(() => String, { nullable: true, description: "Description." })
  @Column({ type: "varchar", length: 255, nullable: true })
  description: string | null;
}
