import { Field, Int, ObjectType } from "type-graphql";
import { Column, Entity, PrimaryColumn } from "typeorm";

@ObjectType({
  description: "A synaptic compartment (Postsynaptic, Presynaptic, Synaptosome, Synaptic_Vesicle).",
})
@Entity({ name: "localisation" })
export class Localisation {
  @Field(() => Int, { description: "Localisation id." })
  @PrimaryColumn({ type: "int" })
  id: number;

  @Field(() => String, { description: "Compartment name." })
  @Column({ type: "varchar", length: 32 })
  name: string;

  @Field(() => String, { nullable: true, description: "Description." })
  @Column({ type: "varchar", length: 255, nullable: true })
  description: string | null;
}
