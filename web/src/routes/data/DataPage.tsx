import { useQuery } from "@apollo/client/react";
import { Spinner } from "../../components/Spinner";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { formatCount } from "../../lib/format";
import { siteConfig } from "../../site.config";
import { datasetReleaseQuery } from "./data.queries";
import { ProvenanceText } from "./ProvenanceText";

function formatDate(value: string | null | undefined): string {
  if (!value) return "—";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const hasTime = /T\d|\d:\d/.test(value);
  return hasTime
    ? `${date.toLocaleString("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" })} UTC`
    : date.toLocaleDateString("en-GB", { dateStyle: "long", timeZone: "UTC" });
}

function ClassBadge({ value }: { value: string }) {
  const key = value.toLowerCase();
  const tone =
    key === "real" ? "real" : key === "synthetic" ? "synthetic" : key === "mixed" ? "mixed" : "other";
  return <span className={`class-badge class-${tone}`}>{value}</span>;
}

/** Dataset & provenance: what was loaded, from where, and what is synthetic. */
export default function DataPage() {
  useDocumentTitle(`Data & provenance - ${siteConfig.productName}`);
  const { data, loading, error } = useQuery(datasetReleaseQuery);
  const release = data?.datasetRelease;

  return (
    <div className="page" data-testid="data-page">
      <header className="page-header">
        <h1>Data &amp; provenance</h1>
        <p className="page-subtitle">
          The dataset release loaded into this instance of {siteConfig.productName}, the files it was built
          from, and which parts are synthetic.
        </p>
      </header>

      {loading && !release && <Spinner label="Loading dataset information..." />}
      {error && !release && <p className="error-text">Failed to load dataset information: {error.message}</p>}
      {!loading && !error && !release && (
        <div className="notice-box">
          <p>No dataset release is recorded in this database.</p>
        </div>
      )}

      {release && (
        <>
          {release.hasSyntheticData && (
            <div className="notice-box notice-warning" data-testid="data-synthetic-note">
              <p>
                <strong>This release contains synthetic sample data.</strong> Synthetic rows are labelled in
                the data and marked <span className="tag-synthetic">sample</span> on screen. They are not real
                research data.
              </p>
            </div>
          )}
          <section className="section" aria-labelledby="release-heading">
            <h2 id="release-heading">Release</h2>
            <dl className="facts" data-testid="release-facts">
              <div>
                <dt>Name</dt>
                <dd data-testid="release-name">{release.name}</dd>
              </div>
              <div>
                <dt>Version</dt>
                <dd>{release.version}</dd>
              </div>
              <div>
                <dt>Built</dt>
                <dd>{formatDate(release.built)}</dd>
              </div>
              <div>
                <dt>Loaded at</dt>
                <dd>{formatDate(release.loadedAt)}</dd>
              </div>
              <div>
                <dt>Source</dt>
                <dd className="break-all">{release.source}</dd>
              </div>
              <div>
                <dt>Synthetic data</dt>
                <dd>{release.hasSyntheticData ? "Yes, labelled" : "No"}</dd>
              </div>
            </dl>
          </section>

          <section className="section" aria-labelledby="files-heading">
            <h2 id="files-heading">Files</h2>
            <div className="table-wrap">
              <table className="data-table is-stacked" data-testid="dataset-files">
                <thead>
                  <tr>
                    <th scope="col">File</th>
                    <th scope="col" className="num">
                      Rows
                    </th>
                    <th scope="col">Class</th>
                    <th scope="col">What is synthetic</th>
                    <th scope="col">Note</th>
                  </tr>
                </thead>
                <tbody>
                  {release.tables.map((table) => (
                    <tr key={table.file}>
                      <td data-label="File">
                        <code>{table.file}</code>
                      </td>
                      <td data-label="Rows" className="num">
                        {formatCount(table.rows)}
                      </td>
                      <td data-label="Class">
                        <ClassBadge value={table.class} />
                      </td>
                      <td data-label="What is synthetic">{table.syntheticPart || "—"}</td>
                      <td data-label="Note" className="note-cell">
                        {table.note || "—"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <section className="section" aria-labelledby="provenance-heading">
            <h2 id="provenance-heading">Provenance</h2>
            <ProvenanceText text={release.provenance} />
          </section>
        </>
      )}
    </div>
  );
}
