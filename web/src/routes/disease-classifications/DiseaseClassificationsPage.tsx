import { useQuery } from "@apollo/client/react";
import { useCallback, useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { ApiButton } from "../../components/ApiButton";
import { FigureDownload } from "../../components/figures/FigureDownload";
import { Spinner } from "../../components/Spinner";
import { useAddressParams } from "../../hooks/useAddress";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { describeError } from "../../lib/errors";
import { formatCount } from "../../lib/format";
import { featuredIcdChapters, isNumericChapter, normalizeChapterParam } from "../../lib/icdChapters";
import { ChapterBarChart } from "./ChapterBarChart";
import { ChapterDialog } from "./ChapterDialog";
import { icd11ChaptersQuery } from "./diseaseClassifications.queries";
import "./diseaseClassifications.css";
import { countOf, plural } from "../../lib/plural";

interface ChapterCardData {
  chapter: string;
  name: string;
  description: string;
  diseaseCount: number;
  geneCount: number;
}

/** ICD-11 classification explorer (spec 2 §2.4): chapters as a chart, featured cards and a grid. */
export default function DiseaseClassificationsPage() {
  useDocumentTitle(
    "International Classification of Diseases",
    "Synaptopathies across body systems: the diseases linked to synaptic genes by ICD-11 chapter, with each chapter's diseases and their genes.",
  );
  const { data, loading, error } = useQuery(icd11ChaptersQuery);
  const chartFigureRef = useRef<HTMLElement>(null);
  const [params, setParams] = useAddressParams();
  const location = useLocation();
  const navigate = useNavigate();
  const gridRef = useRef<HTMLElement>(null);

  const selected = normalizeChapterParam(params.get("chapter"));

  // Router state {selectedChapter} (spec 1 §2.4) opens that chapter; it is copied into ?chapter= so the
  // view can be shared, and kept as it came.
  const stateChapter = normalizeChapterParam(
    (location.state as { selectedChapter?: unknown } | null)?.selectedChapter,
  );
  useEffect(() => {
    if (!stateChapter || stateChapter === selected) return;
    const next = new URLSearchParams(location.search);
    next.set("chapter", stateChapter);
    navigate(
      { pathname: location.pathname, search: `?${next}`, hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [stateChapter, selected, location.pathname, location.search, location.hash, location.state, navigate]);

  const openChapter = useCallback(
    (chapter: string) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set("chapter", chapter);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const closeChapter = useCallback(() => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete("chapter");
        return next;
      },
      { replace: true },
    );
  }, [setParams]);

  const chapters = data?.icd11Chapters ?? [];
  const featured = featuredIcdChapters(chapters);

  return (
    <div className="page" data-testid="icd-page">
      <header className="page-header icd-header">
        <div>
          <h1>International Classification of Diseases</h1>
          <p className="page-subtitle">Synaptopathies Across Body Systems</p>
        </div>
        {chapters.length > 0 && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => gridRef.current?.scrollIntoView({ behavior: "smooth", block: "start" })}
            data-testid="view-all-chapters"
          >
            View All Chapters
          </button>
        )}
      </header>

      {loading && !data && <Spinner label="Loading disease classifications..." />}
      {error && !data && (
        <div className="error-text" role="alert" data-testid="icd-error">
          <strong>Error loading data</strong>
          <p>{describeError(error) || "Failed to load disease classification data"}</p>
        </div>
      )}

      {data && (
        <>
          <p className="icd-intro">
            Diseases of the synaptic genes in this release, grouped by the chapter of the WHO ICD-11
            classification they fall in. The {formatCount(chapters.length)} chapters with at least 5 diseases
            and 5 genes are shown. Click a bar or a chapter to see its diseases and genes.
          </p>

          <section className="section" aria-labelledby="icd-chart-title">
            <div className="icd-section-head">
              <h2 id="icd-chart-title">Genes and diseases per chapter</h2>
              <span className="icd-section-actions">
                <FigureDownload
                  target={chartFigureRef}
                  name="icd11-chapters-genes-diseases"
                  title={`Distinct synaptic genes and diseases in each of the ${chapters.length} ICD-11 chapters with at least 5 diseases and 5 genes.`}
                  testId="icd-figure"
                />
                <ApiButton
                  document={icd11ChaptersQuery}
                  restUrl="/api/disease-classifications"
                  title="ICD-11 chapters"
                  testId="chapters-api"
                />
              </span>
            </div>
            <figure className="icd-figure" ref={chartFigureRef}>
              <ChapterBarChart chapters={chapters} onSelect={openChapter} />
              <figcaption className="muted small" data-testid="icd-chart-caption">
                Grouped bars: distinct synaptic genes (blue) and diseases (orange) in each of the{" "}
                {formatCount(chapters.length)} ICD-11 chapters. Most genes:{" "}
                {featured[0]
                  ? `chapter ${featured[0].chapter} (${featured[0].name}), ${countOf(featured[0].geneCount, "gene")} and ${countOf(featured[0].diseaseCount, "disease")}`
                  : "none"}
                . Every chapter's numbers are listed under “All chapters” below.
              </figcaption>
            </figure>
          </section>

          <section className="section" aria-labelledby="icd-top-title">
            <h2 id="icd-top-title">Chapters with the most genes</h2>
            <p className="muted small">Chapters with at least 5 diseases and 5 genes, by number of genes.</p>
            <ul className="icd-card-grid is-featured" data-testid="featured-chapters">
              {featured.map((c) => (
                <ChapterCard key={c.chapter} chapter={c} onOpen={openChapter} testId="featured-chapter" />
              ))}
            </ul>
          </section>

          <section ref={gridRef} id="all-chapters" className="section" aria-labelledby="icd-all-title">
            <h2 id="icd-all-title">All chapters</h2>
            <ul className="icd-card-grid" data-testid="all-chapters">
              {chapters.map((c) => (
                <ChapterCard key={c.chapter} chapter={c} onOpen={openChapter} testId="chapter-card" />
              ))}
            </ul>
          </section>
        </>
      )}

      <ChapterDialog chapter={selected} onClose={closeChapter} />
    </div>
  );
}

function ChapterCard({
  chapter,
  onOpen,
  testId,
}: {
  chapter: ChapterCardData;
  onOpen: (chapter: string) => void;
  testId: string;
}) {
  const openable = isNumericChapter(chapter.chapter) && (chapter.diseaseCount > 0 || chapter.geneCount > 0);
  const content = (
    <>
      <span className="icd-card-number">
        {isNumericChapter(chapter.chapter) ? `Chapter ${chapter.chapter}` : `Section ${chapter.chapter}`}
      </span>
      <span className="icd-card-name">{chapter.name}</span>
      <span className="icd-card-counts">
        <span>
          <strong>{formatCount(chapter.geneCount)}</strong> {plural(chapter.geneCount, "gene")}
        </span>
        <span>
          <strong>{formatCount(chapter.diseaseCount)}</strong> {plural(chapter.diseaseCount, "disease")}
        </span>
      </span>
    </>
  );
  return (
    <li className="icd-card-item" data-testid={testId} data-chapter={chapter.chapter}>
      {openable ? (
        <button
          type="button"
          className="icd-card"
          onClick={() => onOpen(chapter.chapter)}
          aria-haspopup="dialog"
          title={chapter.description}
        >
          {content}
        </button>
      ) : (
        <div className="icd-card is-empty" title={chapter.description}>
          {content}
        </div>
      )}
    </li>
  );
}
