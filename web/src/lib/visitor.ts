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
