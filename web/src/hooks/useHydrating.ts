import { useSyncExternalStore } from "react";

const neverChanges = () => () => undefined;

/**
 * True on the server and while the browser hydrates the server's markup (src/boot.tsx), false after:
 * a component whose first render depends on the browser (stored choices, what the gateway marked)
 * renders what the server rendered until hydration is done, so the two match.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => false,
    () => true,
  );
}

/** The site's origin (https://host), or "" where it is unknown: on the server and while hydrating. */
export function useSiteOrigin(): string {
  return useHydrating() ? "" : window.location.origin;
}
