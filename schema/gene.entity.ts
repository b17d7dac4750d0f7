import { Field, Int, ObjectType } from "type-graphql";
import { Column, Entity, Index, PrimaryColumn } from "typeorm";

@ObjectType({
  description: "A human gene whose protein was reported at the synapse, with its mouse and rat orthologs.",
})
@Entity({ name: "gene" })
export class Gene {
  @Field(() => Int, { description: "Internal GeneID (synaptome.db numbering: DLG4 = 1)." })
  @PrimaryColumn({ type: "int" })
  id: number;

  @Field(() => String, { description: "HGNC-approved human gene symbol." })
  @Index("ix_gene_human_name")
  @Column({ name: "human_name", type: "varchar", length: 64 })
  humanName: string;

  @Field(() => Int, { nullable: true, description: "NCBI Gene id of the human gene." })
  @Index("ix_gene_human_entrez")
  @Column({ name: "human_entrez", type: "int", nullable: true })
  humanEntrez: number | null;

  @Field(() => Int, { nullable: true, description: "NCBI Gene id of the mouse ortholog (HomoloGene)." })
  @Index("ix_gene_mouse_entrez")
  @Column({ name: "mouse_entrez", type: "int", nullable: true })
  mouseEntrez: number | null;

  @Field(() => Int, { nullable: true, description: "NCBI Gene id of the rat ortholog (HomoloGene)." })
  @Index("ix_gene_rat_entrez")
  @Column({ name: "rat_entrez", type: "int", nullable: true })
  ratEntrez: number | null;

  @Field(() => String, { nullable: true, description: "Mouse Genome Informatics id, e.g. MGI:1277959." })
  @Index("ix_gene_mgi")
  @Column({ type: "varchar", length: 32, nullable: true })
  mgi: string | null;

  @Field(() => String, { nullable: true, description: "Mouse ortholog symbol." })
  @Column({ name: "mouse_name", type: "varchar", length: 64, nullable: true })
  mouseName: string | null;

  @Field(() => String, { nullable: true, description: "Rat ortholog symbol." })
  @Column({ name: "rat_name", type: "varchar", length: 64, nullable: true })
  ratName: string | null;

  @Field(() => String, { nullable: true, description: "Approved gene (protein) name." })
  @Column({ type: "varchar", length: 255, nullable: true })
  description: string | null;

  @Field(() => String, { nullable: true, description: "HGNC id, e.g. HGNC:2903." })
  @Column({ name: "hgnc_id", type: "varchar", length: 32, nullable: true })
  hgncId: string | null;

  @Field(() => String, { nullable: true, description: "Ensembl gene id." })
  @Column({ name: "ensembl_id", type: "varchar", length: 32, nullable: true })
  ensemblId: string | null;

  @Field(() => String, { nullable: true, description: "UniProt accession of the canonical protein." })
  @Column({ name: "uniprot_id", type: "varchar", length: 32, nullable: true })
  uniprotId: string | null;

  @Field(() => String, { nullable: true, description: "Rat Genome Database id of the rat ortholog." })
  @Column({ name: "rgd_id", type: "varchar", length: 32, nullable: true })
  rgdId: string | null;

  @Field(() => Int, { nullable: true, description: "OMIM gene entry number." })
  @Column({ name: "omim_gene_id", type: "int", nullable: true })
  omimGeneId: number | null;

  @Field(() => String, { nullable: true, description: "Cytogenetic location, e.g. 17p13.1." })
  @Column({ name: "chromosome_location", type: "varchar", length: 64, nullable: true })
  chromosomeLocation: string | null;

  /** Semicolon-separated previous symbols and synonyms, as in the release. */
  @Column({ name: "aliases", type: "varchar", length: 512, nullable: true })
  aliasesText: string | null;

  @Field(() => [String], { description: "Previous symbols and synonyms of the gene." })
  get aliases(): string[] {
    return this.aliasesText ? this.aliasesText.split(";").filter((a) => a.length > 0) : [];
  }

  @Field(() => Int, { description: "Number of distinct synapse proteomic studies that report this gene." })
  @Index("ix_gene_paper_count")
  @Column({ name: "paper_count", type: "int", default: 0 })
  paperCount: number;

  @Field(() => Boolean, {
    description: "True when the gene is in the consensus set (reported in five or more studies).",
  })
  @Index("ix_gene_is_consensus")
  @Column({ name: "is_consensus", type: "boolean", default: false })
  isConsensus: boolean;
}
