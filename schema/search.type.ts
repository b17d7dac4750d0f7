import { Field, Int, ObjectType } from "type-graphql";

@ObjectType({ description: "A suggestion of the shared search box." })
export class SearchSuggestion {
  @Field(() => String, {
    description: "Text to search for (a symbol, alias, id, disease name, study name, ...).",
  })
  text: string;

  @Field(() => String, {
    description:
      "Display label of what matched: Gene Name, Alias, Human Entrez, Mouse Entrez, Rat Entrez, MGI ID, Protein Name, UniProt ID, Disease, HDOID, Publication or PMID.",
  })
  type: string;

  @Field(() => String, {
    description:
      "Search screen it leads to: gene, disease or paper; protein for protein names and UniProt ids.",
  })
  entityType: string;

  @Field(() => String, {
    nullable: true,
    description: "What the text refers to (gene symbol, protein name, HDOID, ...).",
  })
  description: string | null;

  @Field(() => String, { nullable: true, description: "Publication title, for publication suggestions." })
  title: string | null;

  @Field(() => [String], { description: "Gene symbols an alias, protein name or UniProt id resolves to." })
  genes: string[];
}

@ObjectType({
  description:
    "Gene symbols a protein name resolves to, from the local index (or, when configured and the index finds nothing, an external lookup filtered to genes of the dataset).",
})
export class ProteinLookup {
  @Field(() => [String], {
    description:
      "Gene symbols: exact symbol, alias, protein name or UniProt id matches (letters and digits, any case), else genes whose protein name holds every word; at most 100.",
  })
  genes: string[];

  @Field(() => Int, { description: "How many genes matched (more than listed when over 100)." })
  total: number;
}
