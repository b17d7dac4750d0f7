/** Case-insensitive highlighting of a search term (spec 1 §5). */
export interface HighlightSegment {
  text: string;
  match: boolean;
}

export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Split `text` into segments; segments equal (case-insensitively) to `term` are
 * marked as matches. Special regular-expression characters in the term are
 * matched literally.
 */
export function splitHighlight(text: string, term: string | null | undefined): HighlightSegment[] {
  const source = text ?? "";
  const needle = (term ?? "").trim();
  if (!needle || !source) return [{ text: source, match: false }];
  const pattern = new RegExp(`(${escapeRegExp(needle)})`, "gi");
  const segments: HighlightSegment[] = [];
  for (const part of source.split(pattern)) {
    if (part === "") continue;
    segments.push({ text: part, match: part.toLowerCase() === needle.toLowerCase() });
  }
  return segments.length > 0 ? segments : [{ text: source, match: false }];
}
