import { registerEnumType } from "type-graphql";

/** How a gene matched a search or filter term: the groups of the gene search order, best first. */
export enum GeneMatchKind {
  SYMBOL = "SYMBOL",
  ID = "ID",
  ORTHOLOG_ID = "ORTHOLOG_ID",
  ALIAS = "ALIAS",
  SYMBOL_FAMILY = "SYMBOL_FAMILY",
  SHARED_ALIAS = "SHARED_ALIAS",
  SYMBOL_PREFIX = "SYMBOL_PREFIX",
  ALIAS_PREFIX = "ALIAS_PREFIX",
  PROTEIN_LOOKUP = "PROTEIN_LOOKUP",
  PROTEIN_NAME = "PROTEIN_NAME",
  SUBSTRING = "SUBSTRING",
}
registerEnumType(GeneMatchKind, {
  name: "GeneMatchKind",
  description: "How a gene matched a search or filter term; the groups of the gene search order, best first.",
  valuesConfig: {
    SYMBOL: { description: "The symbol equals the term." },
    ID: { description: "The human Entrez id or the MGI id equals the term." },
    ORTHOLOG_ID: { description: "The mouse or rat Entrez id equals the term." },
    SYMBOL_FAMILY: {
      description:
        "The symbol is the term and a number (SYN → SYN1) or, after a digit, one letter (CAMK2 → CAMK2A).",
    },
    ALIAS: { description: "An alias or previous symbol of this gene only equals the term." },
    SHARED_ALIAS: { description: "An alias or previous symbol of several genes equals the term." },
    SYMBOL_PREFIX: { description: "The symbol starts with the term." },
    ALIAS_PREFIX: { description: "An alias or previous symbol starts with the term." },
    PROTEIN_LOOKUP: {
      description: "Added by the protein-name lookup of the term (protein-derived); no other match.",
    },
    PROTEIN_NAME: { description: "The protein name (description) holds the term." },
    SUBSTRING: {
      description:
        "Disease gene filter only: the symbol or MGI id holds the term, or an Entrez id equals it.",
    },
  },
});
