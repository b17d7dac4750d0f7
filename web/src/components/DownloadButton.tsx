import { useEffect, useRef, useState } from "react";
import { fileNameFromContentDisposition, isJsonContentType } from "../lib/download";
import { ButtonIcon } from "./ButtonIcon";
import "./downloadButton.css";

type Status = "idle" | "downloading" | "success" | "error";

interface DownloadButtonProps {
  url: string;
  label: string;
  className?: string;
  testId?: string;
  /** A JSON body: the file is fetched with POST (e.g. a gene-list analysis), not GET. */
  postBody?: string;
  /** E.g. when there is nothing to download. */
  disabled?: boolean;
}

const SUCCESS_RESET_MS = 2000;
const ERROR_RESET_MS = 3000;

/**
 * Fetches a CSV and saves it. idle → 'Downloading...' (presses ignored) → 'Success!' for 2 s,
 * or 'Failed' for 3 s; on failure the URL is also opened in a new tab as a fallback.
 */
export function DownloadButton({
  url,
  label,
  className,
  testId = "download-button",
  postBody,
  disabled = false,
}: DownloadButtonProps) {
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
      const fileName = fileNameFromContentDisposition(response.headers.get("content-disposition"));
      const blob = await response.blob();
      const objectUrl = URL.createObjectURL(blob);
      const anchor = document.createElement("a");
      anchor.href = objectUrl;
      anchor.download = fileName;
      anchor.rel = "noopener";
      document.body.appendChild(anchor);
      anchor.click();
      anchor.remove();
      setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
      settle("success", SUCCESS_RESET_MS);
    } catch (error) {
      console.error("CSV download failed:", error);
      settle("error", ERROR_RESET_MS);
      if (postBody === undefined) window.open(url, "_blank", "noopener");
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
