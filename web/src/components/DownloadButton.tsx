import { useEffect, useRef, useState } from "react";
import { fileNameFromContentDisposition, isJsonContentType, saveBlob } from "../lib/download";
import { ButtonIcon } from "./ButtonIcon";
import "./downloadButton.css";

type Status = "idle" | "downloading" | "success" | "error";

/** A file the page already holds (a citation): saved as it is, no request made. */
export interface DownloadFile {
  content: string;
  /** Its media type, e.g. application/x-bibtex. */
  type: string;
  name: string;
}

interface DownloadButtonProps {
  label: string;
  className?: string;
  testId?: string;
  /** E.g. when there is nothing to download. */
  disabled?: boolean;
}

/** What is downloaded: a server's CSV at `url`, or a `file` the page made. */
type DownloadSource =
  | {
      url: string;
      /** A JSON body: the file is fetched with POST (e.g. a gene-list analysis), not GET. */
      postBody?: string;
      file?: never;
    }
  | { file: DownloadFile; url?: never; postBody?: never };

const SUCCESS_RESET_MS = 2000;
const ERROR_RESET_MS = 3000;

/** The CSV at `url`, fetched, with the file name its Content-Disposition gives. */
async function fetchCsv(url: string, postBody: string | undefined): Promise<{ blob: Blob; name: string }> {
  const response = await fetch(
    url,
    postBody === undefined
      ? { headers: { Accept: "text/csv" } }
      : {
          method: "POST",
          headers: { Accept: "text/csv", "Content-Type": "application/json" },
          body: postBody,
        },
  );
  if (!response.ok) throw new Error(`Download failed with status ${response.status}`);
  if (isJsonContentType(response.headers.get("content-type"))) {
    throw new Error("The server answered with JSON instead of a CSV file");
  }
  const name = fileNameFromContentDisposition(response.headers.get("content-disposition"));
  return { blob: await response.blob(), name };
}

/**
 * Fetches a CSV (or takes a file the page made) and saves it. idle → 'Downloading...' (presses
 * ignored) → 'Success!' for 2 s, or 'Failed' for 3 s; a failed CSV's URL is also opened in a new tab
 * as a fallback.
 */
export function DownloadButton({
  url,
  file,
  label,
  className,
  testId = "download-button",
  postBody,
  disabled = false,
}: DownloadButtonProps & DownloadSource) {
  const [status, setStatus] = useState<Status>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const settle = (next: Status, ms: number) => {
    setStatus(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setStatus("idle"), ms);
  };

  const download = async () => {
    if (status === "downloading") return;
    setStatus("downloading");
    try {
      const { blob, name } = file
        ? { blob: new Blob([file.content], { type: file.type }), name: file.name }
        : await fetchCsv(url, postBody);
      saveBlob(blob, name);
      settle("success", SUCCESS_RESET_MS);
    } catch (error) {
      console.error("Download failed:", error);
      settle("error", ERROR_RESET_MS);
      if (url !== undefined && postBody === undefined) window.open(url, "_blank", "noopener");
    }
  };

  const text =
    status === "downloading"
      ? "Downloading..."
      : status === "success"
        ? "Success!"
        : status === "error"
          ? "Failed"
          : label;

  return (
    <button
      type="button"
      className={`btn btn-download is-${status}${className ? ` ${className}` : ""}`}
      onClick={(event) => {
        event.stopPropagation();
        void download();
      }}
      // While it downloads the button says so and ignores presses, but stays enabled: a disabled
      // button would drop the keyboard focus to the page's start.
      disabled={disabled}
      aria-disabled={status === "downloading" || undefined}
      aria-live="polite"
      data-testid={testId}
      data-status={status}
      data-url={url}
    >
      <ButtonIcon path="M10 3v9m0 0-3.5-3.5M10 12l3.5-3.5M4 14.5V16a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1v-1.5" />
      <span>{text}</span>
    </button>
  );
}
