import { Entity, Index, PrimaryColumn } from "typeorm";

/** A mutation reported by a study (synaptome.db PaperMutation). */
@Entity({ name: "paper_mutation" })
@Index("ix_paper_mutation_mutation", ["mutationId"])
export class PaperMutation {
  @PrimaryColumn({ type: "int" })
  pmid: number;

  @PrimaryColumn({ name: "mutation_id", type: "int" })
  mutationId: number;
}
