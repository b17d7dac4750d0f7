import { Fragment, type ReactNode } from "react";
import { splitHighlight } from "../lib/highlight";

interface HighlightProps {
  text: string | number | null | undefined;
  term?: string | null;
  enabled?: boolean;
}

/**
 * `text` with a line-break opportunity (<wbr>) after each underscore, so identifiers such as study
 * names (SYNAPTOSOMEJ_2022_SAMPLE) wrap at their underscores rather than mid-word.
 */
function breakAtUnderscores(text: string): ReactNode {
  if (!text.includes("_")) return text;
  const parts = text.split("_");
  return parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reordered
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && (
        <>
          _<wbr />
        </>
      )}
    </Fragment>
  ));
}

/** Wraps case-insensitive matches of `term` in <mark>; long identifiers break only at underscores. */
export function Highlight({ text, term, enabled = true }: HighlightProps) {
  const value = text === null || text === undefined ? "" : String(text);
  if (!enabled || !term?.trim()) return <>{breakAtUnderscores(value)}</>;
  return (
    <>
      {splitHighlight(value, term).map((segment, index) =>
        segment.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reordered
          <mark key={index}>{breakAtUnderscores(segment.text)}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reordered
          <span key={index}>{breakAtUnderscores(segment.text)}</span>
        ),
      )}
    </>
  );
}
