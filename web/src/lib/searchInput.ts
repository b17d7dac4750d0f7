/**
 * Longest text a search box accepts, and the longest search term read from an address. The server
 * refuses longer terms (gateway/services: "200 characters at most"), so a box that accepted more
 * would only lead to an error; an address that carries more is cut to this length before it is used.
 */
export const SEARCH_MAX_LENGTH = 200;

/** A search term as read from an address: trimmed and cut to SEARCH_MAX_LENGTH characters. */
export function clampSearchTerm(value: string | null | undefined): string {
  return (value ?? "").trim().slice(0, SEARCH_MAX_LENGTH).trim();
}
