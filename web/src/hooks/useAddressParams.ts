import { useCallback } from "react";
import { type SetURLSearchParams, useSearchParams } from "react-router-dom";

/**
 * The address's query, like React Router's useSearchParams, except that a change given as a
 * function starts from the address as it is now (also returned, as `currentParams`). React Router
 * renders a navigation in a transition, so a second change made before that render (a filter, then
 * a keystroke, on a busy machine) would start from the last render's query and undo the first; the
 * browser's address is already current, because the router writes it as the navigation completes.
 */
export function useAddressParams(): [URLSearchParams, SetURLSearchParams, () => URLSearchParams] {
  const [params, setParams] = useSearchParams();
  const currentParams = useCallback(
    () => (typeof window === "undefined" ? params : new URLSearchParams(window.location.search)),
    [params],
  );
  const setLiveParams = useCallback<SetURLSearchParams>(
    (next, options) => setParams(typeof next === "function" ? () => next(currentParams()) : next, options),
    [setParams, currentParams],
  );
  return [params, setLiveParams, currentParams];
}
