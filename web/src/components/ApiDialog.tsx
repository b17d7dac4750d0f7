import { type DocumentNode, print } from "graphql";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { useSiteOrigin } from "../hooks/useHydrating";
import { explorerHref, variablesText } from "../lib/explorerLink";
import { SNIPPET_LANGUAGES, type SnippetLanguage, snippets } from "../lib/snippets";
import { CopyButton } from "./CopyButton";
import { Tabs, tabId, tabPanelId } from "./Tabs";
import "./codeBlock.css";
import "./dialog.css";
import "./apiButton.css";

/** The request behind a table, as its API button shows it. */
export interface ApiRequest {
  /** The very document the table executes (printed here, so the two cannot drift). */
  document: DocumentNode;
  /** The variables the table passes with it. */
  variables?: Record<string, unknown>;
  /** The equivalent path of the REST API, e.g. /api/gene/1/tab/diseases. */
  restUrl: string;
  /** The JSON body (as text) when the REST path is a POST, e.g. /api/analyze's gene list. */
  restBody?: string;
  /** What the table shows, for the dialog heading, e.g. 'DLG4 diseases'. */
  title: string;
}

export interface ApiDialogProps extends ApiRequest {
  testId: string;
  /** Called once the dialog has closed (its close button, Escape, or a click on the backdrop). */
  onClosed: () => void;
}

/**
 * The API dialog of a table, shown as a modal as soon as it is drawn: the GraphQL query and variables
 * behind the table, a link that opens them in the explorer, the equivalent REST URL and the same
 * request as code. Drawn only while open, so a page holds none of it until a reader asks.
 */
export default function ApiDialog({
  document: queryDocument,
  variables,
  restUrl,
  restBody,
  title,
  testId,
  onClosed,
}: ApiDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const query = useMemo(() => print(queryDocument), [queryDocument]);
  const vars = variablesText(variables);
  const origin = useSiteOrigin();
  const rest = `${origin}${restUrl}`;
  const [language, setLanguage] = useState<SnippetLanguage>("curl");
  const code = useMemo(
    () =>
      snippets({
        origin,
        restUrl,
        restBody: restBody ? (JSON.parse(restBody) as unknown) : undefined,
        query,
        variables,
      }),
    [origin, restUrl, restBody, query, variables],
  );
  const codeTabs = `${headingId}-code`;

  useEffect(() => {
    if (!dialogRef.current?.open) dialogRef.current?.showModal();
  }, []);

  const close = () => dialogRef.current?.close();

  return (
    <dialog
      ref={dialogRef}
      className="api-dialog"
      aria-labelledby={headingId}
      data-testid={`${testId}-dialog`}
      // A click on the backdrop (the dialog element itself) closes it.
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      onClose={onClosed}
      // Keys stay in the dialog (a card's own shortcuts do not see them).
      onKeyDown={(event) => event.stopPropagation()}
    >
      <div className="api-dialog-body">
        <header className="api-dialog-header">
          <h2 id={headingId}>API: {title}</h2>
          <button type="button" className="btn btn-ghost btn-small" onClick={close} aria-label="Close">
            ✕
          </button>
        </header>
        <section className="api-dialog-section" aria-label="GraphQL">
          <div className="api-dialog-section-head">
            <h3>GraphQL query</h3>
            <span className="api-dialog-actions">
              <CopyButton text={query} label="Copy query" testId={`${testId}-copy-query`} />
              <Link
                className="btn btn-primary"
                to={explorerHref(query, variables)}
                data-testid={`${testId}-open-explorer`}
              >
                Open in explorer
              </Link>
            </span>
          </div>
          <p className="muted small">
            POST to <code>/graphql</code> with this query and variables.
          </p>
          <pre className="api-code" data-testid={`${testId}-query`}>
            <code>{query}</code>
          </pre>
          {vars && (
            <>
              <h4>Variables</h4>
              <pre className="api-code" data-testid={`${testId}-variables`}>
                <code>{vars}</code>
              </pre>
            </>
          )}
        </section>
        <section className="api-dialog-section" aria-label="REST">
          <h3>REST</h3>
          <div className="api-rest">
            <code className="api-rest-url" data-testid={`${testId}-rest-url`}>
              {restBody ? "POST" : "GET"} {rest}
            </code>
            <CopyButton text={rest} label="Copy URL" testId={`${testId}-copy-rest`} />
          </div>
        </section>
        <section className="api-dialog-section" aria-label="Code" data-testid={`${testId}-snippets`}>
          <div className="api-dialog-section-head">
            <h3>Code</h3>
            <CopyButton text={code[language]} label="Copy code" testId={`${testId}-copy-snippet`} />
          </div>
          <p className="muted small">
            The same request{!restBody ? ", with the table's current filters," : ""} from a script.
          </p>
          <Tabs
            idPrefix={codeTabs}
            items={SNIPPET_LANGUAGES.map((l) => ({
              key: l.key,
              label: l.label,
              testId: `${testId}-lang-${l.key}`,
            }))}
            active={language}
            onSelect={setLanguage}
            label="Language"
          />
          <pre
            className="api-code"
            role="tabpanel"
            id={tabPanelId(codeTabs, language)}
            aria-labelledby={tabId(codeTabs, language)}
            data-testid={`${testId}-snippet`}
            data-language={language}
          >
            <code>{code[language]}</code>
          </pre>
        </section>
      </div>
    </dialog>
  );
}
