import { countOf } from "./plural";

/** Rules of the API usage dashboard (spec 2 §2.10, §4, §9). */

export interface EndpointUsage {
  endpoint: string;
  count: number;
  /** ISO 8601, or null when never called. */
  lastCalled?: string | null;
}

export type UsageSort = "count" | "recent" | "name";

/** The dashboard polls the counters this often. */
export const USAGE_REFRESH_MS = 60_000;
/** Endpoints shown until 'Show All' is pressed. */
export const USAGE_TOP_N = 10;
/** The counter endpoint itself: recorded, but neither listed nor in the total. */
export const COUNTER_ENDPOINT = "GET /api/stats/counter";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function ago(n: number, unit: string): string {
  return `${countOf(n, unit)} ago`;
}

/**
 * Never · Just now (under a minute) · N minute(s)/hour(s)/day(s) ago (under 7 days) ·
 * otherwise the date and time.
 */
export function relativeTime(iso: string | null | undefined, now: number = Date.now()): string {
  if (!iso) return "Never";
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "Never";
  const elapsed = Math.max(0, now - time);
  if (elapsed < MINUTE) return "Just now";
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 7 * DAY) return ago(Math.floor(elapsed / DAY), "day");
  return new Date(time).toLocaleString("en-GB", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
}

/** Hides the counter endpoint (whatever the case or a trailing slash). */
export function visibleEndpoints(rows: readonly EndpointUsage[]): EndpointUsage[] {
  const hidden = COUNTER_ENDPOINT.toLowerCase();
  return rows.filter((row) => row.endpoint.trim().replace(/\/+$/, "").toLowerCase() !== hidden);
}

const byName = (a: EndpointUsage, b: EndpointUsage) => a.endpoint.localeCompare(b.endpoint);
const timeOf = (row: EndpointUsage) => (row.lastCalled ? Date.parse(row.lastCalled) || 0 : 0);

/** Count: most called first; Recent: latest call first (never-called last); Name: A–Z. Ties by name. */
export function sortEndpoints(rows: readonly EndpointUsage[], sort: UsageSort): EndpointUsage[] {
  const copy = [...rows];
  if (sort === "name") return copy.sort(byName);
  if (sort === "recent") return copy.sort((a, b) => timeOf(b) - timeOf(a) || byName(a, b));
  return copy.sort((a, b) => b.count - a.count || byName(a, b));
}

/** The first N rows unless all are asked for. */
export function topEndpoints(
  rows: readonly EndpointUsage[],
  showAll: boolean,
  n = USAGE_TOP_N,
): EndpointUsage[] {
  return showAll ? [...rows] : rows.slice(0, n);
}

/** The rows the dashboard shows: counter endpoint hidden, sorted, top N unless all. */
export function dashboardRows(
  rows: readonly EndpointUsage[],
  sort: UsageSort,
  showAll: boolean,
): EndpointUsage[] {
  return topEndpoints(sortEndpoints(visibleEndpoints(rows), sort), showAll);
}
