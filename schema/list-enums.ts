import { registerEnumType } from "type-graphql";

/*
 * Closed sets of list arguments. Each value is the string the services already take (catalog.service.ts
 * sort keys, search.service.ts types); the GraphQL name is that string in UPPER_SNAKE case.
 */

export enum GeneSortKey {
  ID = "ID",
  HUMAN_NAME = "HumanName",
  HUMAN_ENTREZ = "HumanEntrez",
  MOUSE_ENTREZ = "MouseEntrez",
  RAT_ENTREZ = "RatEntrez",
  MGI = "MGI",
  PAPER_COUNT = "PaperCount",
}
registerEnumType(GeneSortKey, {
  name: "GeneSortKey",
  description: "A column the Synapse Proteome Catalog sorts by.",
  valuesConfig: {
    ID: { description: "The portal's gene id." },
    HUMAN_NAME: { description: "The human symbol (case-insensitive)." },
    HUMAN_ENTREZ: { description: "The human Entrez id." },
    MOUSE_ENTREZ: { description: "The mouse Entrez id." },
    RAT_ENTREZ: { description: "The rat Entrez id." },
    MGI: { description: "The MGI id (case-insensitive)." },
    PAPER_COUNT: { description: "The number of studies reporting the gene." },
  },
});

export enum DiseaseSortKey {
  HDOID = "HDOID",
  DESCRIPTION = "Description",
}
registerEnumType(DiseaseSortKey, {
  name: "DiseaseSortKey",
  description: "A column the Diseases Catalog sorts by.",
  valuesConfig: {
    HDOID: { description: "The Human Disease Ontology id." },
    DESCRIPTION: { description: "The disease name (case-insensitive)." },
  },
});

export enum PaperSortKey {
  YEAR = "Year",
  PMID = "PMID",
  PAPER_TITLE = "PaperTitle",
}
registerEnumType(PaperSortKey, {
  name: "PaperSortKey",
  description: "A column the Studies Catalog sorts by.",
  valuesConfig: {
    YEAR: { description: "Publication year." },
    PMID: { description: "The PubMed id." },
    PAPER_TITLE: { description: "The title, or the study's short name when it has none (case-insensitive)." },
  },
});

export enum CompartmentProteinSortKey {
  HUMAN_NAME = "HumanName",
  HUMAN_ENTREZ = "HumanEntrez",
  PAPER_COUNT = "paper_count",
}
registerEnumType(CompartmentProteinSortKey, {
  name: "CompartmentProteinSortKey",
  description: "A column the proteins table of a compartment sorts by.",
  valuesConfig: {
    HUMAN_NAME: { description: "The human symbol." },
    HUMAN_ENTREZ: { description: "The human Entrez id." },
    PAPER_COUNT: { description: "The compartment's studies reporting the gene." },
  },
});

export enum SortDirection {
  ASC = "asc",
  DESC = "desc",
}
registerEnumType(SortDirection, {
  name: "SortDirection",
  description: "Sort order; empty values sort last either way.",
  valuesConfig: { ASC: { description: "Ascending." }, DESC: { description: "Descending." } },
});

export enum SearchType {
  ALL = "all",
  GENE = "gene",
  DISEASE = "disease",
  PAPER = "paper",
}
registerEnumType(SearchType, {
  name: "SearchType",
  description: "Which entities search suggestions are drawn from.",
  valuesConfig: {
    ALL: { description: "Genes, protein names, diseases and studies." },
    GENE: { description: "Genes and protein names." },
    DISEASE: { description: "Diseases." },
    PAPER: { description: "Studies." },
  },
});

/** The GraphQL name of an enum value given as its stored string in any case (REST takes any case). */
export function enumName<E extends Record<string, string>>(values: E, text: string): keyof E | undefined {
  const wanted = text.trim().toLowerCase();
  return (Object.keys(values) as (keyof E)[]).find((name) => values[name]!.toLowerCase() === wanted);
}
