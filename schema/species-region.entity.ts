import { Entity, PrimaryColumn } from "typeorm";

/** Which species a brain region was sampled in (synaptome.db SpecieRegion). */
@Entity({ name: "species_region" })
export class SpeciesRegion {
  @PrimaryColumn({ name: "brain_region_id", type: "int" })
  brainRegionId: number;

  @PrimaryColumn({ type: "int" })
  taxid: number;
}
