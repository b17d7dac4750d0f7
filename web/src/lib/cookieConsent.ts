/** Cookie consent (spec 1 §2.4, §4): localStorage cookiesAccepted is 'true', 'false' or unset. */
export const COOKIE_CONSENT_KEY = "cookiesAccepted";

export type CookieChoice = "true" | "false";

type Store = Pick<Storage, "getItem" | "setItem">;

/** The stored choice, or null when none is stored (the dialog then shows). */
export function readCookieChoice(store: Store | null | undefined): CookieChoice | null {
  try {
    const value = store?.getItem(COOKIE_CONSENT_KEY);
    return value === "true" || value === "false" ? value : null;
  } catch {
    return null;
  }
}

/** Accept stores 'true'; decline, the close button and the backdrop store 'false'. */
export function storeCookieChoice(store: Store | null | undefined, accepted: boolean): void {
  try {
    store?.setItem(COOKIE_CONSENT_KEY, accepted ? "true" : "false");
  } catch {
    // Storage refused (private mode): the choice holds for this page only.
  }
}
