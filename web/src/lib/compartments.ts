/**
 * Rules of the synapse compartment cards and their proteins panel (spec 1 §2.4, §4, §5, §9;
 * spec 2 §2.2): display names and colours, the frequency bands, the sort toggle, and the panel
 * state kept in the address. The server filters, sorts and pages the rows (compartmentProteinTable).
 */

import type { CompartmentName, FrequencyBand } from "../gql/graphql";
import { SEARCH_MAX_LENGTH } from "./searchInput";
import type { SortDirection } from "./sort";

/** Card order on the screens: Presynaptic, Postsynaptic, Synaptic Vesicles, Synaptosome. */
export const COMPARTMENT_ORDER = [
  "Presynaptic",
  "Postsynaptic",
  "Synaptic_Vesicle",
  "Synaptosome",
] as const satisfies readonly CompartmentName[];

/** The compartment an address names (any case), as the API's CompartmentName; null when it names none. */
export function compartmentName(text: string): CompartmentName | null {
  const wanted = text.trim().toLowerCase();
  return COMPARTMENT_ORDER.find((name) => name.toLowerCase() === wanted) ?? null;
}

export const INVALID_COMPARTMENT = `Invalid compartment. Must be one of: ${COMPARTMENT_ORDER.join(", ")}`;

export type CompartmentColour = "blue" | "green" | "purple" | "amber" | "grey";

const COLOURS: Record<string, CompartmentColour> = {
  Presynaptic: "blue",
  Postsynaptic: "green",
  Synaptic_Vesicle: "purple",
  Synaptosome: "amber",
};

/** Synaptic_Vesicle is shown as 'Synaptic Vesicles'; other names as they are, underscores as spaces. */
export function compartmentLabel(name: string): string {
  if (name === "Synaptic_Vesicle") return "Synaptic Vesicles";
  return name.replace(/_/g, " ");
}

export function compartmentColour(name: string): CompartmentColour {
  return COLOURS[name] ?? "grey";
}

/** The known compartments first in card order, any other after them by name. */
export function orderCompartments<T extends { compartment: string }>(items: readonly T[]): T[] {
  const rank = (name: string) => {
    const index = (COMPARTMENT_ORDER as readonly string[]).indexOf(name);
    return index === -1 ? COMPARTMENT_ORDER.length : index;
  };
  return [...items].sort(
    (a, b) => rank(a.compartment) - rank(b.compartment) || a.compartment.localeCompare(b.compartment),
  );
}

/** Frequency bands as the API gives them; 'all' shows every row. */
export const FREQUENCY_FILTERS = ["all", "1", "2-3", "4-9", ">10"] as const;
export type FrequencyFilter = (typeof FREQUENCY_FILTERS)[number];

export const FREQUENCY_LABELS: Record<FrequencyFilter, string> = {
  all: "All frequencies",
  "1": "Found in 1 paper",
  "2-3": "2-3",
  "4-9": "4-9",
  ">10": ">10",
};

/** A band as the API's FrequencyBand filter; 'all' is no filter (null). */
export const FREQUENCY_BAND: Record<FrequencyFilter, FrequencyBand | null> = {
  all: null,
  "1": "ONE",
  "2-3": "TWO_TO_THREE",
  "4-9": "FOUR_TO_NINE",
  ">10": "MORE_THAN_TEN",
};

export function parseFrequencyFilter(value: string | null | undefined): FrequencyFilter {
  return (FREQUENCY_FILTERS as readonly string[]).includes(value ?? "") ? (value as FrequencyFilter) : "all";
}

/** The band of a study count, as the API's: '1', '2-3', '4-9' (4 to 10) or '>10' (11 or more). */
export function frequencyBand(paperCount: number): Exclude<FrequencyFilter, "all"> {
  if (paperCount <= 1) return "1";
  if (paperCount <= 3) return "2-3";
  if (paperCount <= 10) return "4-9";
  return ">10";
}

/** The label of a band on a badge: the API's label ('>10' means more than ten studies). */
export function frequencyBadgeText(band: string): string {
  return band;
}

export type FrequencyColour = "green" | "blue" | "yellow" | "grey";

/** Badge colours: >10 green, 4-9 blue, 2-3 yellow, otherwise grey. */
export function frequencyColour(band: string): FrequencyColour {
  if (band === ">10") return "green";
  if (band === "4-9") return "blue";
  if (band === "2-3") return "yellow";
  return "grey";
}

/** The fields of a panel row the rules read. */
export interface ProteinRow {
  humanName: string;
  humanEntrez: number | null;
  mouseEntrez: number | null;
  ratEntrez: number | null;
  mgi: string | null;
  paperCount: number;
  frequency: string;
}

export const SORT_COLUMNS = ["HumanName", "HumanEntrez", "paper_count"] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

export interface ProteinSort {
  column: SortColumn;
  direction: SortDirection;
}

export const DEFAULT_SORT: ProteinSort = { column: "HumanName", direction: "asc" };

/** The active column flips its direction; another column sorts ascending. */
export function nextSort(current: ProteinSort, column: SortColumn): ProteinSort {
  if (current.column === column) return { column, direction: current.direction === "asc" ? "desc" : "asc" };
  return { column, direction: "asc" };
}

/** The panel state as it is kept in the address of the compartments screen. */
export interface PanelState {
  compartment: string | null;
  q: string;
  frequency: FrequencyFilter;
  sort: ProteinSort;
  page: number;
}

export const PANEL_PAGE_SIZE = 20;

export function parsePanelState(params: URLSearchParams): PanelState {
  const column = params.get("sort");
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return {
    compartment: params.get("c")?.trim() || null,
    q: (params.get("q") ?? "").slice(0, SEARCH_MAX_LENGTH),
    frequency: parseFrequencyFilter(params.get("freq")),
    sort: {
      column: (SORT_COLUMNS as readonly string[]).includes(column ?? "")
        ? (column as SortColumn)
        : DEFAULT_SORT.column,
      direction: params.get("dir") === "desc" ? "desc" : "asc",
    },
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/** Defaults are left out, so a plain view has a plain address. */
export function serializePanelState(state: PanelState): URLSearchParams {
  const params = new URLSearchParams();
  if (!state.compartment) return params;
  params.set("c", state.compartment);
  if (state.q) params.set("q", state.q);
  if (state.frequency !== "all") params.set("freq", state.frequency);
  if (state.sort.column !== DEFAULT_SORT.column || state.sort.direction !== DEFAULT_SORT.direction) {
    params.set("sort", state.sort.column);
    params.set("dir", state.sort.direction);
  }
  if (state.page > 1) params.set("page", String(state.page));
  return params;
}
