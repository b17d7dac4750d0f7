import { type ChangeEvent, type FormEvent, lazy, Suspense, useMemo, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { ApiButton } from "../../components/ApiButton";
import { CopyButton } from "../../components/CopyButton";
import { DownloadButton } from "../../components/DownloadButton";
import { EnrichmentTable } from "../../components/enrichment/EnrichmentTable";
import {
  CATEGORY_LABELS,
  type EnrichmentSort,
  type EnrichmentSortKey,
  formatP,
  nextEnrichmentSort,
  sortEnrichment,
} from "../../components/enrichment/enrichment";
import { FigureDownload } from "../../components/figures/FigureDownload";
import { Pager } from "../../components/Pager";
import { Spinner } from "../../components/Spinner";
import { SyntheticTag } from "../../components/SyntheticTag";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { useMediaQuery } from "../../hooks/useMediaQuery";
import { formatCount } from "../../lib/format";
import { analyzeGeneListQuery } from "./analyze.queries";
import { BACKGROUNDS, type BackgroundKey, toFragment } from "./permalink";
import { analysisRequestBody, useFragmentAnalysis } from "./useFragmentAnalysis";
import "./analyze.css";
import { geneAddress } from "../../lib/links";
import { countOf } from "../../lib/plural";

// Charts draw with nivo: its code is fetched once there is a result to draw, not with the form.
const EnrichmentChart = lazy(() => import("./EnrichmentChart").then((m) => ({ default: m.EnrichmentChart })));
const NetworkView = lazy(() =>
  import("../../components/network/NetworkView").then((m) => ({ default: m.NetworkView })),
);

export const MAX_IDENTIFIERS = 5000;
const TERM_PAGE_SIZE = 25;
const GENE_PAGE_SIZE = 25;
const CHART_TERMS = 15;

const BACKGROUND_LABELS: Record<BackgroundKey, string> = {
  dataset: "All genes in the dataset",
  synaptic: "All synaptic genes (reported by at least one study)",
  consensus: "The consensus set (five or more studies)",
  custom: "A pasted background list",
};

/** A figure caption names this many of the analysed genes. */
const FIGURE_LISTED_GENES = 25;

/** Split like the server: newlines, commas, tabs, spaces, semicolons; repeats (case-insensitive) once. */
export function countIdentifiers(text: string): number {
  return new Set(
    text
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map((s) => s.toUpperCase()),
  ).size;
}

export default function AnalyzePage() {
  useDocumentTitle(
    "Gene-list Analysis",
    "Map a gene list to the synapse proteome and test which compartments, brain regions, diseases, ICD-11 chapters, GO and SynGO terms are enriched.",
  );
  const location = useLocation();
  const navigate = useNavigate();
  const compact = !useMediaQuery("(min-width: 760px)");
  const [list, setList] = useState("");
  const [background, setBackground] = useState<BackgroundKey>("dataset");
  const [backgroundList, setBackgroundList] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const [category, setCategory] = useState("ALL");
  const [maxFdr, setMaxFdr] = useState("1");
  const [sort, setSort] = useState<EnrichmentSort>({ key: "pValue", direction: "asc" });
  const [termPage, setTermPage] = useState(1);
  const [genePage, setGenePage] = useState(1);
  const fileRef = useRef<HTMLInputElement>(null);
  const enrichmentFigureRef = useRef<HTMLDivElement>(null);

  const { ran, result, loading, error } = useFragmentAnalysis(location.hash, {
    state: (state) => {
      setList(state.list);
      setBackground(state.background);
      setBackgroundList(state.backgroundList);
    },
    result: () => {
      setTermPage(1);
      setGenePage(1);
    },
  });

  const count = countIdentifiers(list);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (count === 0) return setFormError("Paste or upload at least one gene identifier.");
    if (count > MAX_IDENTIFIERS)
      return setFormError(
        `${formatCount(count)} identifiers: at most ${formatCount(MAX_IDENTIFIERS)} can be analysed.`,
      );
    if (background === "custom" && countIdentifiers(backgroundList) === 0)
      return setFormError("Paste the background list, or choose another background.");
    setFormError(null);
    navigate({ pathname: "/analyze", hash: await toFragment({ list, background, backgroundList }) });
  };

  const readFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > 2 * 1024 * 1024) {
      setFormError("The file is larger than 2 MB: it cannot be a list of 5,000 identifiers.");
      return;
    }
    file
      .text()
      .then((text) => {
        setList(text);
        setFormError(null);
      })
      .catch(() => setFormError("The file could not be read."));
  };

  const terms = useMemo(() => {
    if (!result) return [];
    const limit = Number(maxFdr);
    const filtered = result.enrichment.filter(
      (t) => (category === "ALL" || t.category === category) && t.fdr <= limit,
    );
    return sortEnrichment(filtered, sort);
  }, [result, category, maxFdr, sort]);

  const chartTerms = useMemo(
    () =>
      [...terms]
        .sort((a, b) => a.fdr - b.fdr || a.pValue - b.pValue)
        .slice(0, CHART_TERMS)
        .map((t) => ({
          key: `${t.category}:${t.termId}`,
          label: t.termName,
          category: t.category,
          fdr: t.fdr,
          overlap: t.overlap,
          termSize: t.termSize,
        })),
    [terms],
  );

  /** The analysed list as the figure caption states it: the first symbols and how many more. */
  const enrichmentGeneSummary = useMemo(() => {
    const symbols = result?.genes.map((g) => g.symbol) ?? [];
    const shown = symbols.slice(0, FIGURE_LISTED_GENES).join(", ");
    return symbols.length > FIGURE_LISTED_GENES
      ? `${shown} and ${formatCount(symbols.length - FIGURE_LISTED_GENES)} more`
      : shown;
  }, [result]);

  const setSortKey = (key: EnrichmentSortKey) => {
    setSort((current) => nextEnrichmentSort(current, key));
    setTermPage(1);
  };

  const termRows = terms.slice((termPage - 1) * TERM_PAGE_SIZE, termPage * TERM_PAGE_SIZE);
  const geneRows = result?.genes.slice((genePage - 1) * GENE_PAGE_SIZE, genePage * GENE_PAGE_SIZE) ?? [];
  const body = ran ? analysisRequestBody(ran) : "";
  const apiVariables = ran
    ? {
        input: {
          identifiers: [ran.list],
          background: ran.background.toUpperCase(),
          ...(ran.background === "custom" ? { backgroundIdentifiers: [ran.backgroundList] } : {}),
        },
      }
    : {};
  const permalink = typeof window === "undefined" ? "" : window.location.href;

  return (
    <div className="page" data-testid="analyze-page">
      <header className="page-header">
        <h1>Gene-list analysis</h1>
        <p className="page-subtitle">
          Map a list of up to {formatCount(MAX_IDENTIFIERS)} genes to the dataset, see their synaptic
          annotations, and test which compartments, brain regions, diseases, ICD-11 chapters, GO and SynGO
          terms are over-represented.
        </p>
      </header>

      <form className="analyze-form" onSubmit={submit} data-testid="analyze-form">
        <div className="analyze-input">
          <label htmlFor="analyze-list" className="analyze-label">
            Gene identifiers
          </label>
          <p className="muted small" id="analyze-list-hint">
            Symbols, aliases, Human/Mouse/Rat Entrez ids, MGI, UniProt or Ensembl ids, mixed; separated by new
            lines, commas, tabs, spaces or semicolons.
          </p>
          <textarea
            id="analyze-list"
            className="analyze-textarea"
            value={list}
            onChange={(e) => setList(e.target.value)}
            rows={9}
            spellCheck={false}
            aria-describedby="analyze-list-hint analyze-count"
            placeholder={"DLG4\nSHANK3\n1742\nMGI:88256\nP35439"}
            data-testid="analyze-textarea"
          />
          <div className="analyze-input-foot">
            <span
              id="analyze-count"
              className={count > MAX_IDENTIFIERS ? "analyze-count is-over" : "analyze-count"}
              data-testid="analyze-count"
            >
              {formatCount(count)} / {formatCount(MAX_IDENTIFIERS)} identifiers
            </span>
            <label className="btn btn-small analyze-file">
              Upload .txt / .csv
              <input
                ref={fileRef}
                type="file"
                accept=".txt,.csv,.tsv,text/plain,text/csv"
                onChange={readFile}
                className="visually-hidden"
                data-testid="analyze-file"
              />
            </label>
          </div>
        </div>
        <fieldset className="analyze-background">
          <legend className="analyze-label">Background</legend>
          {BACKGROUNDS.map((key) => (
            <label key={key} className="analyze-radio">
              <input
                type="radio"
                name="background"
                value={key}
                checked={background === key}
                onChange={() => setBackground(key)}
              />
              {BACKGROUND_LABELS[key]}
            </label>
          ))}
          {background === "custom" && (
            <>
              <label htmlFor="analyze-background-list" className="visually-hidden">
                Background identifiers
              </label>
              <textarea
                id="analyze-background-list"
                className="analyze-textarea is-small"
                value={backgroundList}
                onChange={(e) => setBackgroundList(e.target.value)}
                rows={4}
                spellCheck={false}
                placeholder="The background genes (your list's genes outside it are not tested)"
                data-testid="analyze-background-list"
              />
            </>
          )}
          <button
            type="submit"
            className="btn btn-primary analyze-submit"
            data-testid="analyze-submit"
            disabled={loading}
          >
            {loading ? "Analysing..." : "Analyse"}
          </button>
        </fieldset>
        {formError && (
          <p className="error-text analyze-form-error" role="alert" data-testid="analyze-form-error">
            {formError}
          </p>
        )}
      </form>

      {loading && <Spinner label="Mapping and testing the list..." />}
      {error && (
        <p className="error-text" role="alert" data-testid="analyze-error">
          The analysis failed: {error}
        </p>
      )}

      {result && ran && !loading && (
        <div data-testid="analyze-results">
          <section className="section analyze-summary" aria-labelledby="analyze-summary-heading">
            <h2 id="analyze-summary-heading">Mapping</h2>
            <p data-testid="analyze-summary">
              <strong data-testid="mapped-count">{formatCount(result.mapped.length)}</strong> of{" "}
              {countOf(result.inputCount, "identifier")} mapped to {countOf(result.genes.length, "gene")};{" "}
              <strong data-testid="ambiguous-count">{formatCount(result.ambiguous.length)}</strong> ambiguous,{" "}
              <strong data-testid="unmapped-count">{formatCount(result.unmapped.length)}</strong> unmapped.
              Tested against {BACKGROUND_LABELS[ran.background].toLowerCase()}:{" "}
              {formatCount(result.background.listInBackground)} of {formatCount(result.background.size)}{" "}
              background genes.
            </p>
            {result.background.listOutsideBackground.length > 0 && (
              <p className="muted small">
                Outside the background (not tested): {result.background.listOutsideBackground.join(", ")}
              </p>
            )}
            <div className="analyze-permalink">
              <span className="muted small">Permalink (the list is in the link; nothing is stored):</span>
              <CopyButton text={permalink} label="Copy permalink" testId="copy-permalink" />
            </div>
            {result.ambiguous.length > 0 && (
              <details
                className="analyze-details"
                data-testid="ambiguous-list"
                open={result.ambiguous.length <= 10}
              >
                <summary>
                  Ambiguous identifiers ({formatCount(result.ambiguous.length)}): each names several genes and
                  is left out
                </summary>
                <ul>
                  {result.ambiguous.map((a) => (
                    <li key={a.identifier}>
                      <code>{a.identifier}</code> →{" "}
                      {a.candidates.map((c, i) => (
                        <span key={c.geneId}>
                          {i > 0 && ", "}
                          <Link to={geneAddress(c.symbol)}>{c.symbol}</Link>{" "}
                          <span className="muted small">({c.matchedBy.replace(/_/g, " ")})</span>
                        </span>
                      ))}
                    </li>
                  ))}
                </ul>
              </details>
            )}
            {result.unmapped.length > 0 && (
              <details
                className="analyze-details"
                data-testid="unmapped-list"
                open={result.unmapped.length <= 30}
              >
                <summary>Unmapped identifiers ({formatCount(result.unmapped.length)})</summary>
                <p className="chips">
                  {result.unmapped.map((u) => (
                    <span key={u} className="chip">
                      {u}
                    </span>
                  ))}
                </p>
              </details>
            )}
          </section>

          <section
            className="section"
            aria-labelledby="analyze-enrichment-heading"
            data-testid="enrichment-section"
          >
            <div className="analyze-section-head">
              <h2 id="analyze-enrichment-heading">Enrichment</h2>
              <div className="analyze-actions">
                <ApiButton
                  document={analyzeGeneListQuery}
                  variables={apiVariables}
                  restUrl="/api/analyze"
                  restBody={body}
                  title="Gene-list enrichment"
                  testId="api-enrichment"
                />
                <DownloadButton
                  url="/api/analyze?format=csv"
                  postBody={body}
                  label="Download enrichment"
                  testId="download-enrichment"
                  className="btn-small"
                />
              </div>
            </div>
            <p className="muted small">
              One-sided hypergeometric test (Fisher's exact test for over-representation) of each term the
              list's genes carry; FDR by Benjamini–Hochberg within each category over every term with a
              background gene (
              {result.categories
                .map((c) => `${CATEGORY_LABELS[c.category]} ${formatCount(c.testedTerms)}`)
                .join(", ")}
              ). Compartment and brain-region links include synthetic sample studies in this release{" "}
              <SyntheticTag />.
            </p>
            <div className="analyze-filters">
              <label>
                Category{" "}
                <select
                  value={category}
                  onChange={(e) => {
                    setCategory(e.target.value);
                    setTermPage(1);
                  }}
                  data-testid="enrichment-category"
                >
                  <option value="ALL">All</option>
                  {Object.entries(CATEGORY_LABELS).map(([key, label]) => (
                    <option key={key} value={key}>
                      {label}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                FDR at most{" "}
                <select
                  value={maxFdr}
                  onChange={(e) => {
                    setMaxFdr(e.target.value);
                    setTermPage(1);
                  }}
                  data-testid="enrichment-fdr"
                >
                  <option value="1">any</option>
                  <option value="0.25">0.25</option>
                  <option value="0.05">0.05</option>
                  <option value="0.01">0.01</option>
                </select>
              </label>
              <span className="muted small" data-testid="enrichment-count">
                {countOf(terms.length, "term")}
              </span>
            </div>
            {terms.length === 0 ? (
              <p className="empty-text" data-testid="enrichment-empty">
                No term passes these filters.
              </p>
            ) : (
              <>
                <figure className="analyze-chart" data-testid="enrichment-chart">
                  <figcaption>
                    <strong>Top {chartTerms.length} terms by FDR</strong>
                    <span className="muted small">
                      {" "}
                      — bar length −log10 FDR, colour the category. Text alternative:{" "}
                      {chartTerms
                        .slice(0, 5)
                        .map((t) => `${t.label} (FDR ${formatP(t.fdr)})`)
                        .join("; ")}
                      {chartTerms.length > 5 ? "; the table below lists all." : "."}
                    </span>
                  </figcaption>
                  <FigureDownload
                    target={enrichmentFigureRef}
                    className="is-block"
                    name="enrichment-top-terms"
                    title={`Top ${chartTerms.length} enriched terms of a list of ${countOf(result.genes.length, "mapped gene")}, by −log10 FDR (one-sided hypergeometric test, Benjamini–Hochberg FDR within each category); colour: category.`}
                    filters={[
                      {
                        label: "Category",
                        value: category === "ALL" ? "all" : (CATEGORY_LABELS[category] ?? category),
                      },
                      { label: "FDR at most", value: maxFdr === "1" ? "any" : maxFdr },
                      { label: "Genes", value: enrichmentGeneSummary },
                      { label: "Background", value: ran ? BACKGROUND_LABELS[ran.background] : "" },
                    ]}
                    testId="enrichment-figure"
                  />
                  <div ref={enrichmentFigureRef}>
                    <Suspense fallback={<Spinner label="Loading the chart..." />}>
                      <EnrichmentChart terms={chartTerms} compact={compact} />
                    </Suspense>
                    <ul className="analyze-chart-legend" aria-label="Chart colours">
                      {[...new Set(chartTerms.map((t) => t.category))].map((c) => (
                        <li key={c}>
                          <span className={`analyze-swatch cat-${c}`} aria-hidden="true" data-figure-swatch />{" "}
                          <span data-figure-text>{CATEGORY_LABELS[c]}</span>
                        </li>
                      ))}
                    </ul>
                  </div>
                </figure>
                <EnrichmentTable terms={termRows} sort={sort} onSort={setSortKey} />
                <Pager
                  page={termPage}
                  pageSize={TERM_PAGE_SIZE}
                  total={terms.length}
                  onChange={setTermPage}
                  label="Enrichment pages"
                  testId="enrichment-pager"
                />
              </>
            )}
          </section>

          <section className="section" aria-labelledby="analyze-genes-heading" data-testid="genes-section">
            <div className="analyze-section-head">
              <h2 id="analyze-genes-heading">Mapped genes ({formatCount(result.genes.length)})</h2>
              <div className="analyze-actions">
                <ApiButton
                  document={analyzeGeneListQuery}
                  variables={apiVariables}
                  restUrl="/api/analyze?table=genes&format=csv"
                  restBody={body}
                  title="Mapped genes"
                  testId="api-genes"
                />
                <DownloadButton
                  url="/api/analyze?format=csv&table=genes"
                  postBody={body}
                  label="Download genes"
                  testId="download-genes"
                  className="btn-small"
                />
              </div>
            </div>
            <div className="table-wrap">
              <table className="data-table analyze-table" data-testid="genes-table">
                <thead>
                  <tr>
                    <th scope="col">Gene</th>
                    <th scope="col">Given as</th>
                    <th scope="col">Consensus</th>
                    <th scope="col" className="num">
                      Papers
                    </th>
                    <th scope="col">Compartments</th>
                    <th scope="col">Diseases</th>
                    <th scope="col">ICD-11 chapters</th>
                  </tr>
                </thead>
                <tbody>
                  {geneRows.map((g) => (
                    <tr key={g.geneId} data-testid="gene-row">
                      <td>
                        <Link to={geneAddress(g.symbol)}>{g.symbol}</Link>
                        {g.description && <div className="muted small">{g.description}</div>}
                      </td>
                      <td className="small">{g.identifiers.join(", ")}</td>
                      <td>
                        {g.isConsensus ? <span className="badge badge-consensus">Consensus</span> : "No"}
                      </td>
                      <td className="num">{g.paperCount}</td>
                      <td className="small">{g.compartments.join(", ").replace(/_/g, " ") || "—"}</td>
                      <td className="small">
                        {g.diseases.length === 0 ? (
                          "—"
                        ) : (
                          <span title={g.diseases.join("; ")}>
                            {formatCount(g.diseases.length)}: {g.diseases.slice(0, 3).join("; ")}
                            {g.diseases.length > 3 ? "…" : ""}
                          </span>
                        )}
                      </td>
                      <td className="small">{g.icd11Chapters.join("; ") || "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={genePage}
              pageSize={GENE_PAGE_SIZE}
              total={result.genes.length}
              onChange={setGenePage}
              label="Mapped gene pages"
              testId="genes-pager"
            />
          </section>

          {result.genes.length > 0 && (
            <section className="section" data-testid="analyze-network">
              <h2>Interaction network of the list</h2>
              <Suspense fallback={<Spinner label="Loading the network..." />}>
                <NetworkView
                  source={{ geneIds: result.genes.map((g) => g.geneId) }}
                  title={`${formatCount(result.genes.length)} mapped genes`}
                  defaultMode={"LIMITED"}
                />
              </Suspense>
            </section>
          )}
        </div>
      )}
    </div>
  );
}
