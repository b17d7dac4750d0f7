import type { ApiEndpoint } from "../../lib/apiCatalog";

/**
 * The documented columns of a CSV endpoint (header, meaning, unit), read from the OpenAPI document's
 * x-csv-columns: the header rows are a stable contract for legacy scripts. Nothing for JSON endpoints.
 */
export function CsvColumns({ endpoint }: { endpoint: ApiEndpoint }) {
  if (endpoint.csvTables.length === 0) return null;
  return (
    <section data-testid="api-csv-columns" aria-label="CSV columns">
      {endpoint.csvTables.map(({ table, columns }) => (
        <div key={table || "csv"}>
          <h4>{table ? `CSV columns (table=${table})` : "CSV columns"}</h4>
          <div className="table-wrap">
            <table className="data-table is-compact" data-testid="api-csv-column-table">
              <thead>
                <tr>
                  <th scope="col">Column</th>
                  <th scope="col">Meaning</th>
                  <th scope="col">Unit</th>
                </tr>
              </thead>
              <tbody>
                {columns.map((c) => (
                  <tr key={c.name} data-testid="api-csv-column">
                    <td data-label="Column">
                      <code>{c.name}</code>
                    </td>
                    <td data-label="Meaning">{c.meaning}</td>
                    <td data-label="Unit">{c.unit ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ))}
    </section>
  );
}
