import { useEffect, useRef } from "react";

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
