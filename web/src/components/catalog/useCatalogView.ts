import { useCallback, useEffect, useMemo, useState } from "react";
import { useAddressChange, useAddressParams } from "../../hooks/useAddress";
import {
  CATALOG_DEBOUNCE_MS,
  type CatalogSortConfig,
  type CatalogView,
  readCatalogView,
  toggleSort,
  writeCatalogView,
} from "../../lib/catalog";

export interface CatalogViewState {
  view: CatalogView;
  /** The search box's text; applied to the view 500 ms after typing stops. */
  searchInput: string;
  setSearchInput: (text: string) => void;
  /** Apply the search text now (Enter). */
  submitSearch: (text: string) => void;
  /** The minimum-studies box's text; applied like the search text. */
  minStudiesInput: string;
  setMinStudiesInput: (text: string) => void;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  sortBy: (key: string) => void;
  /** The checkbox's state: follows a click at once, before the address updates. */
  consensusOnlyInput: boolean;
  setConsensusOnly: (on: boolean) => void;
}

const parseMinStudies = (text: string): number | null => {
  const value = text.trim();
  if (!/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
};

/**
 * The view of a catalog (page, pageSize, sort, dir, search, consensusOnly, minStudies),
 * held in the address so every view can be linked and reloaded. Changing the search,
 * a filter or the sort goes back to page 1.
 */
export function useCatalogView(sort: CatalogSortConfig): CatalogViewState {
  const [params, setParams] = useAddressParams();
  const view = useMemo(() => readCatalogView(params, sort), [params, sort]);

  const update = useCallback(
    (change: (current: CatalogView) => CatalogView, replace = false) =>
      setParams((current) => writeCatalogView(change(readCatalogView(current, sort)), sort), {
        replace,
        preventScrollReset: true,
      }),
    [setParams, sort],
  );

  const [searchInput, setSearchInput] = useState(view.search);
  const [minStudiesInput, setMinStudiesInput] = useState(view.minStudies?.toString() ?? "");

  const [consensusOnlyInput, setConsensusOnlyInput] = useState(view.consensusOnly);

  // The address changed (back, forward, a link): the boxes follow it.
  useEffect(() => setConsensusOnlyInput(view.consensusOnly), [view.consensusOnly]);
  useAddressChange(view.search, (search) =>
    setSearchInput((text) => (text.trim() === search ? text : search)),
  );
  useEffect(() => {
    setMinStudiesInput((text) =>
      parseMinStudies(text) === view.minStudies ? text : (view.minStudies?.toString() ?? ""),
    );
  }, [view.minStudies]);

  // Typing: apply 500 ms after the last key.
  useEffect(() => {
    const value = searchInput.trim();
    if (value === view.search) return;
    const timer = setTimeout(
      () => update((current) => ({ ...current, search: value, page: 1 }), true),
      CATALOG_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [searchInput, view.search, update]);
  useEffect(() => {
    const value = parseMinStudies(minStudiesInput);
    if (value === view.minStudies) return;
    const timer = setTimeout(
      () => update((current) => ({ ...current, minStudies: value, page: 1 }), true),
      CATALOG_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [minStudiesInput, view.minStudies, update]);

  return {
    view,
    searchInput,
    setSearchInput,
    submitSearch: (text) => {
      setSearchInput(text);
      update((current) => ({ ...current, search: text.trim(), page: 1 }));
    },
    minStudiesInput,
    setMinStudiesInput,
    setPage: (page) => update((current) => ({ ...current, page })),
    setPageSize: (pageSize) => update((current) => ({ ...current, pageSize, page: 1 })),
    sortBy: (key) => update((current) => toggleSort(current, key)),
    consensusOnlyInput,
    setConsensusOnly: (on) => {
      setConsensusOnlyInput(on);
      update((current) => ({ ...current, consensusOnly: on, page: 1 }));
    },
  };
}
