import { useQuery } from "@apollo/client/react";
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router-dom";
import type { CompartmentProteinSortKey, SortDirection } from "../../gql/graphql";
import { useAddressChange } from "../../hooks/useAddress";
import {
  compartmentLabel,
  compartmentName,
  FREQUENCY_BAND,
  FREQUENCY_FILTERS,
  FREQUENCY_LABELS,
  type FrequencyFilter,
  frequencyBadgeText,
  frequencyColour,
  INVALID_COMPARTMENT,
  nextSort,
  PANEL_PAGE_SIZE,
  type PanelState,
  type ProteinRow,
  parseFrequencyFilter,
  type SortColumn,
} from "../../lib/compartments";
import { formatCount } from "../../lib/format";
import { graphqlEnum } from "../../lib/graphqlEnum";
import { externalUrl, geneAddress } from "../../lib/links";
import { loadErrorText } from "../../lib/loadError";
import { pageQuery } from "../../lib/pageQuery";
import { clampPage } from "../../lib/pager";
import { ApiButton } from "../ApiButton";
import { DownloadButton } from "../DownloadButton";
import { ExternalLink } from "../ExternalLink";
import { SearchField } from "../SearchField";
import { SectionHeading } from "../SectionHeading";
import { Spinner } from "../Spinner";
import { TablePager } from "../TablePager";
import { compartmentProteinsQuery } from "./compartments.queries";

export const PAPER_COUNT_TOOLTIP = "Click on the Gene ID to view more information about the papers.";
export const SEARCH_PLACEHOLDER = "Search by gene name, Entrez ID, or MGI ID...";

const COLUMNS: { key: SortColumn; label: string; numeric: boolean; title?: string }[] = [
  { key: "HumanName", label: "Gene Symbol", numeric: false },
  { key: "HumanEntrez", label: "Human Entrez", numeric: true },
  { key: "paper_count", label: "Paper Count", numeric: true, title: PAPER_COUNT_TOOLTIP },
];

type PanelView = Omit<PanelState, "compartment"> & { compartment: string };

/** The page of proteins the panel asks for in `state` (the compartment's own page preloads it). */
export function compartmentProteinsRequest(state: PanelView) {
  return pageQuery(compartmentProteinsQuery, {
    compartment: compartmentName(state.compartment) ?? "Postsynaptic",
    search: state.q.trim(),
    frequency: FREQUENCY_BAND[state.frequency],
    sortBy: graphqlEnum<CompartmentProteinSortKey>(state.sort.column),
    sortDir: graphqlEnum<SortDirection>(state.sort.direction),
    page: state.page,
    pageSize: PANEL_PAGE_SIZE,
  });
}

/**
 * The proteins of one compartment (spec 1 §2.4): search, frequency filter, download, a sortable
 * table with per-row details, 20 rows a page, each page asked of the server (the largest compartment
 * has thousands of genes). Controlled: the caller keeps the state (the compartments screen keeps it in
 * the address); any change of search, filter or sort goes back to page 1. A change is given as a
 * function of the current state, so two changes made before the caller renders (the address renders
 * in a transition) both apply.
 */
export function CompartmentProteinsPanel({
  state,
  onChange,
  onClose,
  title,
}: {
  state: PanelView;
  onChange: (change: (current: PanelState) => PanelState) => void;
  /** Closes the panel (a screen showing it under the compartment cards); none on the compartment's own page. */
  onClose?: () => void;
  /** The heading's words before the count: the compartment's name unless the page's title already says it. */
  title?: string;
}) {
  const { compartment } = state;
  // An address may name a compartment in any case; one that is no compartment is said so, not asked for.
  const known = compartmentName(compartment);
  const { variables } = compartmentProteinsRequest(state);
  const result = useQuery(compartmentProteinsQuery, { variables, skip: known === null });
  const { error, loading } = result;
  // The last page stays on screen while the next one loads (no flash of a spinner on each keystroke).
  const data = error ? undefined : (result.data ?? result.previousData);
  const table = data?.compartmentProteinTable;
  const [openRows, setOpenRows] = useState<Set<number>>(() => new Set());
  const headingId = useId();
  const frequencyId = useId();
  // The box keeps its own text: bound to the address, it would show the old text until the
  // address renders and drop a key typed in between. It follows the address when the address
  // changes for another reason (back, forward, a link), not when our own writes arrive.
  const [searchText, setSearchText] = useState(state.q);
  const writtenTerms = useRef<string[]>([]);
  useAddressChange(state.q, (q) => {
    const at = writtenTerms.current.indexOf(q);
    if (at >= 0) {
      writtenTerms.current = writtenTerms.current.slice(at + 1);
      return;
    }
    writtenTerms.current = [];
    setSearchText(q);
  });
  const search = (q: string) => {
    setSearchText(q);
    writtenTerms.current.push(q);
    onChange((current) => ({ ...current, q, page: 1 }));
  };

  // A band chosen in the server's markup before hydration stays in the element (React keeps it) but
  // not in the address: adopt it, once, so the rows and the address show what the reader chose.
  const frequencyRef = useRef<HTMLSelectElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    const chosen = frequencyRef.current?.value;
    if (chosen === undefined || chosen === state.frequency) return;
    const frequency = parseFrequencyFilter(chosen);
    onChange((current) => ({ ...current, frequency, page: 1 }));
  }, []);

  const shown = useMemo(
    () =>
      (table?.proteins ?? []).map(
        (p): PanelRow => ({
          id: p.gene.id,
          humanName: p.gene.humanName,
          humanEntrez: p.gene.humanEntrez ?? null,
          mouseEntrez: p.gene.mouseEntrez ?? null,
          ratEntrez: p.gene.ratEntrez ?? null,
          mgi: p.gene.mgi ?? null,
          uniprotId: p.gene.uniprotId ?? null,
          ensemblId: p.gene.ensemblId ?? null,
          paperCount: p.paperCount,
          frequency: p.frequency,
        }),
      ),
    [table],
  );
  const total = table?.pagination.total ?? 0;
  const totalPages = table?.pagination.totalPages ?? 0;
  const page = table?.pagination.page ?? state.page;
  const label = compartmentLabel(compartment);

  const toggleRow = (id: number) =>
    setOpenRows((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  let body: ReactNode;
  if (known === null || error) {
    body = (
      <div className="error-text" role="alert" data-testid="proteins-error">
        <strong>Error loading proteins</strong>
        <p>{known === null ? INVALID_COMPARTMENT : loadErrorText(error, "Failed to load proteins")}</p>
      </div>
    );
  } else if (loading && !data) {
    body = <Spinner label="Loading proteins..." />;
  } else if (total === 0) {
    body = (
      <p className="empty-text" data-testid="proteins-empty">
        No proteins match your search criteria.
      </p>
    );
  } else {
    body = (
      <>
        <div className="table-wrap">
          <table className="data-table compartment-table" data-testid="proteins-table">
            <caption className="visually-hidden">
              {label} proteins, sorted by {COLUMNS.find((c) => c.key === state.sort.column)?.label}{" "}
              {state.sort.direction === "asc" ? "ascending" : "descending"}
            </caption>
            <thead>
              <tr>
                {COLUMNS.map((column) => {
                  const active = state.sort.column === column.key;
                  return (
                    <th
                      key={column.key}
                      scope="col"
                      className={column.numeric ? "num" : undefined}
                      aria-sort={
                        active ? (state.sort.direction === "asc" ? "ascending" : "descending") : "none"
                      }
                    >
                      <button
                        type="button"
                        className={`sort-btn${active ? " is-active" : ""}`}
                        onClick={() =>
                          onChange((current) => ({
                            ...current,
                            sort: nextSort(current.sort, column.key),
                            page: 1,
                          }))
                        }
                        title={column.title}
                        data-testid={`sort-${column.key}`}
                      >
                        {column.label}
                        <span className={`sort-arrow${active ? "" : " is-idle"}`} aria-hidden="true">
                          {active ? (state.sort.direction === "asc" ? "▲" : "▼") : "↕"}
                        </span>
                      </button>
                      {column.title && (
                        <span className="th-info" title={column.title} data-testid="paper-count-tooltip">
                          <svg viewBox="0 0 16 16" width="13" height="13" aria-hidden="true">
                            <circle
                              cx="8"
                              cy="8"
                              r="6.5"
                              fill="none"
                              stroke="currentColor"
                              strokeWidth="1.4"
                            />
                            <path
                              d="M8 7v4.2M8 4.6v.2"
                              stroke="currentColor"
                              strokeWidth="1.6"
                              strokeLinecap="round"
                            />
                          </svg>
                          <span className="visually-hidden">{column.title}</span>
                        </span>
                      )}
                    </th>
                  );
                })}
                <th scope="col">Frequency</th>
                <th scope="col">
                  <span className="details-text">Details</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => {
                const open = openRows.has(row.id);
                const detailsId = `protein-details-${row.id}`;
                return (
                  <ProteinRows
                    key={row.id}
                    row={row}
                    open={open}
                    detailsId={detailsId}
                    onToggle={() => toggleRow(row.id)}
                  />
                );
              })}
            </tbody>
          </table>
        </div>
        <TablePager
          page={page}
          pageSize={PANEL_PAGE_SIZE}
          total={total}
          onChange={(next) => onChange((current) => ({ ...current, page: clampPage(next, totalPages) }))}
          label={`${label} proteins pages`}
          testId="proteins-pager"
          rangeTestId="proteins-range"
        />
      </>
    );
  }

  return (
    <section
      id="compartment-panel"
      className="compartment-panel"
      aria-labelledby={headingId}
      data-testid="compartment-panel"
      data-compartment={compartment}
    >
      <header className="compartment-panel-head">
        <SectionHeading id={headingId} className="compartment-panel-title" testId="compartment-panel-title">
          {title ?? `${label} Proteins`}
          {table ? ` (${formatCount(total)})` : ""}
        </SectionHeading>
        <div className="compartment-panel-actions">
          <ApiButton
            document={compartmentProteinsQuery}
            variables={variables}
            restUrl={`/api/proteins/compartment/${encodeURIComponent(compartment)}`}
            title={`${label} proteins`}
            testId="api-compartment-proteins"
          />
          <DownloadButton
            url={`/api/proteins/compartment/${encodeURIComponent(compartment)}/csv`}
            label="Download CSV"
            testId="compartment-download"
          />
          {onClose && (
            <button
              type="button"
              className="btn btn-ghost btn-small"
              onClick={onClose}
              aria-label={`Close ${label} proteins`}
              data-testid="compartment-panel-close"
            >
              ✕
            </button>
          )}
        </div>
      </header>
      <div className="compartment-controls">
        <SearchField
          label={`Search ${label} proteins`}
          className="input compartment-search"
          placeholder={SEARCH_PLACEHOLDER}
          value={searchText}
          onChange={(event) => search(event.target.value)}
          data-testid="compartment-search"
        />
        <label htmlFor={frequencyId} className="compartment-frequency-label">
          Frequency
        </label>
        <select
          id={frequencyId}
          ref={frequencyRef}
          className="input"
          value={state.frequency}
          onChange={(event) => {
            const frequency = event.target.value as FrequencyFilter;
            onChange((current) => ({ ...current, frequency, page: 1 }));
          }}
          data-testid="compartment-frequency"
        >
          {FREQUENCY_FILTERS.map((f) => (
            <option key={f} value={f}>
              {FREQUENCY_LABELS[f]}
            </option>
          ))}
        </select>
      </div>
      <p className="muted small compartment-hint">Click on column headers to sort the table</p>
      {body}
    </section>
  );
}

interface PanelRow extends ProteinRow {
  id: number;
  uniprotId: string | null;
  ensemblId: string | null;
}

function ProteinRows({
  row,
  open,
  detailsId,
  onToggle,
}: {
  row: PanelRow;
  open: boolean;
  detailsId: string;
  onToggle: () => void;
}) {
  const geneSearch = geneAddress(row.humanName);
  return (
    <>
      <tr data-testid="protein-row" data-gene={row.humanName}>
        <td>
          <Link to={geneSearch} className="compartment-gene">
            {row.humanName}
          </Link>
        </td>
        <td className="num">
          <ExternalLink href={externalUrl("ncbiGene", row.humanEntrez)} disabledText="N/A">
            {row.humanEntrez}
          </ExternalLink>
        </td>
        <td className="num" data-testid="protein-paper-count">
          {row.paperCount}
        </td>
        <td>
          <span
            className={`badge freq-badge is-${frequencyColour(row.frequency)}`}
            data-testid="frequency-badge"
            data-band={row.frequency}
          >
            {frequencyBadgeText(row.frequency)}
          </span>
        </td>
        <td>
          <button
            type="button"
            className="btn btn-small btn-secondary"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={onToggle}
            data-testid="protein-details-toggle"
          >
            <span className="details-chevron" aria-hidden="true">
              {open ? "▾" : "▸"}
            </span>
            <span className="details-text">{open ? "Hide" : "Details"}</span>
          </button>
        </td>
      </tr>
      {open && (
        <tr id={detailsId} className="protein-details-row" data-testid="protein-details">
          <td colSpan={5}>
            <div className="protein-details">
              <div>
                <h4>Additional Identifiers</h4>
                <dl className="protein-ids">
                  <dt>Mouse Entrez</dt>
                  <dd>
                    <ExternalLink href={externalUrl("ncbiGene", row.mouseEntrez)} disabledText="N/A">
                      {row.mouseEntrez}
                    </ExternalLink>
                  </dd>
                  <dt>Rat Entrez</dt>
                  <dd>
                    <ExternalLink href={externalUrl("ncbiGene", row.ratEntrez)} disabledText="N/A">
                      {row.ratEntrez}
                    </ExternalLink>
                  </dd>
                  <dt>MGI</dt>
                  <dd>
                    <ExternalLink href={externalUrl("mgi", row.mgi)} disabledText="N/A">
                      {row.mgi}
                    </ExternalLink>
                  </dd>
                </dl>
              </div>
              <div>
                <h4>Links</h4>
                <ul className="protein-links">
                  <li>
                    <Link to={geneSearch} data-testid="protein-gene-detail">
                      Gene detail
                    </Link>
                  </li>
                  <li>
                    <ExternalLink
                      href={externalUrl("uniprot", row.uniprotId)}
                      disabledText="UniProt (no accession)"
                    >
                      UniProt
                    </ExternalLink>
                  </li>
                  <li>
                    <ExternalLink href={externalUrl("humanProteinAtlas", row.ensemblId ?? row.humanName)}>
                      Human Protein Atlas
                    </ExternalLink>
                  </li>
                </ul>
              </div>
            </div>
          </td>
        </tr>
      )}
    </>
  );
}
