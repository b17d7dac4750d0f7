import type { ReactNode } from "react";
import "./recordPage.css";

/**
 * The header of a record's page that is not a search card (a brain region, an ICD-11 chapter, a
 * compartment): its heading and lines, with the record's controls (Cite) beside them, below them on a phone.
 */
export function RecordHeader({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <header className="page-header record-header">
      <div className="record-header-text">{children}</div>
      {actions && <div className="record-header-actions">{actions}</div>}
    </header>
  );
}
