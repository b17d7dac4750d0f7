import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import "./notFound.css";

/**
 * The gateway's answer (HTTP 414) to a page address longer than it accepts: a static page in the
 * portal's frame, without the app's scripts (the address itself is what cannot be served). Built once
 * by web/scripts/prerender.mjs into dist/status/414.html; plain links lead back.
 */
export default function UriTooLongPage() {
  useDocumentTitle(
    "Address Too Long",
    "The address of this page is longer than the portal accepts: search terms are limited in length, so start again from a search page.",
  );
  return (
    <div className="page page-narrow not-found" data-testid="uri-too-long">
      <p className="not-found-code" aria-hidden="true">
        414
      </p>
      <h1>Address Too Long</h1>
      <p>
        The address of this page is longer than the portal accepts. Search terms are at most 200 characters:
        start again from a search page.
      </p>
      <p>
        <a href="/" className="btn btn-primary">
          Go to the home page
        </a>{" "}
        <a href="/gene-search" className="btn btn-secondary">
          Search genes
        </a>
      </p>
    </div>
  );
}
