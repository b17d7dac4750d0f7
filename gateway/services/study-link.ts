import type { SelectQueryBuilder } from "typeorm";
import { BrainRegion, Localisation, Method, Species } from "../../schema";

/**
 * The one study-name rule: a study's title is its article title, else (title unknown or blank) its
 * study name. Every endpoint that shows a study's `paperTitle` (gene, disease, paper, table) uses it.
 */
export function studyTitle(paper: { title: string | null; name: string }): string {
  return paper.title && paper.title.trim() !== "" ? paper.title : paper.name;
}

/**
 * The context of a study–gene link (paper_gene row `pg`): species, brain region, compartment and
 * method. One join list, one select list and one mapper, shared by every service that lists links.
 */
export function joinStudyContext<T extends object>(qb: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
  return qb
    .leftJoin(Species, "s", "s.taxid = pg.species_taxid")
    .leftJoin(BrainRegion, "r", "r.id = pg.brain_region_id")
    .leftJoin(Localisation, "l", "l.id = pg.localisation_id")
    .leftJoin(Method, "m", "m.id = pg.method_id");
}

/** Raw column aliases the mapper reads. */
export const STUDY_CONTEXT_COLUMNS = [
  "s_taxid",
  "s_name",
  "s_sci_name",
  "r_id",
  "r_name",
  "r_description",
  "r_interlex_id",
  "r_parent_id",
  "l_id",
  "l_name",
  "l_description",
  "m_id",
  "m_name",
  "m_description",
] as const;

/** `s.taxid AS s_taxid`, ... for a select over the joins above. */
export const STUDY_CONTEXT_SELECT = STUDY_CONTEXT_COLUMNS.map((alias) => {
  const [table, ...column] = alias.split("_");
  return `${table}.${column.join("_")} AS ${alias}`;
});

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

export function studyContext(r: Record<string, unknown>) {
  return {
    species:
      r.s_taxid === null || r.s_taxid === undefined
        ? null
        : Object.assign(new Species(), {
            taxid: Number(r.s_taxid),
            name: String(r.s_name),
            sciName: text(r.s_sci_name),
          }),
    brainRegion:
      r.r_id === null || r.r_id === undefined
        ? null
        : Object.assign(new BrainRegion(), {
            id: Number(r.r_id),
            name: String(r.r_name),
            description: text(r.r_description),
            interlexId: text(r.r_interlex_id),
            parentId: r.r_parent_id === null || r.r_parent_id === undefined ? null : Number(r.r_parent_id),
          }),
    localisation:
      r.l_id === null || r.l_id === undefined
        ? null
        : Object.assign(new Localisation(), {
            id: Number(r.l_id),
            name: String(r.l_name),
            description: text(r.l_description),
          }),
    method:
      r.m_id === null || r.m_id === undefined
        ? null
        : Object.assign(new Method(), {
            id: Number(r.m_id),
            name: String(r.m_name),
            description: text(r.m_description),
          }),
  };
}
