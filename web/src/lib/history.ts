/** Pure rules of the synaptopathy history charts (spec 2 §2.5, §3, §4, §8, §9). */

export type HistoryTab = "accumulated" | "new" | "accumulated-localizations";

export const HISTORY_TABS: readonly HistoryTab[] = ["accumulated", "new", "accumulated-localizations"];

/** The tab in the address, else the default 'accumulated' (Disease Trend). */
export function parseHistoryTab(value: string | null | undefined): HistoryTab {
  return HISTORY_TABS.find((tab) => tab === value) ?? "accumulated";
}

/** 'all' (one line per localization), 'total' (one total line) or a localization name. */
export type LocalizationFilter = string;

/** The localization filter in the address: all, total or a known localization, else all. */
export function parseLocalizationFilter(
  value: string | null | undefined,
  localizations: readonly string[],
): LocalizationFilter {
  if (value === "total") return "total";
  if (value && localizations.includes(value)) return value;
  return "all";
}

/** Synaptic_Vesicle is shown as 'Synaptic Vesicle'; other underscores become spaces. */
export function localizationLabel(name: string): string {
  if (name === "Synaptic_Vesicle") return "Synaptic Vesicle";
  return name.replace(/_/g, " ");
}

/**
 * The localizations of the response; if it lists none, the field names of the first
 * row minus year and total_accumulated.
 */
export function localizationNames(
  listed: readonly string[] | null | undefined,
  firstRowFields: readonly string[] | null | undefined,
): string[] {
  if (listed && listed.length > 0) return [...listed];
  return (firstRowFields ?? []).filter((field) => field !== "year" && field !== "total_accumulated");
}

/** Filter buttons: localizations sorted alphabetically by their shown label. */
export function sortLocalizations(names: readonly string[]): string[] {
  return [...names].sort((a, b) =>
    localizationLabel(a).localeCompare(localizationLabel(b), "en", { sensitivity: "base" }),
  );
}

/**
 * Year ticks for an axis of at most `maxTicks` labels: every year when they fit,
 * else the years that are multiples of the smallest round step that fits.
 */
export function yearTicks(years: readonly number[], maxTicks: number): number[] {
  if (years.length <= maxTicks) return [...years];
  const first = years[0] ?? 0;
  const last = years[years.length - 1] ?? 0;
  const span = last - first;
  const step = [2, 5, 10, 20, 25, 50, 100, 200, 500].find((s) => span / s < maxTicks) ?? 1000;
  const ticks: number[] = [];
  for (let year = Math.ceil(first / step) * step; year <= last; year += step) ticks.push(year);
  return ticks;
}

/** The outcome of one of the page's three requests. */
export type RequestOutcome =
  | { kind: "ok" }
  /** The server answered with an error (success false): its message, if any. */
  | { kind: "failed"; message?: string | null }
  /** The request itself threw (network failure). */
  | { kind: "thrown"; text: string };

export const HISTORY_FALLBACK_MESSAGES = [
  "Failed to load accumulated diseases statistics",
  "Failed to load new diseases statistics",
  "Failed to load accumulated gene localizations statistics",
] as const;

/**
 * The error text of the page (spec 2 §8): a thrown request gives 'Error fetching data: '
 * plus its text; otherwise each failed response contributes its message (or its
 * fallback), joined with '. '. Null when every request succeeded.
 */
export function composeHistoryError(
  outcomes: readonly RequestOutcome[],
  fallbacks: readonly string[] = HISTORY_FALLBACK_MESSAGES,
): string | null {
  const thrown = outcomes.find((o) => o.kind === "thrown");
  if (thrown && thrown.kind === "thrown") return `Error fetching data: ${thrown.text}`;
  const messages = outcomes.flatMap((outcome, index) => {
    if (outcome.kind !== "failed") return [];
    const message = outcome.message?.trim();
    return [message || fallbacks[index] || "Failed to load data"];
  });
  return messages.length > 0 ? messages.join(". ") : null;
}
