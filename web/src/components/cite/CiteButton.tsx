import { lazy } from "react";
import { DialogButton } from "../DialogButton";
import type { RecordRelease } from "../entity-search/recordRelease";

/** The dialog and the citation formats: fetched when a reader first asks to cite, not with the page. */
const CiteDialog = lazy(() => import("./CiteDialog"));

interface CiteButtonProps {
  /** What is cited, e.g. "DLG4"; absent: the release itself. */
  record?: string;
  /** The record's canonical path (/gene/DLG4); the citation's URL is this site's origin and it. */
  path: string;
  release: RecordRelease;
  testId?: string;
}

/**
 * 'Cite': opens a dialog with the citation of a record (or of the release) as text, BibTeX, RIS and
 * CSL-JSON, to copy or download. The citation is made when the dialog opens, in the browser (the
 * origin and the day it was read are the reader's), so the server's page holds only the button.
 */
export function CiteButton({ record, path, release, testId = "cite" }: CiteButtonProps) {
  return (
    <DialogButton
      // Two quotation marks.
      icon="M8.5 5C6 6 4.5 8 4.5 10.5V14h4v-3.5h-4M15.5 5C13 6 11.5 8 11.5 10.5V14h4v-3.5h-4"
      label="Cite"
      className="btn"
      testId={testId}
      dialog={(onClosed) => (
        <CiteDialog record={record} path={path} release={release} testId={testId} onClosed={onClosed} />
      )}
    />
  );
}
