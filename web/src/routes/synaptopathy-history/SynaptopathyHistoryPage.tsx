import { useQuery } from "@apollo/client/react";
import type { DocumentNode } from "graphql";
import type { ReactNode } from "react";
import { ApiButton } from "../../components/ApiButton";
import { seriesColour } from "../../components/charts/chartTheme";
import { YearBarChart, YearLineChart, type YearSeries } from "../../components/charts/YearCharts";
import { Spinner } from "../../components/Spinner";
import { SyntheticTag } from "../../components/SyntheticTag";
import { type TabItem, Tabs, tabId, tabPanelId } from "../../components/Tabs";
import { useAddressParams } from "../../hooks/useAddress";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { requestOutcome } from "../../lib/chartErrors";
import { formatCount } from "../../lib/format";
import {
  composeHistoryError,
  type HistoryTab,
  localizationLabel,
  localizationNames,
  parseHistoryTab,
  parseLocalizationFilter,
  sortLocalizations,
} from "../../lib/history";
import { accumulatedDiseasesQuery, geneLocalizationHistoryQuery, newDiseasesQuery } from "./history.queries";
import "./history.css";
import { countOf } from "../../lib/plural";

const TITLE = "Synaptopathy History";
const TABS_ID = "history";
const SYNTHETIC_YEARS_TITLE = "Synthetic sample data — not the real discovery year";
const SYNTHETIC_YEARS_FIGURE_NOTE =
  "The discovery years of this release are synthetic sample data, not the years the diseases were described.";

const TAB_ITEMS: TabItem<HistoryTab>[] = [
  { key: "accumulated", label: "Disease Trend", testId: "history-tab-accumulated" },
  { key: "new", label: "Disease Discovery Rate", testId: "history-tab-new" },
  {
    key: "accumulated-localizations",
    label: "Synaptopathy Protein History",
    testId: "history-tab-accumulated-localizations",
  },
];

interface DataTableProps {
  caption: string;
  columns: string[];
  rows: (string | number)[][];
  api: { document: DocumentNode; restUrl: string; title: string };
}

/** The chart's text alternative: its data as a table, folded away by default. */
function ChartDataTable({ caption, columns, rows, api }: DataTableProps) {
  return (
    <details className="chart-data-table" data-testid="chart-data-table">
      <summary>Show the chart data as a table</summary>
      <div className="history-table-head">
        <span className="muted small">{countOf(rows.length, "row")}</span>
        <ApiButton document={api.document} restUrl={api.restUrl} title={api.title} testId="chart-data-api" />
      </div>
      <div className="table-wrap">
        <table className="data-table is-compact">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column, index) => (
                <th key={column} scope="col" className={index > 0 ? "num" : undefined}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={String(row[0])}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={columns[index]} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={columns[index]} className="num">
                      {typeof cell === "number" ? formatCount(cell) : cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

interface ChartPanelProps {
  tab: HistoryTab;
  title: ReactNode;
  explanation: ReactNode;
  about: ReactNode;
  children: ReactNode;
}

function ChartPanel({ tab, title, explanation, about, children }: ChartPanelProps) {
  return (
    <div
      role="tabpanel"
      id={tabPanelId(TABS_ID, tab)}
      aria-labelledby={tabId(TABS_ID, tab)}
      className="history-panel"
      data-testid={`history-panel-${tab}`}
    >
      <div className="history-chart-card">
        <h2 className="history-chart-title" data-testid="chart-title">
          {title}
        </h2>
        <p className="history-explanation" data-testid="chart-explanation">
          {explanation}
        </p>
        {children}
      </div>
      <aside className="history-about" aria-labelledby={`history-about-${tab}`} data-testid="about-data">
        <h3 id={`history-about-${tab}`}>About these data</h3>
        {about}
      </aside>
    </div>
  );
}

/** Synaptopathies and synaptic gene localizations over the years (spec 2 §2.5). */
export default function SynaptopathyHistoryPage() {
  useDocumentTitle(
    TITLE,
    "Charts of how many synaptopathies were described over time and how many synaptic gene localizations the proteomic studies reported, year by year.",
  );
  const [params, setParams] = useAddressParams();
  const accumulated = useQuery(accumulatedDiseasesQuery, { fetchPolicy: "no-cache" });
  const discovered = useQuery(newDiseasesQuery, { fetchPolicy: "no-cache" });
  const localizations = useQuery(geneLocalizationHistoryQuery);

  const loading = accumulated.loading || discovered.loading || localizations.loading;
  const errorText = loading
    ? null
    : composeHistoryError([
        requestOutcome(accumulated.error),
        requestOutcome(discovered.error),
        requestOutcome(localizations.error),
      ]);

  const tab = parseHistoryTab(params.get("tab"));
  const history = localizations.data?.geneLocalizationHistory;
  const names = sortLocalizations(
    localizationNames(
      history?.localizations,
      history?.years[0]?.counts.map((c) => c.localization),
    ),
  );
  const filter = parseLocalizationFilter(params.get("localization"), names);

  const update = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const accumulatedYears = accumulated.data?.diseaseHistory.years ?? [];
  const newYears = discovered.data?.diseaseHistory.years ?? [];
  const diseaseSynthetic =
    accumulated.data?.diseaseHistory.isSynthetic === true ||
    discovered.data?.diseaseHistory.isSynthetic === true;
  const diseaseNote = accumulated.data?.diseaseHistory.note ?? discovered.data?.diseaseHistory.note ?? "";
  const span = (years: { year: number }[]) =>
    years.length > 0 ? `${years[0]?.year}–${years[years.length - 1]?.year}` : "";

  const syntheticYearsText = (
    <p className="history-synthetic-text">
      <SyntheticTag title={SYNTHETIC_YEARS_TITLE} /> The discovery years in this release are{" "}
      <strong>synthetic sample data</strong>: they are not the years in which these diseases were actually
      described, so the charts must not be read as the history of synaptopathy research.
    </p>
  );

  const localizationSeries = (): YearSeries[] => {
    if (!history) return [];
    const colourOf = (name: string) => seriesColour(Math.max(0, names.indexOf(name)));
    if (filter === "total") {
      return [
        {
          id: "total",
          label: "Total",
          colour: seriesColour(names.length),
          points: history.years.map((y) => ({ year: y.year, value: y.totalAccumulated })),
        },
      ];
    }
    const shown = filter === "all" ? names : [filter];
    return shown.map((name) => ({
      id: name,
      label: localizationLabel(name),
      colour: colourOf(name),
      points: history.years.map((y) => ({
        year: y.year,
        value: y.counts.find((c) => c.localization === name)?.count ?? 0,
      })),
    }));
  };

  return (
    <div className="page history-page" data-testid="history-page">
      <header className="page-header">
        <h1>{TITLE}</h1>
        <p className="page-subtitle">
          How many synaptopathies have been described over time, and how many synaptic gene localizations the
          integrated proteomic studies had reported year by year.
        </p>
      </header>

      {loading && <Spinner label="Loading history data..." />}

      {!loading && errorText && (
        <div className="notice-box history-error" role="alert" data-testid="history-error">
          <h2>Error loading data</h2>
          <p data-testid="history-error-message">{errorText}</p>
        </div>
      )}

      {!loading && !errorText && (
        <>
          {diseaseSynthetic && (
            <div className="notice-box notice-warning history-notice" data-testid="synthetic-notice">
              <p>
                <strong>Synthetic discovery years.</strong> The disease discovery years shown in the Disease
                Trend and Disease Discovery Rate charts are synthetic sample data in this release, not real
                dates.
                {history?.includesSyntheticSamples &&
                  " The protein history also counts some synthetic sample studies."}
              </p>
            </div>
          )}

          <Tabs
            idPrefix={TABS_ID}
            items={TAB_ITEMS}
            active={tab}
            onSelect={(key) => update("tab", key === "accumulated" ? null : key)}
            label="History charts"
          />

          {tab === "accumulated" && (
            <ChartPanel
              tab="accumulated"
              title={
                <>
                  Cumulative synaptopathies by year of first description{" "}
                  {diseaseSynthetic && <SyntheticTag title={SYNTHETIC_YEARS_TITLE} />}
                </>
              }
              explanation={
                <>
                  Each point is the number of synaptopathies first described in that year or earlier
                  {accumulatedYears.length > 0 && ` (${span(accumulatedYears)})`}.
                </>
              }
              about={
                <>
                  {diseaseSynthetic && syntheticYearsText}
                  <p>
                    Every disease of this dataset release that has a discovery year counts from that year on;
                    diseases without one are left out. The count for a year adds the diseases first described
                    in that year to all earlier ones, so the line never falls.
                  </p>
                  {diseaseNote && !diseaseSynthetic && (
                    <p className="muted small">Source note: {diseaseNote}.</p>
                  )}
                </>
              }
            >
              {accumulatedYears.length === 0 ? (
                <p className="empty-text">No disease statistics available</p>
              ) : (
                <>
                  <YearLineChart
                    testId="history-chart"
                    figure={{
                      name: "synaptopathy-history-accumulated-diseases",
                      title: `Cumulative synaptopathies by year of first description, ${span(accumulatedYears)}.`,
                      notes: diseaseSynthetic ? [SYNTHETIC_YEARS_FIGURE_NOTE] : [],
                    }}
                    series={[
                      {
                        id: "accumulated",
                        label: "Accumulated diseases",
                        colour: seriesColour(0),
                        points: accumulatedYears.map((y) => ({
                          year: y.year,
                          value: y.accumulatedDiseaseCount,
                        })),
                      },
                    ]}
                    yLegend="Accumulated diseases"
                    summary={`Line chart: accumulated synaptopathies rise from ${accumulatedYears[0]?.accumulatedDiseaseCount} in ${accumulatedYears[0]?.year} to ${accumulatedYears[accumulatedYears.length - 1]?.accumulatedDiseaseCount} in ${accumulatedYears[accumulatedYears.length - 1]?.year}. Discovery years are synthetic sample data.`}
                  />
                  <ChartDataTable
                    caption="Accumulated diseases per year"
                    columns={["Year", "Accumulated diseases"]}
                    rows={accumulatedYears.map((y) => [y.year, y.accumulatedDiseaseCount])}
                    api={{
                      document: accumulatedDiseasesQuery,
                      restUrl: "/api/stats/accumulated-diseases",
                      title: "accumulated diseases per year",
                    }}
                  />
                </>
              )}
            </ChartPanel>
          )}

          {tab === "new" && (
            <ChartPanel
              tab="new"
              title={
                <>
                  New synaptopathies per year{" "}
                  {diseaseSynthetic && <SyntheticTag title={SYNTHETIC_YEARS_TITLE} />}
                </>
              }
              explanation={
                <>
                  Each bar is the number of synaptopathies first described in that year
                  {newYears.length > 0 && ` (${span(newYears)}; years without a new disease are left out)`}.
                </>
              }
              about={
                <>
                  {diseaseSynthetic && syntheticYearsText}
                  <p>
                    The discovery rate is the yearly increase of the Disease Trend line: the bars of all years
                    add up to the total number of synaptopathies with a discovery year.
                  </p>
                  {diseaseNote && !diseaseSynthetic && (
                    <p className="muted small">Source note: {diseaseNote}.</p>
                  )}
                </>
              }
            >
              {newYears.length === 0 ? (
                <p className="empty-text">No disease statistics available</p>
              ) : (
                <>
                  <YearBarChart
                    testId="history-chart"
                    figure={{
                      name: "synaptopathy-history-new-diseases",
                      title: `New synaptopathies per year of first description, ${span(newYears)}.`,
                      notes: diseaseSynthetic ? [SYNTHETIC_YEARS_FIGURE_NOTE] : [],
                    }}
                    points={newYears.map((y) => ({ year: y.year, value: y.newDiseaseCount }))}
                    colour={seriesColour(1)}
                    label="New diseases"
                    yLegend="New diseases"
                    unit={["new disease", "new diseases"]}
                    summary={`Bar chart of new synaptopathies per year, ${span(newYears)}; the largest year has ${Math.max(...newYears.map((y) => y.newDiseaseCount))}. Discovery years are synthetic sample data.`}
                  />
                  <ChartDataTable
                    caption="New diseases per year"
                    columns={["Year", "New diseases"]}
                    rows={newYears.map((y) => [y.year, y.newDiseaseCount])}
                    api={{
                      document: newDiseasesQuery,
                      restUrl: "/api/stats/new-diseases",
                      title: "new diseases per year",
                    }}
                  />
                </>
              )}
            </ChartPanel>
          )}

          {tab === "accumulated-localizations" && (
            <ChartPanel
              tab="accumulated-localizations"
              title={
                <>
                  Accumulated synaptic gene localizations by study year{" "}
                  {history?.includesSyntheticSamples && (
                    <SyntheticTag title="Includes synthetic sample studies — not all counts are real research data" />
                  )}
                </>
              }
              explanation={
                <>
                  For each year, the number of distinct genes that the proteomic studies published up to that
                  year had reported in each synaptic compartment. Total adds the compartments up, so a gene
                  found in two compartments counts twice.
                </>
              }
              about={
                <>
                  <p>
                    Years are the publication years of the integrated synapse proteomic studies; a year
                    appears when at least one study was published in it. A gene–compartment pair counts from
                    the first study that reported it.
                  </p>
                  {history?.includesSyntheticSamples && (
                    <p className="history-synthetic-text">
                      <SyntheticTag title="Synthetic sample studies" /> Some gene–study links counted here
                      come from synthetic sample studies in this release, so the counts are not entirely real
                      research data.
                    </p>
                  )}
                </>
              }
            >
              {!history || history.years.length === 0 ? (
                <p className="empty-text">No accumulated gene localization data available</p>
              ) : (
                <>
                  <fieldset className="history-filters" data-testid="localization-filters">
                    <legend className="visually-hidden">Localizations shown</legend>
                    {[
                      { key: "all", label: "All Localizations" },
                      { key: "total", label: "Total" },
                      ...names.map((name) => ({ key: name, label: localizationLabel(name) })),
                    ].map((option) => (
                      <button
                        key={option.key}
                        type="button"
                        className={`btn btn-small${filter === option.key ? " btn-primary" : ""}`}
                        aria-pressed={filter === option.key}
                        onClick={() => update("localization", option.key === "all" ? null : option.key)}
                        data-testid="localization-filter"
                        data-key={option.key}
                      >
                        {option.label}
                      </button>
                    ))}
                  </fieldset>
                  <YearLineChart
                    testId="history-chart"
                    figure={{
                      name: `synaptopathy-history-gene-localizations-${filter}`,
                      title: `Accumulated synaptic gene localizations by study year, ${span(history.years)}.`,
                      filters: [
                        {
                          label: "Localization",
                          value:
                            filter === "all"
                              ? "all localizations"
                              : filter === "total"
                                ? "total over compartments"
                                : localizationLabel(filter),
                        },
                      ],
                      notes: history.includesSyntheticSamples
                        ? [
                            "Some gene–study links counted here come from synthetic sample studies of this release.",
                          ]
                        : [],
                    }}
                    series={localizationSeries()}
                    yLegend="Accumulated genes"
                    summary={`Line chart of accumulated gene localizations, ${span(history.years)}, ${
                      filter === "all"
                        ? `one line per compartment (${names.map(localizationLabel).join(", ")})`
                        : filter === "total"
                          ? `total over compartments, reaching ${history.years[history.years.length - 1]?.totalAccumulated}`
                          : localizationLabel(filter)
                    }.`}
                  />
                  <ChartDataTable
                    caption="Accumulated gene localizations per year"
                    columns={["Year", ...names.map(localizationLabel), "Total"]}
                    rows={history.years.map((y) => [
                      y.year,
                      ...names.map((name) => y.counts.find((c) => c.localization === name)?.count ?? 0),
                      y.totalAccumulated,
                    ])}
                    api={{
                      document: geneLocalizationHistoryQuery,
                      restUrl: "/api/stats/accumulated-gene-localizations",
                      title: "accumulated gene localizations per year",
                    }}
                  />
                </>
              )}
            </ChartPanel>
          )}
        </>
      )}
    </div>
  );
}
