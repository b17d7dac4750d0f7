import { useSyncExternalStore } from "react";

/** Width from which the top navigation shows inline (must match styles.css). */
export const WIDE_NAV_QUERY = "(min-width: 1240px)";

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", notify);
      return () => list.removeEventListener("change", notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
