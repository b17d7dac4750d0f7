import { Link } from "react-router-dom";
import "./recordPage.css";

/** The way back from a record's own page to the screen that lists its kind: "Gene Search › DLG4". */
export function RecordBreadcrumb({ screen, to, current }: { screen: string; to: string; current: string }) {
  return (
    <nav className="record-breadcrumb" aria-label="Breadcrumb">
      <Link to={to}>{screen}</Link> <span aria-hidden="true">›</span>{" "}
      <span aria-current="page">{current}</span>
    </nav>
  );
}
