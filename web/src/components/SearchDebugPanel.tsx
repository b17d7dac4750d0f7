import type { ReactNode } from "react";
import "./debugPanel.css";

export const DEBUG_FIRST_ITEMS = 3;
export const DEBUG_SAMPLE_IDS = 5;

interface SearchDebugPanelProps {
  title: string;
  /** The shown items (only the first 3 are printed). */
  items: readonly unknown[];
  /** Ids of the shown items (the first 5 are printed). */
  ids: readonly (string | number)[];
  facts?: { label: string; value: ReactNode }[];
  onClose: () => void;
}

/** Hidden panel (Ctrl+Shift+D) with the first 3 items and 5 sample ids of the results. */
export function SearchDebugPanel({ title, items, ids, facts = [], onClose }: SearchDebugPanelProps) {
  return (
    <section className="debug-panel" aria-label={`${title} debug panel`} data-testid="debug-panel">
      <header className="debug-header">
        <h2>Debug: {title}</h2>
        <button type="button" className="btn btn-ghost btn-small" onClick={onClose}>
          Close
        </button>
      </header>
      <dl className="debug-facts">
        {facts.map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
        <div>
          <dt>{DEBUG_SAMPLE_IDS} sample ids</dt>
          <dd className="mono" data-testid="debug-sample-ids">
            {ids.slice(0, DEBUG_SAMPLE_IDS).join(", ") || "—"}
          </dd>
        </div>
      </dl>
      <h3 className="small">First {DEBUG_FIRST_ITEMS} items</h3>
      <pre className="mono debug-json" data-testid="debug-first-items">
        {items.length === 0 ? "—" : JSON.stringify(items.slice(0, DEBUG_FIRST_ITEMS), null, 2)}
      </pre>
      <p className="muted small">Press Ctrl+Shift+D to hide this panel.</p>
    </section>
  );
}
