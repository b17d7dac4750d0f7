import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { Spinner } from "../../components/Spinner";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { useSiteOrigin } from "../../hooks/useHydrating";
import {
  ALL_CATEGORY,
  API_CATEGORIES,
  type ApiEndpoint,
  categoryCounts,
  endpointsFromOpenApi,
  filterEndpoints,
  type OpenApiDocumentLike,
  showingText,
} from "../../lib/apiCatalog";
import { EXPLORER_PATH } from "../../lib/explorerLink";
import { ContractNotes } from "./ContractNotes";
import { EndpointCard } from "./EndpointCard";
import "./documentation.css";
import { SearchField } from "../../components/SearchField";

export const OPENAPI_PATH = "/api/openapi.json";

type Load =
  | { state: "loading" }
  | { state: "ready"; endpoints: ApiEndpoint[] }
  | { state: "failed"; message: string };

/** The REST API catalogue, generated from the gateway's OpenAPI document. */
export default function DocumentationPage() {
  useDocumentTitle(
    "API Documentation",
    "Every REST endpoint of the portal's public API, from its OpenAPI document, with parameters, answers and CSV columns, filtered by category or text.",
  );
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [text, setText] = useState("");
  const [category, setCategory] = useState(ALL_CATEGORY);

  useEffect(() => {
    const controller = new AbortController();
    fetch(OPENAPI_PATH, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`The API description answered ${response.status}`);
        const doc = (await response.json()) as OpenApiDocumentLike;
        setLoad({ state: "ready", endpoints: endpointsFromOpenApi(doc) });
      })
      .catch((error: Error) => {
        if (!controller.signal.aborted) setLoad({ state: "failed", message: error.message });
      });
    return () => controller.abort();
  }, []);

  const endpoints = load.state === "ready" ? load.endpoints : [];
  const counts = useMemo(() => categoryCounts(endpoints), [endpoints]);
  const shown = useMemo(() => filterEndpoints(endpoints, text, category), [endpoints, text, category]);
  const origin = useSiteOrigin();
  const clear = () => {
    setText("");
    setCategory(ALL_CATEGORY);
  };

  return (
    <div className="page" data-testid="documentation-page">
      <header className="page-header">
        <h1>API Documentation</h1>
        <p className="page-subtitle">
          Every REST endpoint of the portal, generated from its{" "}
          <a href={OPENAPI_PATH} data-testid="openapi-link">
            OpenAPI document
          </a>
          . The same data is available through GraphQL: try queries in the{" "}
          <Link to={EXPLORER_PATH} data-testid="explorer-link">
            GraphQL explorer
          </Link>
          .
        </p>
      </header>

      <div className="api-notes">
        <div className="notice-box">
          <p>
            <strong>Base URL:</strong> <code data-testid="api-base-url">{origin}</code>. Paths below are
            relative to it.
          </p>
        </div>
        <div className="notice-box">
          <p>
            <strong>Response format:</strong> most endpoints return JSON{" "}
            <code>{"{ success, message, data }"}</code> (lists add <code>pagination</code>); errors return{" "}
            <code>{"{ success: false, message }"}</code> with status 400 or 404. CSV endpoints download a file
            named with the dataset version; some categories hold both kinds.
          </p>
        </div>
        <ContractNotes />
      </div>

      {load.state === "loading" && <Spinner label="Loading the API description..." />}
      {load.state === "failed" && (
        <p className="error-text" role="alert">
          Error: {load.message}
        </p>
      )}

      {load.state === "ready" && (
        <div className="api-layout">
          <aside className="api-sidebar" aria-label="Endpoint filters">
            <SearchField
              label="Filter endpoints"
              className="api-filter"
              placeholder="Filter endpoints..."
              value={text}
              onChange={(event) => setText(event.target.value)}
              data-testid="api-filter"
            />
            <h2 className="api-sidebar-heading">Categories</h2>
            <ul className="api-categories" data-testid="api-categories">
              {API_CATEGORIES.map((c) => (
                <li key={c.key}>
                  <button
                    type="button"
                    className={`api-category${category === c.key ? " is-active" : ""}`}
                    aria-pressed={category === c.key}
                    onClick={() => setCategory(c.key)}
                    data-testid="api-category"
                    data-category={c.key}
                  >
                    <span>{c.label}</span>
                    <span className="api-count" data-testid="api-category-count">
                      {counts.get(c.key) ?? 0}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </aside>

          <section aria-labelledby="api-endpoints-heading">
            <h2 id="api-endpoints-heading" className="visually-hidden">
              Endpoints
            </h2>
            <p className="api-showing" aria-live="polite" data-testid="api-showing">
              {showingText(shown.length, endpoints.length, text)}
            </p>
            {shown.length === 0 ? (
              <div className="notice-box api-empty" data-testid="api-empty">
                <p>No endpoints found matching your criteria.</p>
                <button type="button" className="btn btn-secondary" onClick={clear} data-testid="api-clear">
                  Clear filters
                </button>
              </div>
            ) : (
              <ul className="api-cards">
                {shown.map((endpoint) => (
                  <EndpointCard key={endpoint.id} endpoint={endpoint} />
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
