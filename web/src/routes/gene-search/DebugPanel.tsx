import { consensusKey, formatCount } from "../../lib/format";
import type { SearchGene } from "./geneSearch.queries";
import "../../components/debugPanel.css";

interface DebugPanelProps {
  consensusIds: readonly string[] | undefined;
  consensusSet: ReadonlySet<string>;
  consensusError: string | undefined;
  genes: readonly SearchGene[];
  onClose: () => void;
}

/** Hidden panel about consensus matching (Ctrl+Shift+D). */
export function DebugPanel({ consensusIds, consensusSet, consensusError, genes, onClose }: DebugPanelProps) {
  return (
    <section className="debug-panel" aria-label="Consensus matching debug panel" data-testid="debug-panel">
      <header className="debug-header">
        <h2>Debug: consensus matching</h2>
        <button type="button" className="btn btn-ghost btn-small" onClick={onClose}>
          Close
        </button>
      </header>
      {consensusError && <p className="error-text">Failed to load consensus genes: {consensusError}</p>}
      <dl className="debug-facts">
        <div>
          <dt>Consensus list size</dt>
          <dd data-testid="debug-consensus-size">
            {consensusIds ? formatCount(consensusIds.length) : "loading..."}
          </dd>
        </div>
        <div>
          <dt>5 sample ids</dt>
          <dd className="mono">
            {consensusIds ? consensusIds.slice(0, 5).map(consensusKey).join(", ") || "—" : "—"}
          </dd>
        </div>
        <div>
          <dt>First 3 items</dt>
          <dd className="mono">
            {genes.length === 0
              ? "—"
              : genes
                  .slice(0, 3)
                  .map(
                    (gene) =>
                      `${gene.humanName} (id ${gene.id}, entrez ${consensusKey(gene.humanEntrez) || "—"})`,
                  )
                  .join("; ")}
          </dd>
        </div>
      </dl>
      {genes.length > 0 && (
        <div className="table-wrap">
          <table className="data-table is-compact">
            <thead>
              <tr>
                <th scope="col">Gene</th>
                <th scope="col">humanEntrez (trimmed string)</th>
                <th scope="col">In consensus list</th>
                <th scope="col">isConsensus (server)</th>
              </tr>
            </thead>
            <tbody>
              {genes.map((gene) => {
                const key = consensusKey(gene.humanEntrez);
                return (
                  <tr key={gene.id}>
                    <td>
                      <em>{gene.humanName}</em>
                    </td>
                    <td className="mono">"{key}"</td>
                    <td>{key && consensusSet.has(key) ? "yes" : "no"}</td>
                    <td>{gene.isConsensus ? "yes" : "no"}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <p className="muted small">Press Ctrl+Shift+D to hide this panel.</p>
    </section>
  );
}
