/** Set once the app has rendered: from then on the page reacts to input (browser tests wait for it). */
export const APP_READY_ATTRIBUTE = "data-app-ready";

/**
 * A page whose <html> carries this attribute with the value "on-use" (a record's or a search's: the
 * screens the gateway sends with their data, marked by web/scripts/prerender.mjs) starts the app on its
 * first use, not when it loads.
 */
const START_ATTRIBUTE = "data-start";
const ON_USE = "on-use";

/** A page's markup marked to start the app on its first use (web/scripts/prerender.mjs writes it). */
export const markedToStartOnUse = (html: string) =>
  html.replace("<html ", `<html ${START_ATTRIBUTE}="${ON_USE}" `);

/**
 * What counts as a first use: a pointer moved or pressed, a key, focus moved into the page, or a click
 * with none of them (a screen reader's, which activates a control without moving focus or a pointer).
 */
const USE_EVENTS = ["pointermove", "pointerdown", "touchstart", "keydown", "focusin", "click"] as const;

/** The controls that do nothing without the app: a click on one before it has started is held for it. */
const APP_CONTROLS = 'button:not([type="submit"]), [role="button"], [role="tab"]';

export const startsOnUse = () => document.documentElement.getAttribute(START_ATTRIBUTE) === ON_USE;

const appReady = () => document.documentElement.hasAttribute(APP_READY_ATTRIBUTE);

/** Resolves once the app has set APP_READY_ATTRIBUTE. */
function whenAppReady(): Promise<void> {
  if (appReady()) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!appReady()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: [APP_READY_ATTRIBUTE] });
  });
}

/**
 * Runs `start` on the page's first use. The server's page is whole and its links and forms work
 * without the app, so a reader who only reads and follows links never pays for hydrating it (most of a
 * page's main-thread work). A click on one of the app's controls (a tab, a pager button, Cite)
 * before the app is ready is held, and given to the control again once the app is ready: the same
 * element, as hydration keeps the server's nodes. Links and form submissions go ahead natively.
 */
export function startOnFirstUse(start: () => Promise<void>): void {
  const held: HTMLElement[] = [];
  const holdClick = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(APP_CONTROLS) : null;
    if (!control || appReady()) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.includes(control)) held.push(control);
  };
  document.addEventListener("click", holdClick, true);
  const begin = () => {
    for (const type of USE_EVENTS) window.removeEventListener(type, begin, true);
    void start();
    void whenAppReady().then(() => {
      document.removeEventListener("click", holdClick, true);
      for (const control of held.splice(0)) if (control.isConnected) control.click();
    });
  };
  for (const type of USE_EVENTS) window.addEventListener(type, begin, { capture: true, passive: true });
}
