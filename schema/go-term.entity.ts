import { Field, ObjectType } from "type-graphql";
import { Column, Entity, PrimaryColumn } from "typeorm";

@ObjectType({ description: "A Gene Ontology term." })
@Entity({ name: "go_term" })
export class GoTerm {
  @Field(() => String, { description: "GO id, e.g. GO:0014069." })
  @PrimaryColumn({ name: "go_id", type: "varchar", length: 16 })
  goId: string;

  @Field(() => String, { description: "Term name." })
  @Column({ type: "varchar", length: 255 })
  term: string;

  @Field(() => String, { description: "biological_process, molecular_function or cellular_component." })
  @Column({ type: "varchar", length: 32 })
  domain: string;
}
