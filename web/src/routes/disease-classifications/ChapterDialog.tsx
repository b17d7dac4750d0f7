import { useQuery } from "@apollo/client/react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { ApiButton } from "../../components/ApiButton";
import { DownloadButton } from "../../components/DownloadButton";
import { ExternalLink } from "../../components/ExternalLink";
import { Highlight } from "../../components/Highlight";
import { Spinner } from "../../components/Spinner";
import { SyntheticTag } from "../../components/SyntheticTag";
import { TablePager } from "../../components/TablePager";
import type { Icd11ChapterDialogQuery, Icd11ChapterDiseasesQuery } from "../../gql/graphql";
import { useAddressChange } from "../../hooks/useAddress";
import { parsePositiveInt } from "../../lib/cardTabState";
import { describeError } from "../../lib/errors";
import { formatCount, formatDiseaseName, formatInheritance } from "../../lib/format";
import { CHAPTER_PAGE_SIZE, CHAPTER_SEARCH_DEBOUNCE_MS, geneCountLabel } from "../../lib/icdChapters";
import { externalUrl, geneAddress } from "../../lib/links";
import { pageQuery } from "../../lib/pageQuery";
import { clampPage } from "../../lib/pager";
import { countOf } from "../../lib/plural";
import { clampSearchTerm } from "../../lib/searchInput";
import {
  icd11ChapterDiseaseGenesQuery,
  icd11ChapterDiseasesQuery,
  icd11ChapterQuery,
} from "./diseaseClassifications.queries";
import "../../components/dialog.css";
import "../../components/searchClear.css";
import { SearchField } from "../../components/SearchField";

type ChapterDetail = NonNullable<Icd11ChapterDialogQuery["icd11Chapter"]>;
type ChapterDisease = NonNullable<
  Icd11ChapterDiseasesQuery["icd11ChapterDiseases"]
>["diseases"][number]["disease"];

/** What the chapter's disease list shows: the search as typed into the box (trimmed) and the page. */
export interface ChapterView {
  q: string;
  page: number;
}

/** The view an address names (?q=&page=): the chapter page keeps it there. */
export function chapterViewOf(params: URLSearchParams): ChapterView {
  return { q: clampSearchTerm(params.get("q")), page: parsePositiveInt(params.get("page"), 1) };
}

/** The address of a view (the chapter page's ?q=&page=; empty for the first page of every disease). */
export function chapterViewParams(view: ChapterView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.q) params.set("q", view.q);
  if (view.page > 1) params.set("page", String(view.page));
  return params;
}

/** The chapter's header (name, text, counts), as the dialog and the chapter's page ask for it. */
export const chapterHeaderRequest = (chapter: string) => pageQuery(icd11ChapterQuery, { chapter });

/** One page of the chapter's diseases, as the dialog and the chapter's page ask for it (and the page preloads). */
export const chapterDiseasesRequest = (chapter: string, view: ChapterView) =>
  pageQuery(icd11ChapterDiseasesQuery, {
    chapter,
    search: view.q,
    page: view.page,
    pageSize: CHAPTER_PAGE_SIZE,
  });

interface ChapterDialogProps {
  /** The open chapter ('08'), or null when the dialog is closed. */
  chapter: string | null;
  onClose: () => void;
}

export const chapterCsvUrl = (chapter: string) =>
  `/api/disease-classifications/chapter/${encodeURIComponent(chapter)}/csv`;

/**
 * The chapter detail dialog (native <dialog>): opens whenever `chapter` is set, loads the
 * chapter, and closes via the X, the backdrop or Escape. Focus goes to the close button on
 * opening and back to where it was on closing.
 */
export function ChapterDialog({ chapter, onClose }: ChapterDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const headingId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (chapter && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      closeRef.current?.focus();
    } else if (!chapter && dialog.open) {
      dialog.close();
    }
  }, [chapter]);

  useEffect(() => {
    if (chapter) return;
    const target = returnFocus.current;
    returnFocus.current = null;
    if (target?.isConnected) target.focus();
  }, [chapter]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a mouse shortcut; Escape and the X close it by keyboard
    <dialog
      ref={dialogRef}
      className="icd-dialog"
      aria-labelledby={headingId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      data-testid="chapter-dialog"
    >
      {chapter && (
        // Keyed by chapter: opening another chapter starts with an empty search.
        <ChapterDialogBody
          key={chapter}
          chapter={chapter}
          headingId={headingId}
          closeRef={closeRef}
          onClose={onClose}
        />
      )}
    </dialog>
  );
}

function ChapterDialogBody({
  chapter,
  headingId,
  closeRef,
  onClose,
}: {
  chapter: string;
  headingId: string;
  closeRef: React.RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}) {
  const header = chapterHeaderRequest(chapter);
  const { data, loading, error } = useQuery(header.query, { variables: header.variables });
  const detail = data?.icd11Chapter ?? null;
  const [view, setView] = useState<ChapterView>({ q: "", page: 1 });

  return (
    <div className="icd-dialog-inner">
      <header className="icd-dialog-header">
        <div className="icd-dialog-heading">
          <p className="icd-dialog-kicker" data-testid="dialog-chapter-number">
            Chapter {chapter}
          </p>
          <h2 id={headingId} data-testid="dialog-chapter-name">
            {detail?.name ?? `ICD-11 chapter ${chapter}`}
          </h2>
        </div>
        <button
          ref={closeRef}
          type="button"
          className="icd-dialog-close"
          aria-label="Close chapter details"
          onClick={onClose}
          data-testid="dialog-close"
        >
          ×
        </button>
      </header>

      <div className="icd-dialog-body">
        {loading && !detail && <Spinner label={`Loading chapter ${chapter}...`} />}
        {error && (
          <div className="error-text" role="alert" data-testid="chapter-error">
            <strong>Error loading chapter details</strong>
            <p>{describeError(error) || `Failed to load data for chapter ${chapter}`}</p>
          </div>
        )}
        {!loading && !error && !detail && (
          <p className="empty-text" data-testid="chapter-empty">
            No data available for this chapter
          </p>
        )}
        {detail && <ChapterContent detail={detail} view={view} onChange={setView} />}
      </div>
    </div>
  );
}

/**
 * A chapter's text, counts, download and its diseases a page at a time, searched on the server
 * (schema/chapter-search.ts). Controlled: the dialog keeps the view in its state, the chapter's page in
 * its address. Typing searches after a pause and goes back to the first page.
 */
export function ChapterContent({
  detail,
  view,
  onChange,
}: {
  detail: ChapterDetail;
  view: ChapterView;
  onChange: (view: ChapterView) => void;
}) {
  // The box keeps its own text and commits it after a pause; it follows the view when the view
  // changes for another reason (back, forward, a link), not when our own commit arrives.
  const [text, setText] = useState(view.q);
  const committed = useRef(view.q);
  useAddressChange(view.q, (q) => {
    if (q === committed.current) return;
    committed.current = q;
    setText(q);
  });
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const q = clampSearchTerm(text);
    if (q === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = q;
      latest.current({ q, page: 1 });
    }, CHAPTER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const clear = () => {
    setText("");
    committed.current = "";
    onChange({ q: "", page: 1 });
  };

  const request = chapterDiseasesRequest(detail.chapter, view);
  const result = useQuery(request.query, { variables: request.variables, skip: detail.diseaseCount === 0 });
  // The last page stays on screen while the next one loads (no flash of a spinner on each keystroke).
  const page = result.error ? undefined : (result.data ?? result.previousData)?.icd11ChapterDiseases;
  const term = page?.search ?? "";
  const shownTerm = view.q;
  const total = page?.pagination.total ?? 0;
  const more = page ? page.matchingGeneCount - page.matchingGenes.length : 0;

  return (
    <>
      <p className="icd-dialog-specific" data-testid="dialog-specific-chapter">
        {detail.specificChapter}
      </p>
      <p className="icd-dialog-description">{detail.description}</p>
      <dl className="icd-dialog-counts">
        <div>
          <dt>Diseases</dt>
          <dd data-testid="dialog-disease-count">{formatCount(detail.diseaseCount)}</dd>
        </div>
        <div>
          <dt>Genes</dt>
          <dd data-testid="dialog-gene-count">{formatCount(detail.geneCount)}</dd>
        </div>
      </dl>
      <div className="icd-dialog-actions">
        <DownloadButton url={chapterCsvUrl(detail.chapter)} label="Download CSV" testId="chapter-csv" />
        <ApiButton
          document={icd11ChapterDiseasesQuery}
          variables={request.variables}
          restUrl={`/api/disease-classifications/chapter/${encodeURIComponent(detail.chapter)}`}
          title={`ICD-11 chapter ${detail.chapter}`}
          testId="chapter-api"
        />
      </div>

      {detail.diseaseCount === 0 ? (
        <p className="empty-text">No disease of a synaptic gene is classified in this chapter.</p>
      ) : (
        <>
          <search className="icd-dialog-search">
            <SearchField
              label="Search the diseases and genes of this chapter"
              className="input icd-dialog-search-input"
              placeholder="Search diseases, genes, and all related fields..."
              value={text}
              onChange={(event) => setText(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              data-testid="chapter-search"
            />
            {text && (
              <button
                type="button"
                className="icd-dialog-search-clear"
                aria-label="Clear search"
                onClick={clear}
                data-testid="chapter-search-clear"
              >
                ×
              </button>
            )}
          </search>

          {result.error && (
            <p className="error-text" role="alert" data-testid="chapter-error">
              Could not load the chapter's diseases: {describeError(result.error)}
            </p>
          )}
          {!page && !result.error && (
            <Spinner label={`Loading the diseases of chapter ${detail.chapter}...`} />
          )}

          {page && term && (
            <div className="icd-search-summary" aria-live="polite" data-testid="chapter-search-summary">
              <p data-testid="chapter-search-count">
                Found {countOf(total, "disease")} and {countOf(page.matchingGeneCount, "gene")} matching “
                {shownTerm}”
              </p>
              {page.matchingGenes.length > 0 && (
                <ul
                  className="chips icd-gene-chips"
                  aria-label="Matching genes"
                  data-testid="matching-gene-chips"
                >
                  {page.matchingGenes.map((name) => (
                    <li key={name} className="chip" data-testid="matching-gene-chip">
                      {name}
                    </li>
                  ))}
                  {more > 0 && (
                    <li className="chip chip-more" data-testid="matching-gene-more">
                      +{formatCount(more)} more
                    </li>
                  )}
                </ul>
              )}
            </div>
          )}

          {page && term && total === 0 ? (
            <p className="empty-text" data-testid="chapter-search-empty">
              No diseases or genes of this chapter match “{shownTerm}”.
            </p>
          ) : (
            page && (
              <>
                <ul
                  className="icd-disease-list"
                  aria-label={`Diseases in chapter ${detail.chapter}`}
                  aria-busy={result.loading}
                >
                  {page.diseases.map((hit) => (
                    <DiseaseItem
                      key={`${hit.disease.hdoid ?? hit.disease.name}`}
                      chapter={detail.chapter}
                      disease={hit.disease}
                      term={term}
                      hasMatchingGenes={hit.hasMatchingGenes}
                    />
                  ))}
                </ul>
                <TablePager
                  page={page.pagination.page}
                  pageSize={CHAPTER_PAGE_SIZE}
                  total={total}
                  noun="disease"
                  onChange={(next) =>
                    onChange({ q: view.q, page: clampPage(next, page.pagination.totalPages) })
                  }
                  label={`Chapter ${detail.chapter} disease pages`}
                  testId="chapter-pager"
                  rangeTestId="chapter-disease-shown"
                />
              </>
            )
          )}
        </>
      )}
    </>
  );
}

function DiseaseItem({
  chapter,
  disease,
  term,
  hasMatchingGenes,
}: {
  chapter: string;
  disease: ChapterDisease;
  term: string;
  hasMatchingGenes: boolean;
}) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <li className={`icd-disease${open ? " is-open" : ""}`} data-testid="chapter-disease">
      <div className="icd-disease-head">
        <button
          type="button"
          className="icd-disease-toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((value) => !value)}
          data-testid="chapter-disease-toggle"
        >
          <span className="chevron" aria-hidden="true">
            {open ? "▾" : "▸"}
          </span>
          <span className="icd-disease-name" data-testid="chapter-disease-name">
            <Highlight text={formatDiseaseName(disease.name)} term={term} />
          </span>
        </button>
        <span className="icd-disease-meta">
          {disease.omimId != null && (
            <ExternalLink href={externalUrl("omim", disease.omimId)} title="OMIM entry">
              OMIM <Highlight text={disease.omimId} term={term} />
            </ExternalLink>
          )}
          <span data-testid="chapter-disease-gene-count">{geneCountLabel(disease.geneCount)}</span>
          {term && hasMatchingGenes && <span className="icd-disease-match">• contains matching genes</span>}
        </span>
      </div>
      {open && (
        <div id={bodyId} className="icd-disease-body">
          {disease.description && (
            <p className="icd-disease-description">
              <Highlight text={disease.description} term={term} />
            </p>
          )}
          <dl className="icd-disease-facts">
            {disease.icdCode && (
              <div>
                <dt>ICD code</dt>
                <dd>
                  <Highlight text={disease.icdCode} term={term} />
                </dd>
              </div>
            )}
            {disease.inheritance && (
              <div>
                <dt>Inheritance</dt>
                <dd>
                  <Highlight text={formatInheritance(disease.inheritance)} term={term} />
                  {disease.inheritanceIsSynthetic && (
                    <>
                      {" "}
                      <SyntheticTag title="Inheritance partly synthetic sample data — not real research data" />
                    </>
                  )}
                </dd>
              </div>
            )}
          </dl>
          <h3 className="icd-genes-heading">Associated genes</h3>
          {disease.hdoid && <DiseaseGenes chapter={chapter} hdoid={disease.hdoid} term={term} />}
        </div>
      )}
    </li>
  );
}

/** An opened disease's genes, asked for when it opens (a disease may have thousands). */
function DiseaseGenes({ chapter, hdoid, term }: { chapter: string; hdoid: string; term: string }) {
  const { data, error } = useQuery(icd11ChapterDiseaseGenesQuery, { variables: { chapter, hdoid } });
  if (error)
    return (
      <p className="error-text" role="alert">
        Could not load the genes: {describeError(error)}
      </p>
    );
  if (!data) return <Spinner label="Loading genes..." />;
  return (
    <ul className="icd-gene-list" data-testid="chapter-disease-genes">
      {(data.icd11ChapterDiseaseGenes ?? []).map((g) => (
        <li key={g.entrezId} className="icd-gene">
          <Link
            to={geneAddress(g.gene.humanName)}
            className="icd-gene-symbol"
            data-testid="chapter-gene-link"
          >
            <Highlight text={g.gene.humanName} term={term} />
          </Link>
          {g.gene.description && (
            <span className="icd-gene-name">
              <Highlight text={g.gene.description} term={term} />
            </span>
          )}
          {g.gene.chromosomeLocation && (
            <span className="muted small">
              <Highlight text={g.gene.chromosomeLocation} term={term} />
            </span>
          )}
          <ExternalLink href={externalUrl("ncbiGene", g.entrezId)} title="NCBI Gene record">
            NCBI Gene <Highlight text={g.entrezId} term={term} />
          </ExternalLink>
        </li>
      ))}
    </ul>
  );
}
