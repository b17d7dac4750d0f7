import { Link, useLocation } from "react-router-dom";
import { NOT_FOUND_DESCRIPTION, useDocumentTitle } from "../../hooks/useDocumentTitle";
import "./notFound.css";

export default function NotFoundPage() {
  useDocumentTitle("Page Not Found", NOT_FOUND_DESCRIPTION);
  const { pathname } = useLocation();
  return (
    <div className="page page-narrow not-found" data-testid="not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>Page Not Found</h1>
      <p>
        There is no page at <code>{pathname}</code>.
      </p>
      <p>
        <Link to="/" className="btn btn-primary">
          Go to the home page
        </Link>{" "}
        <Link to="/gene-search" className="btn btn-secondary">
          Search genes
        </Link>
      </p>
    </div>
  );
}
