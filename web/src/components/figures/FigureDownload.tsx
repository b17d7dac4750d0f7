import { useQuery } from "@apollo/client/react";
import { type RefObject, useEffect, useRef, useState } from "react";
import { publishedCitationText } from "../../../../schema/portal-identity";
import { saveBlob } from "../../lib/download";
import { type FigureFilter, figureCaption, figureFileName, isoDay } from "../../lib/figureCaption";
import { buildFigureSvg, figurePng, PNG_DPI } from "../../lib/figureExport";
import { siteConfig } from "../../site.config";
import { datasetNoticeQuery } from "../SampleDataNotice";
import "./figures.css";

interface FigureDownloadProps {
  /**
   * The chart: an element holding its <svg> (and any HTML labels marked data-figure-text /
   * data-figure-swatch), or the <svg> itself. Controls marked data-figure-ignore, and buttons, are left out.
   */
  target: RefObject<Element | null>;
  /** File name stem, e.g. 'icd11-chapters' (lower-cased and dashed). */
  name: string;
  /** What the figure shows, one sentence; the caption's first line. */
  title: string;
  /** The view's filters, stated in the caption. */
  filters?: readonly FigureFilter[];
  /** Further facts the caption must state (e.g. that some values are synthetic sample data). */
  notes?: readonly string[];
  testId?: string;
  /** Extra classes, e.g. 'is-block' for a right-aligned row of its own above the chart. */
  className?: string;
}

/** What a chart needs to offer its figure: everything but where it is drawn. */
export type FigureSpec = Omit<FigureDownloadProps, "target" | "testId" | "className">;

type Status = "idle" | "working" | "failed";
const FAILED_RESET_MS = 3000;

/**
 * 'Figure: SVG · PNG (300 dpi)': downloads the chart as a vector SVG or a 300-dpi PNG, with a caption
 * stating what it shows, the filters, the dataset release and how to cite the portal.
 */
export function FigureDownload({
  target,
  name,
  title,
  filters = [],
  notes,
  testId = "figure-download",
  className,
}: FigureDownloadProps) {
  // The release query is the one the sample-data notice of every page already made: answered from the cache.
  const { data } = useQuery(datasetNoticeQuery);
  const [status, setStatus] = useState<Status>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const download = async (format: "svg" | "png") => {
    const root = target.current;
    if (!root || status === "working") return;
    setStatus("working");
    try {
      const release = data?.datasetRelease ?? null;
      const caption = figureCaption({
        title,
        filters,
        notes,
        release: release && {
          name: release.name,
          version: release.version,
          hasSyntheticData: release.hasSyntheticData,
        },
        citation: siteConfig.citation ? publishedCitationText(siteConfig.citation) : null,
        productName: siteConfig.productName,
        pageUrl: window.location.href,
        accessed: isoDay(new Date()),
      });
      const figure = buildFigureSvg(root, caption);
      const blob =
        format === "svg"
          ? new Blob([figure.text], { type: "image/svg+xml" })
          : await figurePng(figure, PNG_DPI);
      saveBlob(blob, figureFileName(name, format));
      setStatus("idle");
    } catch (error) {
      console.error("Figure export failed:", error);
      setStatus("failed");
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setStatus("idle"), FAILED_RESET_MS);
    }
  };

  return (
    // A span: it sits inside figures, headings' toolbars and rows alike without taking a block slot.
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of two buttons, not a form field set
    <span
      className={`figure-download${className ? ` ${className}` : ""}`}
      role="group"
      aria-label="Download figure"
      data-testid={testId}
      data-figure-ignore
    >
      <span className="figure-download-label" aria-hidden="true">
        {status === "failed" ? "Export failed" : "Figure:"}
      </span>
      <button
        type="button"
        className="btn btn-small btn-secondary"
        onClick={() => void download("svg")}
        disabled={status === "working"}
        title="Download the chart as a vector SVG with its caption"
        data-testid={`${testId}-svg`}
      >
        SVG
      </button>
      <button
        type="button"
        className="btn btn-small btn-secondary"
        onClick={() => void download("png")}
        disabled={status === "working"}
        title={`Download the chart as a ${PNG_DPI}-dpi PNG with its caption`}
        data-testid={`${testId}-png`}
      >
        PNG {PNG_DPI} dpi
      </button>
    </span>
  );
}
