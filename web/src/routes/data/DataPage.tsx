import { useQuery } from "@apollo/client/react";
import { Link } from "react-router-dom";
import { CopyButton } from "../../components/CopyButton";
import { CiteButton } from "../../components/cite/CiteButton";
import { DownloadButton } from "../../components/DownloadButton";
import { ExternalLink } from "../../components/ExternalLink";
import { RecordHeader } from "../../components/entity-search/RecordHeader";
import { recordReleaseOf } from "../../components/entity-search/recordRelease";
import { Spinner } from "../../components/Spinner";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { useSiteOrigin } from "../../hooks/useHydrating";
import { formatCount } from "../../lib/format";
import { siteConfig } from "../../site.config";
import { datasetReleaseQuery } from "./data.queries";
import { ProvenanceText } from "./ProvenanceText";
import "../../components/codeBlock.css";
import "../../components/syntheticTag.css";
import "../../components/stackedTable.css";
import "./data.css";

/** Bulk export kinds, in display order. */
const EXPORT_KINDS = [
  { key: "table", label: "Tables" },
  { key: "junction", label: "Junction tables" },
  { key: "relationship", label: "Relationships" },
] as const;

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

const PACKAGE_PATH = "/api/datapackage.json";
const ARCHIVE_PATH = "/api/datapackage.zip";

/** Reading the package in R and Python: three lines each, with this site's address. */
function packageSnippets(origin: string) {
  const url = `${origin || "https://this-portal"}${PACKAGE_PATH}`;
  return [
    {
      language: "R",
      code: `library(frictionless)\npackage <- read_package("${url}")\ngenes <- read_resource(package, "genes")`,
    },
    {
      language: "Python",
      code: `from frictionless import Package\npackage = Package("${url}")\ngenes = package.get_resource("genes").to_pandas()`,
    },
  ];
}

/** The bulk files as one Frictionless Data Package: the descriptor, the archive, how to read them. */
function DataPackageSection({ version }: { version: string }) {
  const origin = useSiteOrigin();
  return (
    <section className="section" aria-labelledby="package-heading" data-testid="data-package">
      <h2 id="package-heading">Data package</h2>
      <p>
        Every bulk download below is also described by one{" "}
        <ExternalLink href="https://specs.frictionlessdata.io/data-package/">
          Frictionless Data Package
        </ExternalLink>
        : the descriptor gives each file's columns with their types, meanings and units, its primary and
        foreign keys, its sha256 checksum, size and row count. The archive holds the descriptor and every file
        of release {version}.
      </p>
      <div className="package-links">
        <a href={PACKAGE_PATH} data-testid="data-package-link">
          <code>{PACKAGE_PATH}</code>
        </a>
        <DownloadButton url={ARCHIVE_PATH} label="All files (zip)" testId="data-package-archive" />
      </div>
      <div className="package-snippets">
        {packageSnippets(origin).map((snippet) => (
          <figure key={snippet.language} className="package-snippet" data-testid="data-package-snippet">
            <figcaption>
              {snippet.language}
              <CopyButton text={snippet.code} testId={`copy-${snippet.language.toLowerCase()}`} />
            </figcaption>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
            <pre className="api-code" tabIndex={0}>
              <code>{snippet.code}</code>
            </pre>
          </figure>
        ))}
      </div>
    </section>
  );
}

/** Dataset & provenance: what was loaded, from where, and what is synthetic. */
export default function DataPage() {
  useDocumentTitle(
    "Data & provenance",
    "The dataset release this portal serves: its version, source files and their provenance, which parts are synthetic, the bulk CSVs and data package.",
  );
  const { data, loading, error } = useQuery(datasetReleaseQuery);
  const release = data?.datasetRelease;
  const exports = data?.bulkExports ?? [];
  const schema = data?.databaseSchema;
  const kindLabel = new Map((schema?.kinds ?? []).map((k) => [k.key, k.label]));

  return (
    <div className="page" data-testid="data-page">
      <RecordHeader actions={release && <CiteButton path="/data" release={recordReleaseOf(release)} />}>
        <h1>Data &amp; provenance</h1>
        <p className="page-subtitle">
          The dataset release loaded into this instance of {siteConfig.productName}, the files it was built
          from, and which parts are synthetic.
        </p>
      </RecordHeader>

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

          {schema && (
            <section className="section" aria-labelledby="db-tables-heading">
              <h2 id="db-tables-heading">Database tables</h2>
              <p className="muted">
                Rows in each table of this instance's database, read live. Their columns and references are
                drawn in the <Link to="/SynapticERDiagram">ER diagram</Link>.
              </p>
              <div className="table-wrap">
                <table className="data-table is-compact is-stacked" data-testid="db-table-counts">
                  <thead>
                    <tr>
                      <th scope="col">Table</th>
                      <th scope="col">Kind</th>
                      <th scope="col">What it holds</th>
                      <th scope="col" className="num">
                        Rows
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {schema.tables.map((table) => (
                      <tr key={table.name} data-table={table.name}>
                        <td data-label="Table">
                          <code>{table.name}</code>
                        </td>
                        <td data-label="Kind">{kindLabel.get(table.kind) ?? table.kind}</td>
                        <td data-label="What it holds">{table.description}</td>
                        <td data-label="Rows" className="num">
                          {formatCount(table.rowCount)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          )}

          {exports.length > 0 && <DataPackageSection version={release.version} />}

          {exports.length > 0 && (
            <section className="section" aria-labelledby="downloads-heading" data-testid="bulk-downloads">
              <h2 id="downloads-heading">Bulk downloads</h2>
              <p className="muted">
                Whole tables, junction tables and relationships as CSV files, named with the release version (
                {release.version}). Synthetic rows keep their flag columns. Every file is also a documented
                endpoint of the <Link to="/documentation">REST API</Link>.
              </p>
              {EXPORT_KINDS.map((kind) => {
                const members = exports.filter((e) => e.kind === kind.key);
                if (members.length === 0) return null;
                return (
                  <div key={kind.key} className="bulk-group">
                    <h3>
                      {kind.label} <span className="muted">({members.length})</span>
                    </h3>
                    <ul className="bulk-list">
                      {members.map((item) => (
                        <li
                          key={item.name}
                          className="bulk-item"
                          data-testid="bulk-export"
                          data-name={item.name}
                        >
                          <div className="bulk-text">
                            <a href={item.path} className="bulk-name" download>
                              <code>{item.path}</code>
                            </a>
                            <span className="bulk-summary">{item.summary}</span>
                            <span className="muted bulk-columns">
                              {item.columns.length} columns: {item.columns.join(", ")}
                            </span>
                          </div>
                          <DownloadButton url={item.path} label="CSV" testId="bulk-download" />
                        </li>
                      ))}
                    </ul>
                  </div>
                );
              })}
            </section>
          )}

          <section className="section" aria-labelledby="derivations-heading" data-testid="derivations">
            <h2 id="derivations-heading">Derived fields</h2>
            <p data-testid="chapter-derivation">
              <strong>ICD-11 chapter of a disease:</strong> derived once, at import, for each Disease Ontology
              term from its ICD cross-references, else from its branch of the Disease Ontology (diseases.csv
              gives the chapter and how it was derived). The ICD-11 explorer, diseases.csv and the gene-list
              analysis all use this one chapter, so a chapter counts the same diseases everywhere, with or
              without an OMIM id.
            </p>
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
