import { useQuery } from "@apollo/client/react";
import { useDeferredValue, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { ApiButton } from "../../components/ApiButton";
import { DownloadButton } from "../../components/DownloadButton";
import { ExternalLink } from "../../components/ExternalLink";
import { Highlight } from "../../components/Highlight";
import { Spinner } from "../../components/Spinner";
import { SyntheticTag } from "../../components/SyntheticTag";
import type { Icd11ChapterDialogQuery } from "../../gql/graphql";
import { describeError } from "../../lib/errors";
import { formatCount, formatDiseaseName, formatInheritance } from "../../lib/format";
import {
  type ChapterSearchHit,
  geneCountLabel,
  searchChapterDiseases,
  truncateChips,
} from "../../lib/icdChapters";
import { externalUrl, geneAddress } from "../../lib/links";
import { countOf } from "../../lib/plural";
import { icd11ChapterQuery } from "./diseaseClassifications.queries";
import "../../components/dialog.css";
import "../../components/searchClear.css";
import { SearchField } from "../../components/SearchField";

type ChapterDetail = NonNullable<Icd11ChapterDialogQuery["icd11Chapter"]>;
type ChapterDisease = ChapterDetail["diseases"][number];

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
  // A chapter can list hundreds of diseases and genes: read it straight, without normalising it into the cache.
  const { data, loading, error } = useQuery(icd11ChapterQuery, {
    variables: { chapter },
    fetchPolicy: "no-cache",
  });
  const detail = data?.icd11Chapter ?? null;
  const [search, setSearch] = useState("");
  const deferredSearch = useDeferredValue(search);

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
        {detail && (
          <ChapterContent
            detail={detail}
            search={search}
            deferredSearch={deferredSearch}
            setSearch={setSearch}
          />
        )}
      </div>
    </div>
  );
}

export function ChapterContent({
  detail,
  search,
  deferredSearch,
  setSearch,
}: {
  detail: ChapterDetail;
  search: string;
  deferredSearch: string;
  setSearch: (value: string) => void;
}) {
  const result = searchChapterDiseases(detail.diseases, deferredSearch);
  const chips = truncateChips(result.matchingGeneNames);
  const searching = result.term !== "";
  const shownTerm = deferredSearch.trim();

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
          document={icd11ChapterQuery}
          variables={{ chapter: detail.chapter }}
          restUrl={`/api/disease-classifications/chapter/${encodeURIComponent(detail.chapter)}`}
          title={`ICD-11 chapter ${detail.chapter}`}
          testId="chapter-api"
        />
      </div>

      {detail.diseases.length === 0 ? (
        <p className="empty-text">No disease of a synaptic gene is classified in this chapter.</p>
      ) : (
        <>
          <search className="icd-dialog-search">
            <SearchField
              label="Search the diseases and genes of this chapter"
              className="input icd-dialog-search-input"
              placeholder="Search diseases, genes, and all related fields..."
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              data-testid="chapter-search"
            />
            {search && (
              <button
                type="button"
                className="icd-dialog-search-clear"
                aria-label="Clear search"
                onClick={() => setSearch("")}
                data-testid="chapter-search-clear"
              >
                ×
              </button>
            )}
          </search>

          {searching && (
            <div className="icd-search-summary" aria-live="polite" data-testid="chapter-search-summary">
              <p data-testid="chapter-search-count">
                Found {countOf(result.hits.length, "disease")} and{" "}
                {countOf(result.matchingGeneNames.length, "gene")} matching “{shownTerm}”
              </p>
              {chips.shown.length > 0 && (
                <ul
                  className="chips icd-gene-chips"
                  aria-label="Matching genes"
                  data-testid="matching-gene-chips"
                >
                  {chips.shown.map((name) => (
                    <li key={name} className="chip" data-testid="matching-gene-chip">
                      {name}
                    </li>
                  ))}
                  {chips.more > 0 && (
                    <li className="chip chip-more" data-testid="matching-gene-more">
                      +{chips.more} more
                    </li>
                  )}
                </ul>
              )}
            </div>
          )}

          {searching && result.hits.length === 0 ? (
            <p className="empty-text" data-testid="chapter-search-empty">
              No diseases or genes of this chapter match “{shownTerm}”.
            </p>
          ) : (
            <DiseaseList key={result.term} chapter={detail.chapter} hits={result.hits} term={result.term} />
          )}
        </>
      )}
    </>
  );
}

/** Diseases are rendered a hundred at a time; the rest come with 'Show more' (the counts above are complete). */
export const DISEASE_RENDER_STEP = 100;

function DiseaseList({
  chapter,
  hits,
  term,
}: {
  chapter: string;
  hits: ChapterSearchHit<ChapterDisease>[];
  term: string;
}) {
  const [limit, setLimit] = useState(DISEASE_RENDER_STEP);
  const shown = hits.slice(0, limit);
  const rest = hits.length - shown.length;
  return (
    <>
      <ul className="icd-disease-list" aria-label={`Diseases in chapter ${chapter}`}>
        {shown.map((hit) => (
          <DiseaseItem
            key={`${hit.disease.omimId}-${hit.disease.hdoid ?? hit.disease.name}`}
            disease={hit.disease}
            term={term}
            hasMatchingGenes={hit.hasMatchingGenes}
          />
        ))}
      </ul>
      {rest > 0 && (
        <div className="icd-disease-more">
          <p className="muted small" data-testid="chapter-disease-shown">
            Showing {formatCount(shown.length)} of {countOf(hits.length, "disease")}
          </p>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => setLimit((value) => value + DISEASE_RENDER_STEP)}
            data-testid="chapter-disease-more"
          >
            Show {formatCount(Math.min(DISEASE_RENDER_STEP, rest))} more
          </button>
        </div>
      )}
    </>
  );
}

function DiseaseItem({
  disease,
  term,
  hasMatchingGenes,
}: {
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
          <ul className="icd-gene-list" data-testid="chapter-disease-genes">
            {disease.genes.map((g) => (
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
        </div>
      )}
    </li>
  );
}
