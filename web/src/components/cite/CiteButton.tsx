import { useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import {
  CITATION_FORMATS,
  type CitationFormat,
  type CitationInput,
  citationFileName,
  citationFormats,
  citationOf,
} from "../../../../schema/citation";
import { isoDay } from "../../lib/figureCaption";
import { siteConfig } from "../../site.config";
import { ButtonIcon } from "../ButtonIcon";
import { CopyButton } from "../CopyButton";
import { DownloadButton } from "../DownloadButton";
import type { RecordRelease } from "../entity-search/recordRelease";
import { Tabs, tabId, tabPanelId } from "../Tabs";
import "../codeBlock.css";
import "../dialog.css";
import "./cite.css";

interface CiteButtonProps {
  /** What is cited, e.g. "DLG4"; absent: the release itself. */
  record?: string;
  /** The record's canonical path (/gene/DLG4); the citation's URL is this site's origin and it. */
  path: string;
  release: RecordRelease;
  testId?: string;
}

/** A citation as it was made when the dialog opened: its input and every format's text. */
interface Opened {
  input: CitationInput;
  formats: Record<CitationFormat, string>;
}

/**
 * 'Cite': a dialog with the citation of a record (or of the release) as text, BibTeX, RIS and CSL-JSON,
 * to copy or download. The citation is made when the dialog opens, in the browser (the origin and the
 * day it was read are the reader's), so the server's page holds only the button.
 */
export function CiteButton({ record, path, release, testId = "cite" }: CiteButtonProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const formatTabs = `${headingId}-format`;
  const [opened, setOpened] = useState<Opened | null>(null);
  const [format, setFormat] = useState<CitationFormat>("text");

  // The dialog is drawn once opened: shown as a modal then (focus moves into it, Escape closes it).
  useEffect(() => {
    if (opened && !dialogRef.current?.open) dialogRef.current?.showModal();
  }, [opened]);

  const open = () => {
    const input = citationOf(
      { record: record ?? null, url: `${window.location.origin}${path}`, accessed: isoDay(new Date()) },
      {
        portalName: siteConfig.productName,
        version: release.version,
        date: release.date,
        sample: release.sample,
      },
    );
    setOpened({ input, formats: citationFormats(input) });
  };
  const close = () => dialogRef.current?.close();
  // However it closed (the button, Escape, the backdrop), focus goes back to the Cite button.
  const onClosed = () => {
    setOpened(null);
    buttonRef.current?.focus();
  };

  const shown = CITATION_FORMATS.find((f) => f.key === format)!;
  const heading = record ? `Cite ${record}` : `Cite release ${release.version}`;

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="btn"
        onClick={(event) => {
          event.stopPropagation();
          open();
        }}
        aria-haspopup="dialog"
        data-testid={testId}
      >
        {/* Two quotation marks. */}
        <ButtonIcon path="M8.5 5C6 6 4.5 8 4.5 10.5V14h4v-3.5h-4M15.5 5C13 6 11.5 8 11.5 10.5V14h4v-3.5h-4" />
        <span>Cite</span>
      </button>
      {/* In the body, not in the card: the card's styles (its tab row) are not the dialog's. */}
      {opened &&
        createPortal(
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
                <h2 id={headingId}>{heading}</h2>
                <button type="button" className="btn btn-ghost btn-small" onClick={close} aria-label="Close">
                  ✕
                </button>
              </header>
              <p className="cite-dialog-facts" data-testid={`${testId}-facts`}>
                {siteConfig.productName} release {release.version} of {release.date}
                {release.sample && ", a sample dataset with synthetic rows"}; accessed {opened.input.accessed}
                .
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
                <code>{opened.formats[format]}</code>
              </pre>
              <div className="cite-dialog-actions">
                <CopyButton
                  text={opened.formats[format]}
                  label={`Copy ${shown.label}`}
                  testId={`${testId}-copy`}
                />
                <DownloadButton
                  file={{
                    content: opened.formats[format],
                    type: shown.mediaType,
                    name: citationFileName(opened.input, format),
                  }}
                  label={`Download .${shown.extension}`}
                  testId={`${testId}-download`}
                />
              </div>
            </div>
          </dialog>,
          document.body,
        )}
    </>
  );
}
