import { useCallback, useEffect, useRef, useState } from "react";
import type { SetURLSearchParams } from "react-router-dom";
import { parsePositiveInt } from "../lib/cardTabState";
import { clampSearchTerm } from "../lib/searchInput";
import { useAddressChange, useAddressParams } from "./useAddress";

/** Typing starts a search after this pause (spec 1 §9). */
export const FULL_SEARCH_DEBOUNCE_MS = 500;

export interface UrlSearch {
  params: URLSearchParams;
  setParams: SetURLSearchParams;
  q: string;
  page: number;
  input: string;
  onInput: (value: string) => void;
  /** Search now (Enter, button, clear). An empty term clears the results and the page. */
  submit: (term: string) => void;
  setPage: (page: number) => void;
}

/**
 * The search term and result page of a search screen, held in the address (q, page),
 * with the box's text kept in step; typing searches after 500 ms. The same term submitted
 * again keeps the view: every address key, or only the `keepOnResubmit` ones (Gene Search
 * keeps its expanded cards and goes back to the first page).
 */
export function useUrlSearch({ keepOnResubmit }: { keepOnResubmit?: readonly string[] } = {}): UrlSearch {
  const [params, setParams] = useAddressParams();
  const q = clampSearchTerm(params.get("q"));
  const page = parsePositiveInt(params.get("page"), 1);
  const [input, setInput] = useState(q);
  const userTyped = useRef(false);

  useAddressChange(q, (term) => {
    userTyped.current = false;
    setInput(term);
  });

  const run = useCallback(
    (term: string, replace: boolean) => {
      const value = term.trim();
      setParams(
        (current) => {
          // The same term again keeps the view (expanded card, tab, filters).
          if (value && value === current.get("q") && !keepOnResubmit) return current;
          const next = new URLSearchParams();
          if (value) next.set("q", value);
          if (value && value === current.get("q")) {
            for (const key of keepOnResubmit ?? []) {
              const kept = current.get(key);
              if (kept) next.set(key, kept);
            }
          }
          return next;
        },
        { replace },
      );
    },
    [setParams, keepOnResubmit],
  );

  useEffect(() => {
    if (!userTyped.current) return;
    const value = input.trim();
    if (value === q) return;
    const timer = setTimeout(() => run(value, true), FULL_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, q, run]);

  return {
    params,
    setParams,
    q,
    page,
    input,
    onInput: (value) => {
      userTyped.current = true;
      setInput(value);
    },
    submit: (term) => {
      userTyped.current = false;
      run(term, false);
    },
    setPage: (nextPage) => {
      setParams((current) => {
        const next = new URLSearchParams();
        const term = current.get("q");
        if (term) next.set("q", term);
        if (nextPage > 1) next.set("page", String(nextPage));
        return next;
      });
    },
  };
}
