/**
 * The REST equivalent of a screen's GraphQL call, for its API button. Empty values
 * are left out, as are mode=all and localization '' (All), as the REST API documents.
 */
export function restPath(base: string, params: Record<string, string | number | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === "") continue;
    if (key === "mode" && value === "all") continue;
    query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${base}?${text}` : base;
}
