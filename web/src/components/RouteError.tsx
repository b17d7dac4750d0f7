import { isRouteErrorResponse, Link, useRouteError } from "react-router-dom";
import { useDocumentTitle } from "../hooks/useDocumentTitle";

/** Router error page: 'Unexpected Application Error!' with the status or message. */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle(
    "Unexpected Application Error!",
    "The portal met an unexpected error while showing this page: reload it, or go back to the home page.",
  );
  let detail: string;
  if (isRouteErrorResponse(error)) detail = `${error.status} ${error.statusText}`.trim();
  else if (error instanceof Error) detail = error.message;
  else detail = String(error ?? "Unknown error");
  return (
    <div className="page page-narrow" role="alert" data-testid="route-error">
      <h1>Unexpected Application Error!</h1>
      <p className="error-text">{detail}</p>
      <p>
        <button type="button" className="btn btn-secondary" onClick={() => window.location.reload()}>
          Reload the page
        </button>{" "}
        <Link to="/" className="btn btn-ghost">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
