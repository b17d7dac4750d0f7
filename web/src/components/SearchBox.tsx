import { useQuery } from "@apollo/client/react";
import {
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
  type MouseEvent,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useDebouncedValue } from "../hooks/useDebouncedValue";
import {
  AUTOCOMPLETE_DEBOUNCE_MS,
  AUTOCOMPLETE_LIMIT,
  type ComboState,
  comboboxKey,
  isPickable,
  mergeProteinAliases,
  type Suggestion,
  type SuggestionScope,
  suggestionHref,
  suggestionTerm,
  wantsProteinLookup,
} from "../lib/searchSuggest";
import { autocompleteQuery, proteinLookupQuery } from "./searchBox.queries";
import "./searchBox.css";
import type { SearchType } from "../gql/graphql";
import { graphqlEnum } from "../lib/graphqlEnum";
import { SEARCH_MAX_LENGTH } from "../lib/searchInput";

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Submit (Enter with no highlighted suggestion, or the button), with the term's protein mapping if known. */
  onSubmit: (value: string, proteinGenes: readonly string[] | null) => void;
  onClear?: () => void;
  placeholder: string;
  label: string;
  buttonLabel?: string;
  /** The navigation-bar look: a small box with an icon button. */
  compact?: boolean;
  autoFocus?: boolean;
  testId?: string;
  /** Suggestions from this scope (none when not set). */
  suggest?: SuggestionScope;
  /** Gene names in italics (the gene search page). */
  italicGenes?: boolean;
  /** Called after a suggestion was picked (before navigating). */
  onPicked?: () => void;
  /**
   * The search page a plain form submit loads as `?q=`: what Enter does before the app's script has
   * hydrated the server's markup, or with scripts off. Without it the form only works once hydrated.
   */
  action?: string;
}

const CLOSED: ComboState = { open: false, active: -1 };

const logFailure = (what: string, error: unknown) => console.warn(`${what} failed`, error);

const SearchIcon = ({ strokeWidth }: { strokeWidth: number }) => (
  <svg viewBox="0 0 20 20" aria-hidden="true">
    <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth={strokeWidth} />
    <path d="m13 13 4 4" stroke="currentColor" strokeWidth={strokeWidth} strokeLinecap="round" />
  </svg>
);

/**
 * The shared search box (spec 1 §2.5): a text input with a clear button and a submit button inside
 * a role="search" form and, when `suggest` is set, a WAI-ARIA combobox whose list shows suggestions
 * (from 2 characters, after 300 ms) with protein-derived gene aliases first.
 */
export function SearchBox({
  value,
  onChange,
  onSubmit,
  onClear,
  placeholder,
  label,
  buttonLabel = "Search",
  compact = false,
  autoFocus = false,
  testId = "search-box",
  suggest,
  italicGenes = false,
  onPicked,
  action,
}: SearchBoxProps) {
  const id = useId();
  const listId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const navigate = useNavigate();
  const location = useLocation();
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [combo, setCombo] = useState<ComboState>(CLOSED);
  // Suggestions are for what the reader types: a term the page opened with (from the address) is
  // not looked up until the box is used, which spares every search page two requests as it loads.
  const [used, setUsed] = useState(false);

  const term = suggest ? suggestionTerm(value) : null;
  const debounced = useDebouncedValue(term, AUTOCOMPLETE_DEBOUNCE_MS);
  const settled = used && term !== null && debounced === term;
  const scope = suggest ?? "all";
  const lookupOn = settled && wantsProteinLookup(term, scope);

  const autocomplete = useQuery(autocompleteQuery, {
    variables: { q: term ?? "", type: graphqlEnum<SearchType>(scope), limit: AUTOCOMPLETE_LIMIT },
    skip: !settled,
  });
  const lookup = useQuery(proteinLookupQuery, { variables: { name: term ?? "" }, skip: !lookupOn });

  // Failures are logged only; the spinner stops (spec 1 §8).
  useEffect(() => {
    if (autocomplete.error) logFailure("Autocomplete", autocomplete.error);
  }, [autocomplete.error]);
  useEffect(() => {
    if (lookup.error) logFailure("Protein lookup", lookup.error);
  }, [lookup.error]);

  /** The current term's protein mapping (empty text, and so the clear button, drops it). */
  const mapping = lookupOn && !lookup.loading ? (lookup.data?.proteinLookup.genes ?? null) : null;
  const loading =
    term !== null && (!settled || autocomplete.loading || (lookupOn && lookup.loading && !lookup.error));
  const merged = useMemo(
    () =>
      mergeProteinAliases(
        mapping ? term : null,
        mapping,
        loading ? [] : ((autocomplete.data?.autocomplete ?? []) as Suggestion[]),
      ),
    [mapping, term, loading, autocomplete.data],
  );
  const items = loading ? [] : merged.items;
  const expanded = suggest !== undefined && combo.open && term !== null;
  const active = expanded && combo.active < items.length ? combo.active : -1;

  // Clicking outside closes the list.
  useEffect(() => {
    if (!expanded) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setCombo(CLOSED);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [expanded]);

  // Keep the highlighted option in view inside the scrolling list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: optionId only depends on the stable id
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  }, [active]);

  // Text typed into the server's markup before hydration stays in the element (React keeps it) but
  // not in the state: adopt it, so the next render and a submit use what the reader typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    const typed = inputRef.current?.value;
    if (typed !== undefined && typed !== value) onChange(typed);
  }, []);

  const clear = () => {
    onChange("");
    onClear?.();
    setCombo(CLOSED);
    inputRef.current?.focus();
  };

  const pick = (suggestion: Suggestion) => {
    const href = suggestionHref(suggestion);
    if (!href || !isPickable(suggestion)) return;
    setCombo(CLOSED);
    onPicked?.();
    // Already on the target search page: a full page load; otherwise client-side navigation.
    if (location.pathname === href.slice(0, href.indexOf("?"))) window.location.assign(href);
    else navigate(href);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCombo(CLOSED);
    onSubmit(value.trim(), mapping);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!suggest) return;
    const result = comboboxKey(
      { open: expanded, active },
      event.key,
      expanded ? items.length : 0,
      value !== "",
    );
    if (result.handled && event.key !== "Enter") event.preventDefault();
    if (result.effect === "pick") {
      event.preventDefault();
      pick(items[active]!);
      return;
    }
    if (result.effect === "clear") clear();
    else {
      if (result.state.open) setUsed(true);
      setCombo(result.state); // 'submit' goes on to the form's own submit
    }
  };

  const inputProps = {
    ref: inputRef,
    id,
    type: "search" as const,
    name: action ? "q" : undefined,
    maxLength: SEARCH_MAX_LENGTH,
    value,
    placeholder,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      onChange(event.target.value);
      setUsed(true);
      setCombo({ open: true, active: -1 });
    },
    onClick: () => {
      if (!suggest || suggestionTerm(value) === null) return;
      setUsed(true);
      if (!combo.open) setCombo({ open: true, active: -1 });
    },
    onKeyDown,
    autoComplete: "off",
    spellCheck: false,
    enterKeyHint: "search" as const,
    ...(suggest
      ? {
          role: "combobox",
          "aria-expanded": expanded,
          "aria-controls": listId,
          "aria-autocomplete": "list" as const,
          "aria-activedescendant": active >= 0 ? optionId(active) : undefined,
        }
      : {}),
  };

  const formProps = {
    onSubmit: submit,
    "data-testid": testId,
    ...(action ? { action, method: "get" } : {}),
  };

  const clearButton = value && (
    <button type="button" className="search-box-clear" aria-label="Clear search" onClick={clear}>
      ×
    </button>
  );

  return (
    <search className={compact ? "nav-search-landmark" : undefined}>
      <div ref={rootRef} className={`suggest-root${compact ? " is-compact" : ""}`}>
        {compact ? (
          <form className="nav-search" {...formProps}>
            <label htmlFor={id} className="visually-hidden">
              {label}
            </label>
            <input {...inputProps} />
            {clearButton}
            <button type="submit" aria-label={buttonLabel} className="nav-search-btn">
              <SearchIcon strokeWidth={2} />
            </button>
          </form>
        ) : (
          <form className="search-box" {...formProps}>
            <label htmlFor={id} className="visually-hidden">
              {label}
            </label>
            <span className="search-box-icon" aria-hidden="true">
              <SearchIcon strokeWidth={1.8} />
            </span>
            <input
              {...inputProps}
              className="search-box-input"
              // biome-ignore lint/a11y/noAutofocus: the search page's main task is typing a term
              autoFocus={autoFocus}
            />
            {clearButton}
            <button type="submit" className="btn btn-primary search-box-submit">
              {buttonLabel}
            </button>
          </form>
        )}
        {suggest && (
          <div className="suggest-popup" hidden={!expanded} data-testid={`${testId}-suggestions`}>
            {loading && (
              <p className="suggest-note" role="status">
                <span className="spinner is-small" aria-hidden="true" /> Loading suggestions...
              </p>
            )}
            {!loading && merged.status && (
              <p className="suggest-note" role="status" data-testid="suggest-protein-status">
                {merged.status}
              </p>
            )}
            {!loading && items.length === 0 && (
              <p className="suggest-note" role="status">
                No matches found. Try another search term.
              </p>
            )}
            <div
              id={listId}
              role="listbox"
              className="suggest-list"
              aria-label={`Suggestions for ${label.toLowerCase()}`}
            >
              {items.map((item, index) => (
                <SuggestionOption
                  key={`${item.entityType}|${item.type}|${item.text}`}
                  id={optionId(index)}
                  item={item}
                  selected={index === active}
                  italic={italicGenes}
                  onPick={() => pick(item)}
                />
              ))}
            </div>
          </div>
        )}
      </div>
    </search>
  );
}

function SuggestionOption({
  id,
  item,
  selected,
  italic,
  onPick,
}: {
  id: string;
  item: Suggestion;
  selected: boolean;
  italic: boolean;
  onPick: () => void;
}) {
  const pickable = isPickable(item);
  const entity = ["gene", "disease", "paper", "protein"].includes(item.entityType) ? item.entityType : "gene";
  const isGeneName = item.entityType === "gene" && (item.type === "Gene Name" || item.type === "Alias");
  // Protein suggestions lead nowhere themselves: they say which gene to search instead.
  const detail = pickable
    ? item.title && item.title !== item.text
      ? item.title
      : item.description
    : `Protein of ${(item.genes ?? []).join(", ") || item.description || "unknown gene"}; search the gene`;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard (aria-activedescendant)
    <div
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={selected}
      aria-disabled={pickable ? undefined : true}
      className={`suggest-option${selected ? " is-active" : ""}${pickable ? "" : " is-info"}`}
      data-entity={entity}
      // Keep the focus in the input while clicking.
      onMouseDown={(event: MouseEvent) => event.preventDefault()}
      onClick={pickable ? onPick : undefined}
    >
      <span className="suggest-main">
        <span className={`suggest-text${italic && isGeneName ? " is-gene" : ""}`}>{item.text}</span>
        <span className={`suggest-badge is-${entity}`}>{item.type}</span>
      </span>
      {detail && <span className="suggest-detail">{detail}</span>}
    </div>
  );
}
