import { exportDefinitions } from "../../services/export.service";
import { csvRoute, type GraphQLData, type RestRoute } from "../route-table";

/** Rows per chunk: few enough to keep memory flat, many enough that keyset round trips stay few. */
const EXPORT_CHUNK_ROWS = 5000;

const categoryOf = {
  table: "Data (CSV)",
  junction: "Data (CSV)",
  relationship: "Relationship (CSV)",
} as const;

/** Whole tables, junctions and relationships as CSV, streamed chunk by chunk through GraphQL. */
export const exportRoutes: RestRoute[] = exportDefinitions.map((definition) =>
  csvRoute<(string | null)[]>({
    method: "GET",
    path: `/api/${definition.name}`,
    category: categoryOf[definition.kind],
    summary: `${definition.summary} (CSV)`,
    params: [],
    operation: `query BulkExport($name: String!, $after: String, $first: Int!) {
      bulkExport(name: $name, after: $after, first: $first) { columns rows nextCursor }
    }`,
    variables: () => ({ name: definition.name, after: null, first: EXPORT_CHUNK_ROWS }),
    nextVariables: (data: GraphQLData) =>
      data.bulkExport.nextCursor
        ? { name: definition.name, after: data.bulkExport.nextCursor, first: EXPORT_CHUNK_ROWS }
        : null,
    response: "csv",
    fileName: () => [definition.name],
    columns: definition.columns.map((c, i) => ({
      header: c.header,
      value: (row: (string | null)[]) => row[i],
    })),
    rows: (data: GraphQLData) => data.bulkExport.rows as (string | null)[][],
  }),
);
