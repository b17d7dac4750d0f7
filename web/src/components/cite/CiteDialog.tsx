import { useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import {
  CITATION_FORMATS,
  type CitationFormat,
  citationFileName,
  citationFormats,
  citationOf,
} from "../../../../schema/citation";
import { isoDay } from "../../lib/figureCaption";
import { siteConfig } from "../../site.config";
import { CopyButton } from "../CopyButton";
import { DownloadButton } from "../DownloadButton";
import type { RecordRelease } from "../entity-search/recordRelease";
import { Tabs, tabId, tabPanelId } from "../Tabs";
import "../codeBlock.css";
import "../dialog.css";
import "./cite.css";

export interface CiteDialogProps {
  /** What is cited, e.g. "DLG4"; absent: the release itself. */
  record?: string;
  /** The record's canonical path (/gene/DLG4); the citation's URL is this site's origin and it. */
  path: string;
  release: RecordRelease;
  testId: string;
  /** Called once the dialog has closed (its close button, Escape, or a click on the backdrop). */
  onClosed: () => void;
}

/**
 * The Cite dialog, shown as a modal as soon as it is drawn (focus moves into it, Escape closes it): the
 * citation in each format, to copy or download. Made as it opens, with this origin and today's date.
 */
export default function CiteDialog({ record, path, release, testId, onClosed }: CiteDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const formatTabs = `${headingId}-format`;
  const [format, setFormat] = useState<CitationFormat>("text");
  const [citation] = useState(() => {
    const input = citationOf(
      { record: record ?? null, url: `${window.location.origin}${path}`, accessed: isoDay(new Date()) },
      {
        portalName: siteConfig.productName,
        version: release.version,
        date: release.date,
        sample: release.sample,
      },
    );
    return { input, formats: citationFormats(input) };
  });

  useEffect(() => {
    if (!dialogRef.current?.open) dialogRef.current?.showModal();
  }, []);

  const close = () => dialogRef.current?.close();
  const shown = CITATION_FORMATS.find((f) => f.key === format)!;
  const text = citation.formats[format];

  // In the body, not in the card: the card's styles (its tab row) are not the dialog's.
  return createPortal(
    <dialog
      ref={dialogRef}
      className="cite-dialog"
      aria-labelledby={headingId}
      data-testid={`${testId}-dialog`}
      onClose={onClosed}
      // A click on the backdrop (the dialog element itself) closes it.
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      // Keys stay in the dialog (a card's own shortcuts do not see them).
      onKeyDown={(event) => event.stopPropagation()}
    >
      <div className="cite-dialog-body">
        <header className="cite-dialog-header">
          <h2 id={headingId}>{record ? `Cite ${record}` : `Cite release ${release.version}`}</h2>
          <button type="button" className="btn btn-ghost btn-small" onClick={close} aria-label="Close">
            ✕
          </button>
        </header>
        <p className="cite-dialog-facts" data-testid={`${testId}-facts`}>
          {`${siteConfig.productName} release ${release.version} of ${release.date}`}
          {release.sample && ", a sample dataset with synthetic rows"}
          {`; accessed ${citation.input.accessed}.`}
        </p>
        <Tabs
          idPrefix={formatTabs}
          label="Citation format"
          items={CITATION_FORMATS.map((f) => ({
            key: f.key,
            label: f.label,
            testId: `${testId}-format-${f.key}`,
          }))}
          active={format}
          onSelect={setFormat}
        />
        <pre
          className="api-code cite-code"
          role="tabpanel"
          id={tabPanelId(formatTabs, format)}
          aria-labelledby={tabId(formatTabs, format)}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel, and a scrollable region, is reachable by keyboard
          tabIndex={0}
          data-testid={`${testId}-text`}
          data-format={format}
        >
          <code>{text}</code>
        </pre>
        <div className="cite-dialog-actions">
          <CopyButton text={text} label={`Copy ${shown.label}`} testId={`${testId}-copy`} />
          <DownloadButton
            file={{ content: text, type: shown.mediaType, name: citationFileName(citation.input, format) }}
            label={`Download .${shown.extension}`}
            testId={`${testId}-download`}
          />
        </div>
      </div>
    </dialog>,
    document.body,
  );
}
