import { useQuery } from "@apollo/client/react";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { ApiButton } from "../../components/ApiButton";
import { seriesColour } from "../../components/charts/chartTheme";
import { DownloadButton } from "../../components/DownloadButton";
import { EnrichmentTable } from "../../components/enrichment/EnrichmentTable";
import { FigureDownload } from "../../components/figures/FigureDownload";
import { Pager } from "../../components/Pager";
import { Spinner } from "../../components/Spinner";
import { SyntheticTag } from "../../components/SyntheticTag";
import { useDebouncedValue } from "../../hooks/useDebouncedValue";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { formatCount } from "../../lib/format";
import { countOf } from "../../lib/plural";
import {
  compareDiseaseSuggestionsQuery,
  compareOptionsQuery,
  compareSetsQuery,
  compareStudySuggestionsQuery,
} from "./compare.queries";
import {
  BACKGROUNDS,
  type BackgroundKey,
  type CompareState,
  compareUrl,
  KIND_OF_ENUM,
  MAX_SETS,
  MIN_SETS,
  parseCompareUrl,
  SET_KINDS,
  type SetKindKey,
  type SetSpec,
  setInputs,
} from "./compareUrl";
import { UpSetPlot } from "./UpSetPlot";
import { VennDiagram } from "./VennDiagram";
import "./compare.css";
import { geneAddress } from "../../lib/links";

const GENE_PAGE_SIZE = 20;
const ENRICHMENT_ROWS = 25;

const KIND_LABELS: Record<SetKindKey, string> = {
  disease: "Disease",
  chapter: "ICD-11 chapter",
  compartment: "Compartment",
  region: "Brain region",
  study: "Study (PMID)",
  list: "Gene list",
};

const PLACEHOLDERS: Record<SetKindKey, string> = {
  disease: "Disease name or HDOID, e.g. DOID:0060041",
  chapter: "Chapter, e.g. 08",
  compartment: "e.g. Presynaptic",
  region: "Region name or id",
  study: "PMID, e.g. 10862698",
  list: "Gene identifiers: symbols, Entrez, MGI, UniProt, Ensembl",
};

const BACKGROUND_LABELS: Record<BackgroundKey, string> = {
  dataset: "All genes in the dataset",
  synaptic: "All synaptic genes",
  consensus: "The consensus set",
};

const EXAMPLE: SetSpec[] = [
  { kind: "disease", value: "DOID:0060041", consensus: false },
  { kind: "disease", value: "DOID:1826", consensus: false },
  { kind: "compartment", value: "Presynaptic", consensus: false },
];

/** One set of the form: its kind, its value (with suggestions) and the consensus switch. */
function SetRow({
  index,
  set,
  onChange,
  onRemove,
  canRemove,
  options,
}: {
  index: number;
  set: SetSpec;
  onChange: (set: SetSpec) => void;
  onRemove: () => void;
  canRemove: boolean;
  options: { value: string; label: string }[];
}) {
  const listId = `compare-options-${index}`;
  const typed = useDebouncedValue(set.value.trim(), 250);
  const searchable = (set.kind === "disease" || set.kind === "study") && typed.length >= 2;
  const diseases = useQuery(compareDiseaseSuggestionsQuery, {
    variables: { q: typed },
    skip: !searchable || set.kind !== "disease",
  });
  const studies = useQuery(compareStudySuggestionsQuery, {
    variables: { q: typed },
    skip: !searchable || set.kind !== "study",
  });
  const suggestions =
    set.kind === "disease"
      ? (diseases.data?.diseaseSearch.diseases ?? []).map((d) => ({ value: d.hdoid, label: d.description }))
      : set.kind === "study"
        ? (studies.data?.paperSearch.papers ?? []).map((p) => ({
            value: String(p.pmid),
            label: `${p.name} (${p.year})`,
          }))
        : options;
  return (
    <li className="compare-set" data-testid="compare-set-row">
      <span className="compare-swatch" style={{ background: seriesColour(index) }} aria-hidden="true" />
      <label>
        <span className="visually-hidden">Set {index + 1} kind</span>
        <select
          value={set.kind}
          onChange={(e) => onChange({ ...set, kind: e.target.value as SetKindKey, value: "" })}
          data-testid="compare-set-kind"
        >
          {SET_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </label>
      <div className="compare-value">
        {set.kind === "list" ? (
          <textarea
            rows={3}
            value={set.value}
            placeholder={PLACEHOLDERS.list}
            aria-label={`Set ${index + 1}: gene identifiers`}
            onChange={(e) => onChange({ ...set, value: e.target.value })}
            data-testid="compare-set-value"
          />
        ) : (
          <>
            <input
              type="text"
              value={set.value}
              list={listId}
              placeholder={PLACEHOLDERS[set.kind]}
              aria-label={`Set ${index + 1}: ${KIND_LABELS[set.kind]}`}
              onChange={(e) => onChange({ ...set, value: e.target.value })}
              autoComplete="off"
              data-testid="compare-set-value"
            />
            <datalist id={listId}>
              {suggestions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </datalist>
          </>
        )}
      </div>
      <label className="compare-consensus">
        <input
          type="checkbox"
          checked={set.consensus}
          onChange={(e) => onChange({ ...set, consensus: e.target.checked })}
          data-testid="compare-set-consensus"
        />{" "}
        consensus genes only
      </label>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        onClick={onRemove}
        disabled={!canRemove}
        aria-label={`Remove set ${index + 1}`}
        data-testid="compare-set-remove"
      >
        ✕
      </button>
    </li>
  );
}

export default function ComparePage() {
  useDocumentTitle(
    "Compare Gene Sets",
    "Compare the genes of diseases, ICD-11 chapters, compartments, brain regions, studies or your own lists: their overlaps, shared genes and enrichment.",
  );
  const location = useLocation();
  const navigate = useNavigate();
  const state = useMemo(
    () => parseCompareUrl(location.search, location.hash),
    [location.search, location.hash],
  );
  const [draft, setDraft] = useState<SetSpec[]>(() =>
    state.sets.length > 0 ? state.sets : EXAMPLE.map((s) => ({ ...s, value: "" })).slice(0, 2),
  );
  const [formError, setFormError] = useState<string | null>(null);

  // The address is the comparison: going back, or opening a link, refills the form.
  useEffect(() => {
    if (state.sets.length > 0) setDraft(state.sets);
  }, [state.sets]);

  const go = (next: CompareState) => navigate({ pathname: "/compare", ...compareUrl(next) });

  const options = useQuery(compareOptionsQuery);
  const optionsOf = (kind: SetKindKey) =>
    kind === "chapter"
      ? (options.data?.icd11Chapters ?? []).map((c) => ({ value: c.chapter, label: c.name }))
      : kind === "compartment"
        ? (options.data?.localisations ?? []).map((l) => ({
            value: l.name,
            label: l.name.replace(/_/g, " "),
          }))
        : kind === "region"
          ? (options.data?.brainRegions ?? []).map((r) => ({ value: r.name, label: `Region ${r.id}` }))
          : [];

  const ready = state.sets.length >= MIN_SETS && state.sets.every((s) => s.value.trim() !== "");
  const variables = {
    sets: setInputs(state.sets),
    selected: state.selected ?? [0],
    withSelection: state.selected !== null,
    page: state.page,
    pageSize: GENE_PAGE_SIZE,
    background: (state.background ?? "dataset").toUpperCase() as "DATASET" | "SYNAPTIC" | "CONSENSUS",
    withEnrichment: state.selected !== null && state.background !== null,
  };
  const result = useQuery(compareSetsQuery, { variables, skip: !ready });
  const comparison = (result.data ?? result.previousData)?.compareSets;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const filled = draft.filter((s) => s.value.trim() !== "");
    if (filled.length < MIN_SETS) return setFormError(`Give at least ${MIN_SETS} sets to compare.`);
    setFormError(null);
    go({ sets: filled, selected: null, page: 1, background: null });
  };
  const choose = (sets: number[]) => go({ ...state, selected: sets, page: 1, background: state.background });

  const labels = comparison?.sets.map((s) => s.label) ?? [];
  const nameOf = (sets: number[]) => sets.map((i) => labels[i] ?? `Set ${i + 1}`).join(" ∩ ");
  const postBody = JSON.stringify({ sets: setInputs(state.sets) });
  const plotSets = comparison?.sets.map((s) => ({ label: s.label, size: s.size })) ?? [];
  const vennRef = useRef<HTMLDivElement>(null);
  const upsetRef = useRef<HTMLDivElement>(null);
  // The caption names every set as the plots label it, with its kind, value and consensus filter.
  const figureFilters = (comparison?.sets ?? []).map((s, i) => ({
    label: `Set ${i + 1}`,
    value: `${s.label} (${s.kind.toLowerCase().replace(/_/g, " ")}: ${s.value.length > 60 ? `${s.value.slice(0, 57)}...` : s.value}${s.consensusOnly ? "; consensus genes only" : ""})`,
  }));
  const chosen = comparison?.intersection;
  const enrichment = comparison?.enrichment;

  return (
    <div className="page" data-testid="compare-page">
      <header className="page-header">
        <h1>Compare gene sets</h1>
        <p className="muted">
          Compare {MIN_SETS} to {MAX_SETS} sets — diseases, ICD-11 chapters, compartments, brain regions,
          studies or your own gene lists (mapped as on <Link to="/analyze">Gene-list Analysis</Link>) — and
          see which genes they share. Choose an intersection to list its genes and test it for enrichment.
        </p>
      </header>

      <form className="compare-form" onSubmit={submit} data-testid="compare-form">
        <ol className="compare-sets">
          {draft.map((set, i) => (
            <SetRow
              // biome-ignore lint/suspicious/noArrayIndexKey: a set row is its position in the comparison
              key={i}
              index={i}
              set={set}
              options={optionsOf(set.kind)}
              canRemove={draft.length > MIN_SETS}
              onChange={(next) => setDraft(draft.map((s, j) => (j === i ? next : s)))}
              onRemove={() => setDraft(draft.filter((_, j) => j !== i))}
            />
          ))}
        </ol>
        <div className="compare-form-foot">
          <button
            type="button"
            className="btn"
            onClick={() => setDraft([...draft, { kind: "disease", value: "", consensus: false }])}
            disabled={draft.length >= MAX_SETS}
            data-testid="compare-add-set"
          >
            + Add set
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => go({ sets: EXAMPLE, selected: null, page: 1, background: null })}
            data-testid="compare-example"
          >
            Example: autism, epilepsy, presynaptic
          </button>
          <span className="muted small">
            {draft.length} of {MAX_SETS} sets
          </span>
          <button type="submit" className="btn btn-primary" data-testid="compare-submit">
            Compare
          </button>
        </div>
        {formError && (
          <p role="alert" data-testid="compare-form-error">
            {formError}
          </p>
        )}
      </form>

      {ready && result.error && !result.loading && (
        <p className="error-text" role="alert" data-testid="compare-error">
          {result.error.message}
        </p>
      )}
      {ready && !comparison && result.loading && <Spinner label="Comparing the sets..." />}

      {ready && comparison && !result.error && (
        <div
          className={`compare-results${result.loading ? " is-loading" : ""}`}
          data-testid="compare-results"
        >
          <section className="section" aria-labelledby="compare-overlap-heading">
            <div className="compare-section-head">
              <h2 id="compare-overlap-heading">Overlaps</h2>
              <div className="compare-actions">
                <ApiButton
                  document={compareSetsQuery}
                  variables={variables}
                  restUrl="/api/compare"
                  title="Set comparison"
                  testId="api-compare"
                />
                <DownloadButton
                  url="/api/compare?format=csv"
                  postBody={postBody}
                  label="Download intersections"
                  testId="download-intersections"
                  className="btn-small"
                />
              </div>
            </div>
            <ul className="compare-legend" data-testid="compare-set-list">
              {comparison.sets.map((s) => (
                <li key={s.index} data-testid="compare-set-summary">
                  <span
                    className="compare-swatch"
                    style={{ background: seriesColour(s.index) }}
                    aria-hidden="true"
                  />
                  <strong>{s.label}</strong>{" "}
                  <span className="muted small">
                    {KIND_LABELS[KIND_OF_ENUM[s.kind]]}
                    {s.resolvedId && s.resolvedId !== s.label ? ` · ${s.resolvedId}` : ""} ·{" "}
                    {countOf(s.size, "gene")}
                  </span>
                  {s.unmapped.length + s.ambiguous.length > 0 && (
                    <details className="compare-unmapped" data-testid="compare-unmapped">
                      <summary>
                        {formatCount(s.unmapped.length)} unmapped, {formatCount(s.ambiguous.length)} ambiguous
                      </summary>
                      <p className="chips">
                        {s.unmapped.map((u) => (
                          <span key={u} className="chip">
                            {u}
                          </span>
                        ))}
                        {s.ambiguous.map((a) => (
                          <span
                            key={a.identifier}
                            className="chip"
                            title={a.candidates.map((c) => c.symbol).join(", ")}
                          >
                            {a.identifier}?
                          </span>
                        ))}
                      </p>
                    </details>
                  )}
                </li>
              ))}
            </ul>
            <p className="muted small" data-testid="compare-summary">
              {countOf(comparison.unionSize, "gene")} in at least one set;{" "}
              {countOf(comparison.intersections.length, "non-empty intersection")}. Each bar counts the genes
              in exactly the sets marked below it and in none of the others. Compartment, region and study
              sets include synthetic sample study rows in this release <SyntheticTag />.
            </p>
            <div className="compare-plots">
              {comparison.sets.length <= 3 && (
                <figure className="compare-figure" data-testid="venn-figure">
                  <FigureDownload
                    target={vennRef}
                    name="compare-venn"
                    title={`Venn diagram of ${comparison.sets.length} gene sets: genes in each region (circles of equal size).`}
                    filters={figureFilters}
                    testId="venn-figure-download"
                  />
                  <div ref={vennRef}>
                    <VennDiagram
                      sets={plotSets}
                      intersections={comparison.intersections}
                      selected={state.selected}
                      onSelect={choose}
                    />
                  </div>
                  <figcaption className="muted small">
                    Venn diagram (circles of equal size; the numbers are the genes of each region).
                  </figcaption>
                </figure>
              )}
              <figure className="compare-figure compare-upset" data-testid="upset-figure">
                <FigureDownload
                  target={upsetRef}
                  name="compare-upset"
                  title={`UpSet plot of ${comparison.sets.length} gene sets: genes in exactly the marked sets (bars) and set sizes.`}
                  filters={figureFilters}
                  testId="upset-figure-download"
                />
                <div className="compare-upset-scroll" ref={upsetRef}>
                  <UpSetPlot
                    sets={plotSets}
                    intersections={comparison.intersections}
                    selected={state.selected}
                    onSelect={choose}
                  />
                </div>
                <figcaption className="muted small">
                  UpSet plot: intersection sizes (bars), set sizes (left) and the sets of each intersection
                  (dots). Choose a bar or a Venn number to list its genes.
                </figcaption>
              </figure>
            </div>
          </section>

          {chosen ? (
            <section
              className="section"
              aria-labelledby="compare-genes-heading"
              data-testid="intersection-section"
            >
              <div className="compare-section-head">
                <h2 id="compare-genes-heading">
                  <span data-testid="intersection-name">{nameOf(chosen.sets)}</span>{" "}
                  <span className="muted">only ({countOf(chosen.exclusiveSize, "gene")})</span>
                </h2>
              </div>
              {chosen.exclusiveSize === 0 ? (
                <p className="empty-text" data-testid="intersection-empty">
                  No gene is in exactly these sets.
                </p>
              ) : (
                <>
                  <div className="table-wrap">
                    <table className="data-table" data-testid="intersection-genes">
                      <thead>
                        <tr>
                          <th scope="col">Gene</th>
                          <th scope="col">Consensus</th>
                          <th scope="col" className="num">
                            Studies
                          </th>
                          <th scope="col">Compartments</th>
                          <th scope="col" className="num">
                            Mutations
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {chosen.genes.genes.map((g) => (
                          <tr key={g.geneId} data-testid="intersection-gene-row">
                            <td>
                              <Link to={geneAddress(g.symbol)}>{g.symbol}</Link>
                              {g.description && <div className="muted small">{g.description}</div>}
                            </td>
                            <td>
                              {g.isConsensus ? (
                                <span className="badge badge-consensus">Consensus</span>
                              ) : (
                                "No"
                              )}
                            </td>
                            <td className="num">{g.paperCount}</td>
                            <td className="small">{g.compartments.join(", ").replace(/_/g, " ") || "—"}</td>
                            <td className="num">{formatCount(g.mutationCount)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                  <Pager
                    page={state.page}
                    pageSize={GENE_PAGE_SIZE}
                    total={chosen.genes.pagination.total}
                    onChange={(page) => go({ ...state, page })}
                    label="Intersection gene pages"
                    testId="intersection-pager"
                  />
                </>
              )}

              <div className="compare-enrichment" data-testid="enrichment-section">
                <h3>Enrichment of this intersection</h3>
                <form
                  className="compare-enrichment-form"
                  onSubmit={(event) => {
                    event.preventDefault();
                    const data = new FormData(event.currentTarget);
                    go({ ...state, background: data.get("background") as BackgroundKey });
                  }}
                >
                  <label>
                    Background{" "}
                    <select
                      name="background"
                      defaultValue={state.background ?? "synaptic"}
                      data-testid="enrichment-background"
                    >
                      {BACKGROUNDS.map((b) => (
                        <option key={b} value={b}>
                          {BACKGROUND_LABELS[b]}
                        </option>
                      ))}
                    </select>
                  </label>
                  <button
                    type="submit"
                    className="btn btn-small"
                    disabled={chosen.exclusiveSize === 0}
                    data-testid="enrichment-run"
                  >
                    Test enrichment
                  </button>
                </form>
                {enrichment && (
                  <>
                    <p className="muted small" data-testid="enrichment-summary">
                      {formatCount(enrichment.background.listInBackground)} of{" "}
                      {formatCount(enrichment.geneCount)} genes in the background of{" "}
                      {formatCount(enrichment.background.size)}; one-sided hypergeometric test,
                      Benjamini–Hochberg FDR within each category (as on Gene-list Analysis). The{" "}
                      {Math.min(ENRICHMENT_ROWS, enrichment.enrichment.length)} smallest p-values of{" "}
                      {countOf(enrichment.enrichment.length, "term")}:
                    </p>
                    <EnrichmentTable terms={enrichment.enrichment.slice(0, ENRICHMENT_ROWS)} />
                  </>
                )}
              </div>
            </section>
          ) : (
            <p className="muted" data-testid="intersection-hint">
              Choose an intersection (a bar of the UpSet plot or a number of the Venn diagram) to list its
              genes.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
