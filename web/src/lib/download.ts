/** File-name and response rules for CSV downloads (spec 1 §5), and how any file is saved. */
export const DEFAULT_DOWNLOAD_NAME = "download.csv";

/** A trailing '.csv_' (a quirk of some servers) loses its last character. */
export function fixCsvSuffix(name: string): string {
  return name.endsWith(".csv_") ? name.slice(0, -1) : name;
}

/**
 * The file name from a Content-Disposition header, else 'download.csv'.
 * Understands `filename*=UTF-8''…` (RFC 5987), `filename="…"` and `filename=…`.
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string {
  if (!header) return DEFAULT_DOWNLOAD_NAME;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ""));
    } catch {
      name = extended[1].trim();
    }
  }
  if (!name) {
    const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
    if (quoted) {
      name = (quoted[1] ?? "").replace(/\\(.)/g, "$1");
    } else {
      const plain = /filename\s*=\s*([^;]+)/i.exec(header);
      if (plain?.[1]) name = plain[1].trim().replace(/^"|"$/g, "");
    }
  }
  name = name?.trim();
  if (!name) return DEFAULT_DOWNLOAD_NAME;
  // Never let a header choose a path.
  name = name.replace(/[\\/]/g, "_");
  return fixCsvSuffix(name);
}

/** A CSV download whose response is JSON is an error. */
export function isJsonContentType(contentType: string | null | undefined): boolean {
  return /\bapplication\/(?:[\w.+-]*\+)?json\b/i.test(contentType ?? "");
}

/**
 * Saves `blob` under `fileName` through a temporary link: the one way the app saves a file (a fetched
 * CSV, a figure, a citation).
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = "noopener";
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked later: the download may not have read the blob yet when click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
