import { formatCount } from "../../lib/format";
import { SyntheticTag } from "../SyntheticTag";
import {
  CATEGORY_LABELS,
  ENRICHMENT_COLUMNS,
  type EnrichmentRow,
  type EnrichmentSort,
  type EnrichmentSortKey,
  formatP,
} from "./enrichment";
import "./enrichmentTable.css";

/**
 * The table of tested terms, as Gene-list Analysis and a comparison's intersection show it. With
 * `sort` its column headers sort (the caller keeps the order and sorts the rows); without, the rows
 * are shown as given.
 */
export function EnrichmentTable({
  terms,
  sort,
  onSort,
}: {
  terms: readonly EnrichmentRow[];
  sort?: EnrichmentSort;
  onSort?: (key: EnrichmentSortKey) => void;
}) {
  const sortable = sort !== undefined && onSort !== undefined;
  return (
    <div className="table-wrap">
      <table className="data-table enrichment-table" data-testid="enrichment-table">
        <caption className="visually-hidden">
          {sortable ? "Enriched terms; column headers sort" : "Enriched terms"}
        </caption>
        <thead>
          <tr>
            {ENRICHMENT_COLUMNS.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={c.numeric ? "num" : undefined}
                aria-sort={
                  !sortable
                    ? undefined
                    : sort.key === c.key
                      ? sort.direction === "asc"
                        ? "ascending"
                        : "descending"
                      : "none"
                }
              >
                {sortable ? (
                  <button
                    type="button"
                    className="enrichment-sort"
                    onClick={() => onSort(c.key)}
                    data-testid={`sort-${c.key}`}
                  >
                    {c.label}
                    <span aria-hidden="true">
                      {sort.key === c.key ? (sort.direction === "asc" ? " ▲" : " ▼") : ""}
                    </span>
                  </button>
                ) : (
                  c.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {terms.map((t) => (
            <tr key={`${t.category}:${t.termId}`} data-testid="enrichment-row">
              <td>
                <span className="enrichment-term" title={t.genes.join(", ")}>
                  {t.termName}
                </span>
                <span className="muted small"> {t.termId !== t.termName ? t.termId : ""}</span>
                {t.includesSyntheticData && <SyntheticTag title="Includes synthetic sample study rows" />}
              </td>
              <td>
                {CATEGORY_LABELS[t.category]}
                {t.group ? <span className="muted small"> · {t.group.replace(/_/g, " ")}</span> : null}
              </td>
              <td className="num" data-testid="cell-overlap">
                {t.overlap}
              </td>
              <td className="num">{formatCount(t.termSize)}</td>
              <td className="num">{t.expected.toFixed(1)}</td>
              <td className="num">{t.foldEnrichment.toFixed(2)}</td>
              <td className="num" data-testid="cell-p">
                {formatP(t.pValue)}
              </td>
              <td className="num" data-testid="cell-fdr" data-value={t.fdr}>
                {formatP(t.fdr)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
