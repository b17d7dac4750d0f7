import { CombinedGraphQLErrors, ServerError } from "@apollo/client/errors";
import type { DocumentNode } from "graphql";
import { type ReactNode, useEffect, useId } from "react";
import type { CatalogConsensusFieldsFragment } from "../../gql/graphql";
import {
  ariaSort,
  CATALOG_PAGE_SIZES,
  consensusLevel,
  formatPercentage,
  pageChange,
  showingRange,
} from "../../lib/catalog";
import { formatCount } from "../../lib/format";
import { ApiButton } from "../ApiButton";
import { DownloadButton } from "../DownloadButton";
import { RefreshButton } from "../RefreshButton";
import { SearchBox } from "../SearchBox";
import { Spinner } from "../Spinner";
import type { CatalogViewState } from "./useCatalogView";
import "../figureStrip.css";
import "./catalog.css";

export interface CatalogColumn<Row> {
  /** Unique per table; also the cell's data-col. */
  id: string;
  header: string;
  /** A heading shared with neighbouring columns (e.g. Mouse above Symbol and Entrez). */
  group?: string;
  /** The server's sort key, when the column sorts. */
  sortKey?: string;
  numeric?: boolean;
  /** Extra class on the cells (e.g. a wide text column). */
  className?: string;
  cell: (row: Row) => ReactNode;
}

export interface CatalogSummaryItem {
  label: string;
  value: ReactNode;
  testId: string;
}

interface CatalogTableProps<Row> {
  /** gene, disease or paper: test ids and the texts 'No gene records found', 'Error loading gene data: ...'. */
  noun: "gene" | "disease" | "paper";
  title: string;
  subtitle: ReactNode;
  state: CatalogViewState;
  columns: CatalogColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Disease and paper rows: their consensus percentage, for the green/yellow highlight. */
  rowConsensus?: (row: Row) => number;
  total: number;
  totalPages: number;
  /** True while a request is in flight (the paging buttons are disabled). */
  loading: boolean;
  /** True once a response for the current view has arrived. */
  loaded: boolean;
  error: unknown;
  onRefresh: () => void;
  summary: CatalogSummaryItem[] | null;
  api: { document: DocumentNode; variables: Record<string, unknown>; restUrl: string };
  /** The server's CSV of exactly the loaded page. */
  csvUrl: string;
  searchPlaceholder: string;
  consensusLabel: string;
  /** Further filters beside the consensus checkbox. */
  filters?: ReactNode;
}

/** 'HTTP error! Status: 500', the server's GraphQL message, or 'Failed to fetch gene data'. */
export function catalogErrorMessage(error: unknown, noun: string): string {
  if (ServerError.is(error)) return `HTTP error! Status: ${error.statusCode}`;
  if (CombinedGraphQLErrors.is(error)) {
    const text = error.errors
      .map((item) => item.message)
      .filter(Boolean)
      .join("; ");
    if (text) return text;
  }
  return `Failed to fetch ${noun} data`;
}

/**
 * The one catalog table (spec 2 §2.1): search, consensus-only and further filters,
 * Refresh, Export CSV of the loaded page, the API button, a consensus summary,
 * sortable headers and a first/previous/next/last pager. Columns come from a config.
 */
export function CatalogTable<Row>({
  noun,
  title,
  subtitle,
  state,
  columns,
  rows,
  rowKey,
  rowConsensus,
  total,
  totalPages,
  loading,
  loaded,
  error,
  onRefresh,
  summary,
  api,
  csvUrl,
  searchPlaceholder,
  consensusLabel,
  filters,
}: CatalogTableProps<Row>) {
  const { view } = state;
  const consensusId = useId();
  const sizeId = useId();
  const captionId = useId();
  const range = showingRange(view.page, view.pageSize, total);
  const { setPage } = state;
  // A linked page beyond the last one shows the last page.
  useEffect(() => {
    if (loaded && !loading && total > 0 && view.page > totalPages) setPage(totalPages);
  }, [loaded, loading, total, totalPages, view.page, setPage]);
  const goTo = (target: number) => {
    if (loading) return;
    const page = pageChange(target, view.page, totalPages);
    if (page !== null) state.setPage(page);
  };
  const pagerButton = (label: string, symbol: string, target: number, disabled: boolean) => (
    <button
      type="button"
      className="btn btn-small catalog-page-btn"
      onClick={() => goTo(target)}
      disabled={loading || disabled}
      aria-label={`${label} page`}
      data-testid={`page-${label.toLowerCase()}`}
    >
      <span aria-hidden="true">{symbol}</span>
      <span className="catalog-page-label">{label}</span>
    </button>
  );

  // Columns of one group (e.g. Mouse: Symbol, Entrez) share a header above their own.
  const hasGroups = columns.some((column) => column.group);
  const headerRuns: { group?: string; columns: CatalogColumn<Row>[] }[] = [];
  for (const column of columns) {
    const last = headerRuns[headerRuns.length - 1];
    if (column.group && last?.group === column.group) last.columns.push(column);
    else headerRuns.push({ group: column.group, columns: [column] });
  }
  const headerCell = (column: CatalogColumn<Row>, rowSpan?: number) => (
    <th
      key={column.id}
      scope="col"
      rowSpan={rowSpan}
      className={`${column.numeric ? "num " : ""}${column.className ?? ""}`.trim() || undefined}
      aria-sort={column.sortKey ? ariaSort(view, column.sortKey) : undefined}
      data-col={column.id}
    >
      {column.sortKey ? (
        <button
          type="button"
          className={`catalog-sort${view.sort === column.sortKey ? " is-active" : ""}`}
          onClick={() => column.sortKey && state.sortBy(column.sortKey)}
          aria-label={column.group ? `${column.group} ${column.header}` : undefined}
          data-testid={`sort-${column.sortKey}`}
        >
          <span>{column.header}</span>
          <span className="catalog-sort-icon" aria-hidden="true">
            {view.sort !== column.sortKey ? "↕" : view.dir === "asc" ? "▲" : "▼"}
          </span>
        </button>
      ) : (
        column.header
      )}
    </th>
  );

  return (
    <div className={`page catalog catalog-${noun}`} data-testid={`${noun}-catalog`}>
      <header className="page-header">
        <h1>{title}</h1>
        <p className="page-subtitle">{subtitle}</p>
      </header>

      <section className="catalog-controls" aria-label={`${title} filters`}>
        <div className="catalog-search">
          <SearchBox
            value={state.searchInput}
            onChange={state.setSearchInput}
            onSubmit={state.submitSearch}
            onClear={() => state.submitSearch("")}
            placeholder={searchPlaceholder}
            label={`Search the ${title}`}
            buttonLabel="Search"
            testId="catalog-search"
          />
        </div>
        <div className="catalog-filters">
          <label className="catalog-check" htmlFor={consensusId}>
            <input
              id={consensusId}
              type="checkbox"
              checked={state.consensusOnlyInput}
              onChange={(event) => state.setConsensusOnly(event.target.checked)}
              data-testid="consensus-only"
            />
            <span>{consensusLabel}</span>
          </label>
          {filters}
          <div className="catalog-actions">
            <RefreshButton label="Refresh" onClick={onRefresh} disabled={loading} testId="catalog-refresh" />
            <DownloadButton
              url={csvUrl}
              label="Export CSV"
              className="btn-small"
              testId="catalog-export"
              disabled={rows.length === 0 || !loaded}
            />
            <ApiButton
              document={api.document}
              variables={api.variables}
              restUrl={api.restUrl}
              title={title}
              testId="catalog-api"
            />
          </div>
        </div>
      </section>

      {summary && (
        <dl className="catalog-summary" data-testid="consensus-summary" aria-label="Consensus summary">
          {summary.map((item) => (
            <div key={item.testId} className="catalog-summary-item">
              <dt>{item.label}</dt>
              <dd data-testid={item.testId}>{item.value}</dd>
            </div>
          ))}
        </dl>
      )}

      {error ? (
        <p className="error-text" role="alert" data-testid="catalog-error">
          Error loading {noun} data: {catalogErrorMessage(error, noun)}
        </p>
      ) : null}

      <div className="catalog-status">
        <p className="catalog-range" id={captionId} aria-live="polite" data-testid="catalog-range">
          {loaded && total > 0
            ? `Showing ${formatCount(range.from)}-${formatCount(range.to)} of ${formatCount(total)} results`
            : loaded
              ? "Showing 0 results"
              : " "}
        </p>
        {rowConsensus && (
          <p className="catalog-legend" data-testid="catalog-legend">
            <span className="catalog-swatch is-high" aria-hidden="true" /> more than 50% consensus genes
            <span className="catalog-swatch is-low" aria-hidden="true" /> 50% or less
          </p>
        )}
        <label className="catalog-size" htmlFor={sizeId}>
          Rows per page
          <select
            id={sizeId}
            className="select"
            value={view.pageSize}
            onChange={(event) => state.setPageSize(Number(event.target.value))}
            data-testid="page-size"
          >
            {CATALOG_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      </div>

      {!loaded && !error && <Spinner label={`Loading ${noun} records...`} />}
      {loaded && rows.length === 0 && !error && (
        <p className="empty-text" data-testid="catalog-empty">
          No {noun} records found
        </p>
      )}
      {rows.length > 0 && (
        <section
          className={`table-wrap catalog-table-wrap${loading ? " is-stale" : ""}`}
          aria-labelledby={captionId}
          aria-busy={loading}
          // A scrollable region must be reachable from the keyboard.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users scroll the wide table
          tabIndex={0}
        >
          <table className="data-table catalog-table" data-testid="catalog-table">
            <thead>
              {hasGroups ? (
                <>
                  <tr>
                    {headerRuns.map((run) =>
                      run.group ? (
                        <th
                          key={`group-${run.columns[0]!.id}`}
                          scope="colgroup"
                          colSpan={run.columns.length}
                          className="catalog-group"
                        >
                          {run.group}
                        </th>
                      ) : (
                        headerCell(run.columns[0]!, 2)
                      ),
                    )}
                  </tr>
                  <tr>{columns.filter((column) => column.group).map((column) => headerCell(column))}</tr>
                </>
              ) : (
                <tr>{columns.map((column) => headerCell(column))}</tr>
              )}
            </thead>
            <tbody>
              {rows.map((row) => {
                const level = rowConsensus ? consensusLevel(rowConsensus(row)) : undefined;
                return (
                  <tr
                    key={rowKey(row)}
                    className={level ? `catalog-row is-${level}` : undefined}
                    data-testid="catalog-row"
                    data-level={level}
                  >
                    {columns.map((column) => (
                      <td
                        key={column.id}
                        className={
                          `${column.numeric ? "num " : ""}${column.className ?? ""}`.trim() || undefined
                        }
                        data-col={column.id}
                      >
                        {column.cell(row)}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      )}

      {loaded && total > 0 && (
        <nav className="catalog-pager" aria-label={`${title} pages`} data-testid="catalog-pager">
          {pagerButton("First", "«", 1, view.page <= 1)}
          {pagerButton("Previous", "‹", view.page - 1, view.page <= 1)}
          <span className="catalog-page-text" data-testid="catalog-page-text">
            Page {formatCount(view.page)} of {formatCount(totalPages)}
          </span>
          {pagerButton("Next", "›", view.page + 1, view.page >= totalPages)}
          {pagerButton("Last", "»", totalPages, view.page >= totalPages)}
        </nav>
      )}
    </div>
  );
}

/** A percentage badge, readable without colour: the value and its band in words for screen readers. */
export function ConsensusBadge({ percentage }: { percentage: number }) {
  const level = consensusLevel(percentage);
  return (
    <span
      className={`catalog-pct is-${level}`}
      title={level === "high" ? "More than 50% consensus genes" : "50% or fewer consensus genes"}
      data-testid="consensus-pct"
    >
      {level === "high" ? "▲ " : ""}
      {formatPercentage(percentage)}
    </span>
  );
}

/** A cell value, or a muted dash when missing. */
export function cellValue(value: string | number | null | undefined): ReactNode {
  if (value === null || value === undefined || String(value).trim() === "") {
    return (
      <span className="muted" title="Not available">
        —
      </span>
    );
  }
  return String(value);
}

/** The gene count and consensus columns the disease and paper catalogs share. */
export function consensusColumns<
  Row extends { geneCount: number; consensusGeneCount: number; consensusPercentage: number },
>(): CatalogColumn<Row>[] {
  return [
    { id: "geneCount", header: "Genes", numeric: true, cell: (r) => formatCount(r.geneCount) },
    {
      id: "consensusGeneCount",
      header: "Consensus Genes",
      numeric: true,
      cell: (r) => formatCount(r.consensusGeneCount),
    },
    {
      id: "consensusPercentage",
      header: "Consensus %",
      numeric: true,
      cell: (r) => <ConsensusBadge percentage={r.consensusPercentage} />,
    },
  ];
}

/** The summary strip of the disease and paper catalogs. */
export function catalogConsensusSummary(consensus: CatalogConsensusFieldsFragment): CatalogSummaryItem[] {
  return [
    {
      label: "Consensus genes",
      value: formatCount(consensus.totalConsensusGenes),
      testId: "summary-total-consensus-genes",
    },
    { label: "Genes linked", value: formatCount(consensus.totalGenes), testId: "summary-total-genes" },
    {
      label: "Consensus share",
      value: formatPercentage(consensus.overallPercentage),
      testId: "summary-overall-percentage",
    },
  ];
}
