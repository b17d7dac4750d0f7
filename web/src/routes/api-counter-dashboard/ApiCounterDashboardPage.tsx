import { ServerError } from "@apollo/client/errors";
import { useQuery } from "@apollo/client/react";
import { ResponsiveBar } from "@nivo/bar";
import { useEffect, useMemo, useRef, useState } from "react";
import { ApiButton } from "../../components/ApiButton";
import { chartPalette, chartTheme } from "../../components/charts/chartTheme";
import { FigureDownload } from "../../components/figures/FigureDownload";
import { RefreshButton } from "../../components/RefreshButton";
import { Spinner } from "../../components/Spinner";
import { useAddressParams } from "../../hooks/useAddress";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { useMediaQuery } from "../../hooks/useMediaQuery";
import {
  dashboardRows,
  type EndpointUsage,
  relativeTime,
  USAGE_REFRESH_MS,
  USAGE_TOP_N,
  type UsageSort,
  visibleEndpoints,
} from "../../lib/apiUsage";
import { formatCount } from "../../lib/format";
import { apiUsageQuery } from "./apiCounterDashboard.queries";
import "../../components/figureStrip.css";
import "./apiCounterDashboard.css";
import { countOf } from "../../lib/plural";

const TITLE = "API Usage Dashboard";
const SORTS: { key: UsageSort; label: string }[] = [
  { key: "count", label: "Sort by Count" },
  { key: "recent", label: "Sort by Recent" },
  { key: "name", label: "Sort by Name" },
];
const isSort = (value: string | null): value is UsageSort => SORTS.some((s) => s.key === value);

/** 'Error: 503 Service Unavailable', or 'Failed to retrieve counter data'. */
function counterErrorMessage(error: unknown): string {
  if (ServerError.is(error)) {
    return `Error: ${error.statusCode} ${error.response?.statusText ?? ""}`.trim();
  }
  return "Failed to retrieve counter data";
}

/**
 * Shortens a long endpoint for the chart's axis; the tooltip and the table show it in full.
 * On a phone, GET /api/ is left out (most endpoints are GETs under /api/).
 */
function shortLabel(endpoint: string, max: number, narrow: boolean): string {
  const text = narrow ? endpoint.replace(/^GET \/api\//, "") : endpoint;
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** An endpoint that may break after each slash (never inside a word). */
function breakableEndpoint(endpoint: string) {
  const parts = endpoint.split("/");
  return parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
    <span key={index}>
      {index > 0 && "/"}
      {part}
      {index < parts.length - 1 && index > 0 && <wbr />}
    </span>
  ));
}

function UsageChart({ rows }: { rows: EndpointUsage[] }) {
  const narrow = useMediaQuery("(max-width: 640px)");
  const maxLabel = narrow ? 16 : 42;
  const longest = Math.max(...rows.map((r) => shortLabel(r.endpoint, maxLabel, narrow).length), 8);
  const left = Math.round(longest * 6.6) + 16;
  // nivo draws the first index at the bottom of a horizontal chart: reverse so the list reads top-down.
  const data = [...rows].reverse().map((r) => ({ endpoint: r.endpoint, count: r.count }));
  const height = Math.max(160, rows.length * 30 + 70);
  const figureRef = useRef<HTMLElement>(null);
  return (
    <figure className="usage-chart" data-testid="usage-chart" ref={figureRef}>
      <FigureDownload
        target={figureRef}
        className="is-block"
        name="api-calls-per-endpoint"
        title={`Calls per API endpoint (the ${countOf(rows.length, "endpoint")} shown), as counted by the portal's API counter.`}
        testId="usage-figure"
      />
      <div style={{ height }}>
        <ResponsiveBar
          data={data}
          keys={["count"]}
          indexBy="endpoint"
          layout="horizontal"
          margin={{ top: 8, right: 24, bottom: 52, left }}
          padding={0.28}
          colors={[chartPalette[0]]}
          theme={chartTheme}
          valueScale={{ type: "linear", nice: true }}
          indexScale={{ type: "band", round: true }}
          enableGridX
          enableGridY={false}
          axisLeft={{ tickSize: 0, tickPadding: 8, format: (v) => shortLabel(String(v), maxLabel, narrow) }}
          axisBottom={{
            tickSize: 4,
            tickPadding: 4,
            tickValues: 5,
            format: (v) => (Number.isInteger(Number(v)) ? formatCount(Number(v)) : ""),
            legend: "Calls",
            legendPosition: "middle",
            legendOffset: 38,
          }}
          enableLabel={!narrow}
          label={(d) => formatCount(Number(d.value))}
          labelSkipWidth={28}
          labelTextColor="#ffffff"
          tooltip={({ indexValue, value }) => (
            <div className="usage-tooltip">
              <strong>{indexValue}</strong>
              <br />
              {countOf(Number(value), "call")}
            </div>
          )}
          role="img"
          ariaLabel="Calls per API endpoint"
        />
      </div>
      <figcaption className="muted small" data-testid="usage-chart-caption">
        Calls per endpoint for the {countOf(rows.length, "endpoint")} listed below
        {rows.length > 0 ? `; most: ${rows.reduce((a, b) => (b.count > a.count ? b : a)).endpoint}` : ""}.
      </figcaption>
    </figure>
  );
}

/** API usage (spec 2 §2.10): calls per endpoint as a bar chart and a table, refreshed every minute. */
export default function ApiCounterDashboardPage() {
  useDocumentTitle(
    TITLE,
    "How often each endpoint of the portal's public API has been called: the total of tracked calls and a chart and list of the endpoints, sortable.",
  );
  const [params, setParams] = useAddressParams();
  const sortParam = params.get("sort");
  const sort: UsageSort = isSort(sortParam) ? sortParam : "count";
  const showAll = params.get("show") === "all";
  const setView = (next: { sort?: UsageSort; showAll?: boolean }) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        if (next.sort === "count") out.delete("sort");
        else if (next.sort) out.set("sort", next.sort);
        if (next.showAll === true) out.set("show", "all");
        else if (next.showAll === false) out.delete("show");
        return out;
      },
      { replace: true, preventScrollReset: true },
    );

  const result = useQuery(apiUsageQuery, {
    pollInterval: USAGE_REFRESH_MS,
    fetchPolicy: "network-only",
    notifyOnNetworkStatusChange: true,
  });
  const usage = result.data?.apiUsage;

  // 'Last updated' is the time of the latest answer; a clock re-renders the relative times.
  const [updatedAt, setUpdatedAt] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (usage) {
      const time = Date.now();
      setUpdatedAt(new Date(time).toISOString());
      setNow(time);
    }
  }, [usage]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);

  const all = useMemo(() => visibleEndpoints(usage?.endpoints ?? []), [usage]);
  const rows = useMemo(() => dashboardRows(usage?.endpoints ?? [], sort, showAll), [usage, sort, showAll]);

  const refreshButton = (label: string, testId: string) => (
    <RefreshButton
      label={label}
      onClick={() => void result.refetch()}
      disabled={result.loading}
      testId={testId}
    />
  );

  return (
    <div className="page" data-testid="api-dashboard">
      <header className="page-header usage-header">
        <div>
          <h1>{TITLE}</h1>
          <p className="page-subtitle">How often each endpoint of the public API has been called.</p>
        </div>
        {refreshButton(result.loading ? "Refreshing..." : "Refresh", "usage-refresh")}
      </header>

      {result.error && !usage ? (
        <div className="usage-error notice-box notice-warning" role="alert" data-testid="usage-error">
          <h2>Error Loading API Counter Data</h2>
          <p data-testid="usage-error-message">{counterErrorMessage(result.error)}</p>
          {refreshButton("Retry", "usage-retry")}
        </div>
      ) : !usage ? (
        <Spinner label="Loading API usage..." />
      ) : (
        <>
          <dl className="usage-stats">
            <div>
              <dt>Total tracked calls</dt>
              <dd data-testid="usage-total">{formatCount(usage.totalCalls)}</dd>
            </div>
            <div>
              <dt>Endpoints called</dt>
              <dd data-testid="usage-endpoints">{formatCount(all.length)}</dd>
            </div>
            <div>
              <dt>Last updated</dt>
              <dd data-testid="usage-updated" title={updatedAt ?? undefined}>
                {relativeTime(updatedAt, now)}
              </dd>
            </div>
          </dl>
          <p className="muted small usage-note">
            Refreshed automatically every minute. The total is the sum of the listed calls; the counter
            endpoint's own calls are in neither.
          </p>

          {all.length === 0 ? (
            <p className="empty-text" data-testid="usage-empty">
              No API calls have been recorded yet
            </p>
          ) : (
            <>
              <div className="usage-toolbar">
                <fieldset className="usage-sorts">
                  <legend className="visually-hidden">Sort endpoints</legend>
                  {SORTS.map((s) => (
                    <button
                      key={s.key}
                      type="button"
                      className={`btn btn-small${sort === s.key ? " btn-primary" : ""}`}
                      aria-pressed={sort === s.key}
                      onClick={() => setView({ sort: s.key })}
                      data-testid={`usage-sort-${s.key}`}
                    >
                      {s.label}
                    </button>
                  ))}
                </fieldset>
                <span className="usage-toolbar-end">
                  {all.length > USAGE_TOP_N && (
                    <button
                      type="button"
                      className="btn btn-small btn-secondary"
                      onClick={() => setView({ showAll: !showAll })}
                      data-testid="usage-toggle-all"
                    >
                      {showAll ? `Show Top ${USAGE_TOP_N}` : "Show All"}
                    </button>
                  )}
                  <ApiButton
                    document={apiUsageQuery}
                    restUrl="/api/stats/counter"
                    title="API usage"
                    testId="usage-api"
                  />
                </span>
              </div>
              <p className="muted small" data-testid="usage-shown">
                Showing {rows.length} of {all.length} endpoints
              </p>
              <UsageChart rows={rows} />
              <div className="table-wrap">
                <table className="data-table usage-table" data-testid="usage-table">
                  <caption className="visually-hidden">Calls per API endpoint</caption>
                  <thead>
                    <tr>
                      <th scope="col">Endpoint</th>
                      <th scope="col" className="num">
                        Call Count
                      </th>
                      <th scope="col">Last Called</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={row.endpoint} data-testid="usage-row" data-endpoint={row.endpoint}>
                        <td className="mono usage-endpoint">{breakableEndpoint(row.endpoint)}</td>
                        <td className="num" data-testid="usage-count">
                          {formatCount(row.count)}
                        </td>
                        <td title={row.lastCalled ?? undefined} className="nowrap">
                          {relativeTime(row.lastCalled, now)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </>
      )}
    </div>
  );
}
