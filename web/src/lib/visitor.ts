import { siteConfig } from "../site.config";

function randomId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") {
    return crypto.randomUUID();
  }
  // crypto.randomUUID needs a secure context; fall back to getRandomValues.
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A new id for one page view (a UUID): sent with its visit, and again with any retry of it. */
export function newVisitId(): string {
  return randomId();
}

let memoryId: string | null = null;

/** A random visitor id kept in localStorage (key from the site config). */
export function getVisitorId(): string {
  const key = siteConfig.visitorIdKey;
  try {
    const stored = window.localStorage.getItem(key);
    if (stored) return stored;
    const id = randomId();
    window.localStorage.setItem(key, id);
    return id;
  } catch {
    // Storage blocked (private mode, policy): keep one id for this page load.
    memoryId ??= randomId();
    return memoryId;
  }
}

/** Runs `work` once the browser is idle (at most `timeout` ms later), or after a task where that is unsupported. */
export function whenIdle(work: () => void, timeout = 2000): void {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(work, { timeout });
  else setTimeout(work);
}

let loadedView: { path: string; visitId: string } | null = null;

/** The page view the page was loaded for: its path and its visit id, the same for whoever sends it. */
export function loadedPageView(): { path: string; visitId: string } {
  loadedView ??= { path: window.location.pathname, visitId: newVisitId() };
  return loadedView;
}

/**
 * Records the loaded page's view through the REST API (POST /api/stats/record-visit), when the browser
 * is idle: on a page that starts the app on its first use (lib/appStart.ts), the view is counted even if
 * the app never starts. VisitRecorder sends the same view with the same id once the app runs: stored once.
 */
export function recordLoadedViewWithoutApp(): void {
  const { path, visitId } = loadedPageView();
  whenIdle(() => {
    fetch("/api/stats/record-visit", {
      method: "POST",
      keepalive: true,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path, visitorId: getVisitorId(), visitId }),
    }).catch((error: unknown) => console.warn("Failed to record visit:", error));
  });
}
