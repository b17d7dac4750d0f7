import { Field, ObjectType } from "type-graphql";
import { Column, Entity, PrimaryColumn } from "typeorm";

@ObjectType({ description: "A top-level chapter of the WHO ICD-11 classification." })
@Entity({ name: "icd11_chapter" })
export class Chapter {
  @Field(() => String, { description: "Chapter number as two digits, e.g. 08." })
  @PrimaryColumn({ type: "varchar", length: 4 })
  chapter: string;

  @Field(() => String, { description: "Chapter title." })
  @Column({ type: "varchar", length: 128 })
  name: string;
}
