import { useCallback, useEffect, useRef } from "react";
import { type SetURLSearchParams, useSearchParams } from "react-router-dom";

/**
 * Runs `follow` when `value` (read from the address) changes after the first render: back, forward or
 * a link. Not on mount, where the state already starts from the address and a box may hold text the
 * reader typed into the server's markup before hydration (components/SearchBox.tsx adopts it).
 */
export function useAddressChange<T>(value: T, follow: (value: T) => void): void {
  const shown = useRef(value);
  const latest = useRef(follow);
  latest.current = follow;
  useEffect(() => {
    if (Object.is(shown.current, value)) return;
    shown.current = value;
    latest.current(value);
  }, [value]);
}

/** The address's query as it is now (in an event handler; the router writes it as a navigation completes). */
const currentParams = () => new URLSearchParams(window.location.search);

/**
 * The address's query, like React Router's useSearchParams, except that a change given as a function
 * starts from the address as it is now (`currentParams`), not as the last render saw it. The router
 * renders a navigation in a transition, so a second change made before that render (a filter, then a
 * keystroke, on a busy machine) would otherwise start from the old query and undo the first.
 */
export function useAddressParams(): [URLSearchParams, SetURLSearchParams, () => URLSearchParams] {
  const [params, setParams] = useSearchParams();
  const setLiveParams = useCallback<SetURLSearchParams>(
    (next, options) => setParams(typeof next === "function" ? () => next(currentParams()) : next, options),
    [setParams],
  );
  return [params, setLiveParams, currentParams];
}
