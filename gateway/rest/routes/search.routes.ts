import { SearchType } from "../../../schema/list-enums";
import { SUGGESTION_SCOPES } from "../../search/suggestion";
import { MAX_SUGGESTIONS, MIN_SUGGEST_LENGTH } from "../../services/search.service";
import { graphqlEnum } from "../params";
import { arrayOf, nonNull, object } from "../response-schema";
import type { GraphQLData, RestRoute } from "../route-table";

/** A suggestion as the search box reads it: description and title only when present. */
const suggestion = (s: GraphQLData) => ({
  text: s.text,
  type: s.type,
  entityType: s.entityType,
  ...(s.description === null ? {} : { description: s.description }),
  ...(s.title === null ? {} : { title: s.title }),
  ...((s.genes as string[]).length === 0 ? {} : { genes: s.genes }),
});

export const searchRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/autocomplete",
    category: "Search",
    summary:
      "Suggestions for the search box (2 characters or more): gene symbols, aliases, protein names, Entrez/MGI/UniProt ids, disease names and HDOIDs, study names, titles and PMIDs.",
    params: [
      {
        name: "q",
        in: "query",
        type: "string",
        required: true,
        description: "What has been typed (2 characters or more for suggestions).",
        message: "Search term is required",
      },
      {
        name: "type",
        in: "query",
        type: "string",
        default: "all",
        enum: SUGGESTION_SCOPES,
        description: "all, gene (genes and protein names), disease or paper.",
        message: `type must be one of: ${SUGGESTION_SCOPES.join(", ")}`,
      },
      {
        name: "limit",
        in: "query",
        type: "integer",
        default: 10,
        min: 1,
        max: MAX_SUGGESTIONS,
        description: `Most suggestions (1–${MAX_SUGGESTIONS}).`,
      },
    ],
    operation: `query Autocomplete($q: String!, $type: SearchType!, $limit: Int!) {
      autocomplete(q: $q, type: $type, limit: $limit) { text type entityType description title genes }
    }`,
    variables: (p) => ({ q: p.q, type: graphqlEnum(SearchType, p.type), limit: p.limit }),
    response: "json",
    schema: (op) => {
      const s = op.at("autocomplete");
      return {
        data: arrayOf(
          object(
            {
              text: s.f("text"),
              type: s.f("type"),
              entityType: s.f("entityType"),
              description: nonNull(s.f("description")),
              title: nonNull(s.f("title")),
              genes: s.f("genes"),
            },
            ["description", "title", "genes"],
          ),
        ),
      };
    },
    map: (d, p) => {
      const rows = d.autocomplete as GraphQLData[];
      const message =
        String(p.q).length < MIN_SUGGEST_LENGTH
          ? `Type at least ${MIN_SUGGEST_LENGTH} characters for suggestions`
          : rows.length === 0
            ? "No matches found"
            : `${rows.length} suggestions`;
      return { data: rows.map(suggestion), message };
    },
  },
  {
    method: "GET",
    path: "/api/protein/lookup",
    category: "Protein",
    summary:
      "Gene symbols for a protein name (alias, protein name or UniProt id), resolved from the portal's own index; an optional external lookup (off by default) is asked only when the index finds nothing, and only its genes present in the dataset are kept.",
    params: [
      {
        name: "name",
        in: "query",
        type: "string",
        required: true,
        description: "Protein name, e.g. PSD-95 or synaptophysin.",
        message: "Protein name is required",
      },
    ],
    operation: "query ProteinLookup($name: String!) { proteinLookup(name: $name) { genes total } }",
    variables: (p) => ({ name: p.name }),
    response: "json",
    schema: (op) => ({ data: op.f("proteinLookup.genes"), extra: { total: op.f("proteinLookup.total") } }),
    map: (d, p) => {
      const { genes, total } = d.proteinLookup as { genes: string[]; total: number };
      const message =
        total === 0
          ? `No genes found for protein "${p.name}"`
          : total > genes.length
            ? `Found ${total} genes for protein "${p.name}" (the first ${genes.length} are listed)`
            : `Found ${total} gene${total === 1 ? "" : "s"} for protein "${p.name}": ${genes.join(", ")}`;
      return { data: genes, message, extra: { total } };
    },
  },
];
