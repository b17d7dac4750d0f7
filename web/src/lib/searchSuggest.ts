/**
 * Pure rules of the shared search box (spec 1 §2.5, §5, §8, §9): when suggestions are asked for,
 * how protein-derived gene aliases join them, where a suggestion leads, what the navigation bar
 * searches on submit, and the combobox's keyboard handling.
 */

import { diseaseAddress, geneAddress } from "../../../schema/entity-address";
import { countOf } from "./plural";
import { isProteinStyleTerm } from "./proteinTerm";

/** Suggestions open from this many characters. */
export const AUTOCOMPLETE_MIN_LENGTH = 2;
/** Pause after typing before suggestions are asked for. */
export const AUTOCOMPLETE_DEBOUNCE_MS = 300;
/** Suggestions asked for per term. */
export const AUTOCOMPLETE_LIMIT = 10;

export type SuggestionScope = "all" | "gene" | "disease" | "paper";
export type SuggestionEntity = "gene" | "disease" | "paper" | "protein";

export interface Suggestion {
  text: string;
  type: string;
  entityType: string;
  description?: string | null;
  title?: string | null;
  genes?: readonly string[];
}

/** The term suggestions are asked for, or null when the text is too short (fewer clears them). */
export function suggestionTerm(input: string): string | null {
  const term = input.trim();
  return term.length >= AUTOCOMPLETE_MIN_LENGTH ? term : null;
}

/** Protein lookups run while typing for protein-style terms, in scopes that show genes. */
export function wantsProteinLookup(term: string | null, scope: SuggestionScope): term is string {
  return term !== null && (scope === "all" || scope === "gene") && isProteinStyleTerm(term);
}

export interface MergedSuggestions {
  items: Suggestion[];
  /** 'Found N genes related to protein "x"' (+ ' (k already in results)'), or null without a mapping. */
  status: string | null;
}

const sameText = (a: string, b: string) => a.toLocaleUpperCase("en") === b.toLocaleUpperCase("en");

/**
 * Protein-derived genes join the normal suggestions AFTER them (the lookup adds, it never goes first
 * or replaces: README "Search"), labelled 'Protein name', unless the gene is already suggested.
 */
export function mergeProteinAliases(
  protein: string | null,
  genes: readonly string[] | null | undefined,
  suggestions: readonly Suggestion[],
): MergedSuggestions {
  if (!protein || !genes || genes.length === 0) return { items: [...suggestions], status: null };
  const present = (symbol: string) =>
    suggestions.some((s) => s.entityType === "gene" && sameText(s.text, symbol));
  const aliases: Suggestion[] = genes
    .filter((symbol) => !present(symbol))
    .map((symbol) => ({
      text: symbol,
      type: "Protein name",
      entityType: "gene",
      description: `Gene for protein "${protein}"`,
      title: null,
      genes: [symbol],
    }));
  const already = genes.length - aliases.length;
  const status = `Found ${countOf(genes.length, "gene")} related to protein "${protein}"${
    already > 0 ? ` (${already} already in results)` : ""
  }`;
  return { items: [...suggestions, ...aliases], status };
}

const SEARCH_ROUTES: Record<string, string> = {
  gene: "/gene-search",
  disease: "/disease-search",
  paper: "/paper-search",
};

/** The search route a suggestion leads to (q = its text), or null for protein suggestions. */
export function suggestionHref(suggestion: Pick<Suggestion, "text" | "entityType">): string | null {
  const route = SEARCH_ROUTES[suggestion.entityType];
  return route ? `${route}?q=${encodeURIComponent(suggestion.text)}` : null;
}

/** Protein suggestions have no click action; the others can be picked. */
export const isPickable = (suggestion: Pick<Suggestion, "entityType">) =>
  suggestion.entityType in SEARCH_ROUTES;

/**
 * What the navigation bar searches as a gene: the term itself (nothing for an empty box). The gene
 * search adds the genes of the term's protein-name lookup to its matches, so the term's own gene
 * (DLG4 for 'DLG4') stays first and a protein name ('PSD-95') still finds its genes.
 */
export function navigationSearchTerm(input: string): string | null {
  const term = input.trim();
  return term === "" ? null : term;
}

/** The combobox's list state: open or not, and the highlighted option (-1 = none). */
export interface ComboState {
  open: boolean;
  active: number;
}

export type ComboEffect = "none" | "pick" | "submit" | "clear";

export interface ComboResult {
  state: ComboState;
  effect: ComboEffect;
  /** True when the key was used by the combobox (the caller prevents its default action). */
  handled: boolean;
}

/**
 * Keyboard handling of the WAI-ARIA combobox: ArrowDown/ArrowUp move through the options (wrapping,
 * opening a closed list), Home/End jump to the first/last option while one is highlighted, Enter picks the
 * highlighted option or submits, Escape closes an open list and clears the box when already closed.
 */
export function comboboxKey(state: ComboState, key: string, count: number, hasText: boolean): ComboResult {
  const result = (next: ComboState, effect: ComboEffect = "none", handled = true): ComboResult => ({
    state: next,
    effect,
    handled,
  });
  switch (key) {
    case "ArrowDown":
    case "ArrowUp": {
      if (count === 0) return result({ open: state.open || hasText, active: -1 }, "none", hasText);
      if (!state.open) return result({ open: true, active: key === "ArrowDown" ? 0 : count - 1 });
      const step = key === "ArrowDown" ? 1 : -1;
      const from = state.active < 0 ? (step === 1 ? -1 : count) : state.active;
      return result({ open: true, active: (from + step + count) % count });
    }
    case "Home":
    case "End":
      // Only while an option is highlighted; otherwise the keys move the caret in the text.
      if (!state.open || count === 0 || state.active < 0) return result(state, "none", false);
      return result({ open: true, active: key === "Home" ? 0 : count - 1 });
    case "Enter":
      if (state.open && state.active >= 0 && state.active < count) return result(state, "pick");
      return result({ open: false, active: -1 }, "submit");
    case "Escape":
      if (state.open) return result({ open: false, active: -1 });
      return result(state, hasText ? "clear" : "none", hasText);
    case "Tab":
      return result({ open: false, active: -1 }, "none", false);
    default:
      return result(state, "none", false);
  }
}

/**
 * The record page a suggestion names, or null when it names none (a protein name of several genes):
 * the gateway resolves any identifier of a record's address to its canonical page (one redirect at
 * most), so an alias, an Entrez id or a placeholder PMID is a link as good as the canonical one.
 */
export function suggestionRecordAddress(suggestion: Suggestion): string | null {
  const { text, type, entityType, description } = suggestion;
  if (entityType === "gene") return geneAddress(type === "Gene Name" ? text : (description ?? text));
  if (entityType === "protein")
    return suggestion.genes?.length === 1 ? geneAddress(suggestion.genes[0]!) : null;
  if (entityType === "disease") return diseaseAddress(type === "HDOID" ? text : (description ?? text));
  if (entityType === "paper") {
    if (type === "PMID") return `/study/${encodeURIComponent(text)}`;
    const pmid = /PMID (\d+)/.exec(description ?? "")?.[1];
    const name = /^(\S+) \(\d+\)$/.exec(description ?? "")?.[1];
    return pmid ? `/study/${pmid}` : name ? `/study/${encodeURIComponent(name)}` : null;
  }
  return null;
}
