import { useId, useState } from "react";
import { DownloadButton } from "../../components/DownloadButton";
import { Spinner } from "../../components/Spinner";
import { type ApiEndpoint, actionLabel, buildRequestBody, buildRequestUrl } from "../../lib/apiCatalog";
import { CsvColumns } from "./CsvColumns";

type Live =
  | { state: "idle" }
  | { state: "running" }
  | { state: "done"; status: number; url: string; body: string }
  | { state: "failed"; message: string };

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** One endpoint: summary line, and when expanded its parameters, responses and a live call. */
export function EndpointCard({ endpoint }: { endpoint: ApiEndpoint }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const [live, setLive] = useState<Live>({ state: "idle" });
  const bodyId = useId();
  const label = actionLabel(endpoint);
  const bodyNames = new Set(endpoint.parameters.filter((p) => p.in === "body").map((p) => p.name));
  const url = buildRequestUrl(endpoint.path, values, bodyNames);

  const execute = async () => {
    setLive({ state: "running" });
    try {
      const init: RequestInit = { method: endpoint.method, headers: { Accept: "application/json" } };
      if (endpoint.method !== "GET") {
        init.headers = { Accept: "application/json", "Content-Type": "application/json" };
        init.body = JSON.stringify(buildRequestBody(endpoint.parameters, values));
      }
      const response = await fetch(url, init);
      const text = await response.text();
      setLive({ state: "done", status: response.status, url, body: pretty(text) });
    } catch (error) {
      setLive({ state: "failed", message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <li
      className={`api-card${open ? " is-open" : ""}`}
      data-testid="api-endpoint"
      data-endpoint={endpoint.id}
    >
      <h3 className="api-card-head">
        <button
          type="button"
          className="api-card-toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
          data-testid="api-endpoint-toggle"
        >
          <span className={`api-method api-method-${endpoint.method.toLowerCase()}`}>{endpoint.method}</span>
          <code className="api-path" data-testid="api-endpoint-path">
            {endpoint.path}
          </code>
          <span className="api-card-desc">{endpoint.description}</span>
          <span className="api-category-tag">{endpoint.category}</span>
          <span className="api-chevron" aria-hidden="true">
            ▾
          </span>
        </button>
      </h3>
      {open && (
        <div className="api-card-body" id={bodyId}>
          <h4>Parameters</h4>
          {endpoint.parameters.length === 0 ? (
            <p className="muted">No parameters.</p>
          ) : (
            <div className="table-wrap">
              <table className="data-table is-compact api-params" data-testid="api-params">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Type</th>
                    <th scope="col">Description</th>
                    <th scope="col">Required</th>
                    <th scope="col">Value</th>
                  </tr>
                </thead>
                <tbody>
                  {endpoint.parameters.map((p) => {
                    const inputId = `${bodyId}-${p.name}`;
                    return (
                      <tr key={`${p.in}-${p.name}`}>
                        <td data-label="Name">
                          <code>{p.name}</code> <span className="muted api-in">({p.in})</span>
                        </td>
                        <td data-label="Type">
                          {p.type}
                          {p.enum && <div className="muted api-enum">one of: {p.enum.join(", ")}</div>}
                        </td>
                        <td data-label="Description">
                          {p.description}
                          {p.default !== undefined && <div className="muted">Default: {p.default}</div>}
                        </td>
                        <td data-label="Required">{p.required ? "Yes" : "No"}</td>
                        <td data-label="Value">
                          <label className="visually-hidden" htmlFor={inputId}>
                            Value of {p.name}
                          </label>
                          <input
                            id={inputId}
                            className="api-input"
                            type="text"
                            value={values[p.name] ?? ""}
                            placeholder={p.default ?? (p.enum ? p.enum[0] : p.name)}
                            onChange={(event) => setValues((v) => ({ ...v, [p.name]: event.target.value }))}
                            data-testid={`api-param-${p.name}`}
                          />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}

          <h4>Responses</h4>
          <div className="table-wrap">
            <table className="data-table is-compact" data-testid="api-responses">
              <thead>
                <tr>
                  <th scope="col">Status</th>
                  <th scope="col">Description</th>
                </tr>
              </thead>
              <tbody>
                {endpoint.responses.map((r) => (
                  <tr key={r.status}>
                    <td data-label="Status">
                      <code>{r.status}</code>
                    </td>
                    <td data-label="Description">{r.description}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <CsvColumns endpoint={endpoint} />
          <div className="api-run">
            <code className="api-request-url" data-testid="api-request-url">
              {endpoint.method} {url}
            </code>
            {label !== "Execute API" ? (
              <DownloadButton url={url} label={label} testId="api-download" />
            ) : (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => void execute()}
                disabled={live.state === "running"}
                data-testid="api-execute"
              >
                {live.state === "running" ? "Executing..." : "Execute API"}
              </button>
            )}
          </div>
          {live.state === "running" && <Spinner label="Executing..." />}
          {live.state === "failed" && (
            <p className="error-text" role="alert" data-testid="api-error">
              Error: {live.message}
            </p>
          )}
          {live.state === "done" && (
            <section aria-label="Live API Response">
              <h4>
                Live API Response <span className="muted">(HTTP {live.status})</span>
              </h4>
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
              <pre className="api-live-body" tabIndex={0} data-testid="api-live-response">
                {live.body}
              </pre>
            </section>
          )}
        </div>
      )}
    </li>
  );
}
