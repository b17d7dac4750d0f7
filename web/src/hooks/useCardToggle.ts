import { useRef } from "react";

/** Further toggles within this many ms of the last one are ignored (spec 1 §4). */
export const CARD_TOGGLE_LOCK_MS = 300;

/** A search card's expand/collapse handler: a second click within the lock is ignored. */
export function useCardToggle(onToggle: () => void): () => void {
  const lastToggle = useRef(0);
  return () => {
    const now = Date.now();
    if (now - lastToggle.current < CARD_TOGGLE_LOCK_MS) return;
    lastToggle.current = now;
    onToggle();
  };
}
