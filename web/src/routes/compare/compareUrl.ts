/**
 * The address of a comparison: the sets as schema/compare-address.ts writes them (shared with the MCP
 * compare tool), plus the chosen intersection (x=0-2), its gene page and the enrichment background.
 */
import {
  COMPARE_SET_KINDS,
  type CompareAddressSet,
  type CompareSetKey,
  compareSetsAddress,
  normaliseList,
} from "../../../../schema/compare-address";

export { normaliseList };
export const SET_KINDS = Object.keys(COMPARE_SET_KINDS) as CompareSetKey[];
export type SetKindKey = CompareSetKey;

export const BACKGROUNDS = ["dataset", "synaptic", "consensus"] as const;
export type BackgroundKey = (typeof BACKGROUNDS)[number];

export const MIN_SETS = 2;
export const MAX_SETS = 6;

export type SetSpec = CompareAddressSet;

export interface CompareState {
  sets: SetSpec[];
  /** Indices of the chosen exclusive intersection, ascending; null when none is chosen. */
  selected: number[] | null;
  page: number;
  /** The background of the chosen intersection's enrichment; null until it is asked for. */
  background: BackgroundKey | null;
}

/** The GraphQL enum of each kind. */
export const KIND_ENUM = COMPARE_SET_KINDS;

export const KIND_OF_ENUM = Object.fromEntries(
  Object.entries(KIND_ENUM).map(([key, value]) => [value, key as SetKindKey]),
) as Record<(typeof KIND_ENUM)[SetKindKey], SetKindKey>;

const isKind = (text: string): text is SetKindKey => (SET_KINDS as readonly string[]).includes(text);

export function parseCompareUrl(search: string, hash: string): CompareState {
  const params = new URLSearchParams(search);
  const lists = new URLSearchParams(hash.replace(/^#/, "")).getAll("list");
  const consensus = new Set((params.get("consensus") ?? "").split(",").filter(Boolean).map(Number));
  const sets: SetSpec[] = [];
  for (const entry of params.getAll("set")) {
    const colon = entry.indexOf(":");
    const kind = colon < 0 ? entry : entry.slice(0, colon);
    if (!isKind(kind)) continue;
    const value = kind === "list" ? (lists.shift() ?? "") : entry.slice(colon + 1);
    sets.push({ kind, value, consensus: consensus.has(sets.length) });
    if (sets.length === MAX_SETS) break;
  }
  const x = params.get("x");
  const selected =
    x && /^\d(?:-\d){0,5}$/.test(x)
      ? [...new Set(x.split("-").map(Number))].filter((i) => i < sets.length).sort((a, b) => a - b)
      : null;
  const page = Number(params.get("page"));
  const bg = params.get("bg");
  return {
    sets,
    selected: selected && selected.length > 0 ? selected : null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    background: bg && (BACKGROUNDS as readonly string[]).includes(bg) ? (bg as BackgroundKey) : null,
  };
}

export function compareUrl(state: CompareState): { search: string; hash: string } {
  const { params, hash } = compareSetsAddress(state.sets);
  if (state.selected) params.set("x", state.selected.join("-"));
  if (state.page > 1) params.set("page", String(state.page));
  if (state.background && state.selected) params.set("bg", state.background);
  return { search: `?${params.toString()}`, hash };
}

/** The sets as the compareSets query takes them. */
export function setInputs(sets: SetSpec[]) {
  return sets.map((s) => ({ kind: KIND_ENUM[s.kind], value: s.value.trim(), consensusOnly: s.consensus }));
}
