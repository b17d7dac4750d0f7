// Monaco's workers must be registered before GraphiQL creates its editors.
import "./monacoWorkers";
// This screen's styles, before GraphiQL's: GraphiQL's own rules still win a tie, as when these were global.
import "./explorer.css";
// GraphiQL's own styles; Monaco's come with its modules. (graphiql/style.css would add a
// second copy of Monaco's CSS and ~360 kB of inlined Roboto/Fira Code fonts.)
import "@graphiql/react/style.css";
import "@graphiql/plugin-doc-explorer/style.css";
import "@graphiql/plugin-history/style.css";
import "graphiql/graphiql.css";
import { useGraphiQL, useGraphiQLActions } from "@graphiql/react";
import { createGraphiQLFetcher, type Fetcher } from "@graphiql/toolkit";
import { GraphiQL } from "graphiql";
import { buildSchema } from "graphql";
import { useEffect, useMemo, useRef, useState } from "react";
// The SDL this build was generated from (the same file codegen reads; a test keeps it equal to the server's).
import sdl from "../../../../schema/schema.graphql?raw";
import { useAddressParams } from "../../hooks/useAddress";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { parseExplorerSearch } from "../../lib/explorerLink";
import {
  EXAMPLES,
  type ExplorerExample,
  exampleOperationName,
  exampleVariablesText,
  openingEditors,
} from "./examples";
import { explorerStorage } from "./explorerStorage";
import { operationToRun } from "./operationToRun";
import { plainSessionTabs } from "./sessionTabs";

const send = createGraphiQLFetcher({ url: "/graphql" });

const fetcher: Fetcher = (params, options) =>
  send({ ...params, operationName: operationToRun(params.query, params.operationName) }, options);

/** The docs and autocompletion use the bundled SDL instead of an introspection request: no round trip. */
const schema = buildSchema(sdl);

interface PendingExample {
  example: ExplorerExample;
  /** Changes on every click, so choosing the same example again reloads it. */
  seq: number;
}

/**
 * Puts a chosen example into GraphiQL's query and variables editors. Rendered
 * inside GraphiQL (for its store); waits until Monaco has created the editors.
 */
function ExampleLoader({ pending }: { pending: PendingExample | null }) {
  const queryEditor = useGraphiQL((state) => state.queryEditor);
  const variableEditor = useGraphiQL((state) => state.variableEditor);
  const { setOperationName } = useGraphiQLActions();
  useEffect(() => {
    if (!pending || !queryEditor || !variableEditor) return;
    queryEditor.setValue(pending.example.query);
    variableEditor.setValue(exampleVariablesText(pending.example));
    // GraphiQL re-reads the operation name after a debounce; a run before it would send the old name.
    setOperationName(exampleOperationName(pending.example));
    queryEditor.focus();
  }, [pending, queryEditor, variableEditor, setOperationName]);
  return null;
}

/**
 * The GraphQL explorer: bundled GraphiQL (Monaco editors, workers from this
 * origin) on the public /graphql endpoint, with example queries beside it.
 * `?query=...&variables=...` preloads a query (the 'Open in explorer' links).
 */
export default function ExplorerPage() {
  useDocumentTitle(
    "GraphQL Explorer",
    "Write and run GraphQL queries against the portal's public API in the browser, from example queries, with every type and field documented.",
  );
  const [params] = useAddressParams();
  const opening = useMemo(() => openingEditors(parseExplorerSearch(params)), [params]);
  const [pending, setPending] = useState<PendingExample | null>(null);
  const graphiqlRef = useRef<HTMLDivElement>(null);
  useEffect(() => (graphiqlRef.current ? plainSessionTabs(graphiqlRef.current) : undefined), []);

  const choose = (example: ExplorerExample) =>
    setPending((current) => ({ example, seq: (current?.seq ?? 0) + 1 }));

  return (
    <div className="page explorer-page" data-testid="explorer-page">
      <header className="page-header explorer-header">
        <h1>GraphQL Explorer</h1>
        <p className="page-subtitle">
          Query the public API at <code>/graphql</code>: pick an example or write your own, then run it (the ▶
          button, or Ctrl+Enter). GraphiQL's book button opens the documentation of every type and field.
        </p>
        <p className="explorer-narrow-note" role="note" data-testid="explorer-narrow-note">
          The explorer is made for a wider screen: here the editor shows a few words per line. You can still
          pick an example, run it and read the result below the editor.
        </p>
      </header>
      <div className="explorer-layout">
        <nav className="explorer-examples" aria-labelledby="explorer-examples-title">
          <h2 id="explorer-examples-title" className="explorer-examples-title">
            Example queries
          </h2>
          <ul className="explorer-example-list" data-testid="explorer-examples">
            {EXAMPLES.map((example) => (
              <li key={example.id}>
                <button
                  type="button"
                  className="explorer-example"
                  aria-pressed={pending?.example.id === example.id}
                  onClick={() => choose(example)}
                  data-testid={`example-${example.id}`}
                >
                  <span className="explorer-example-title">{example.title}</span>
                  <span className="explorer-example-summary">{example.summary}</span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className="explorer-graphiql" data-testid="graphiql" ref={graphiqlRef}>
          <GraphiQL
            // A new deep link (same route, new address) starts a new GraphiQL with it.
            key={params.toString()}
            fetcher={fetcher}
            schema={schema}
            initialQuery={opening.query}
            initialVariables={opening.variables}
            defaultEditorToolsVisibility="variables"
            // No visiblePlugin: the documentation opens on demand (its button in GraphiQL's sidebar),
            // so that the editor and the result have the width.
            shouldPersistHeaders={false}
            storage={explorerStorage}
          >
            <ExampleLoader pending={pending} />
          </GraphiQL>
        </div>
      </div>
    </div>
  );
}
