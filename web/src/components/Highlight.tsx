import { splitHighlight } from "../lib/highlight";

interface HighlightProps {
  text: string | number | null | undefined;
  term?: string | null;
  enabled?: boolean;
}

/** Wraps case-insensitive matches of `term` in <mark>. */
export function Highlight({ text, term, enabled = true }: HighlightProps) {
  const value = text === null || text === undefined ? "" : String(text);
  if (!enabled || !term?.trim()) return <>{value}</>;
  return (
    <>
      {splitHighlight(value, term).map((segment, index) =>
        segment.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reordered
          <mark key={index}>{segment.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reordered
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}
