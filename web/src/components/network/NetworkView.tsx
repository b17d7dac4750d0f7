import { useQuery } from "@apollo/client/react";
import { useId, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import type { NetworkMode } from "../../gql/graphql";
import { useMediaQuery } from "../../hooks/useMediaQuery";
import { describeError } from "../../lib/errors";
import { formatCount } from "../../lib/format";
import { countOf, plural } from "../../lib/plural";
import { ApiButton } from "../ApiButton";
import { DownloadButton } from "../DownloadButton";
import { FigureDownload } from "../figures/FigureDownload";
import { Pager } from "../Pager";
import { Spinner } from "../Spinner";
import { type GraphNode, NETWORK_COLOURS, NetworkGraph } from "./NetworkGraph";
import {
  DEFAULT_NETWORK_MODE,
  geneNetworkQuery,
  type NetworkSource,
  networkRequest,
} from "./network.queries";
import "./network.css";
import { geneAddress } from "../../lib/links";
import { SectionHeading } from "../SectionHeading";

const EDGE_PAGE_SIZE = 25;

function restQuery(source: NetworkSource, mode: NetworkMode): string {
  const params = new URLSearchParams();
  if (source.geneIds) params.set("geneIds", source.geneIds.join(","));
  if (source.compartment) params.set("compartment", source.compartment);
  params.set("mode", mode.toLowerCase());
  return params.toString();
}

/** The legend: colour and shape together, so no cue depends on colour alone. */
export { NETWORK_COLOURS };

export function NetworkLegend() {
  return (
    <ul className="network-legend" aria-label="Legend" data-testid="network-legend">
      <li>
        <svg width="16" height="16" aria-hidden="true">
          <rect
            x="3.5"
            y="3.5"
            width="9"
            height="9"
            transform="rotate(45 8 8)"
            fill={NETWORK_COLOURS.disease}
          />
        </svg>
        <span data-figure-text>Disease gene (diamond)</span>
      </li>
      <li>
        <svg width="16" height="16" aria-hidden="true">
          <circle cx="8" cy="8" r="5.5" fill={NETWORK_COLOURS.other} />
        </svg>
        <span data-figure-text>No disease association (circle)</span>
      </li>
      <li>
        <svg width="16" height="16" aria-hidden="true">
          <circle
            cx="8"
            cy="8"
            r="5"
            fill="#ffffff"
            stroke={NETWORK_COLOURS.consensusRing}
            strokeWidth="2.5"
          />
        </svg>
        <span data-figure-text>Consensus gene (black ring)</span>
      </li>
      <li>
        <svg width="16" height="16" aria-hidden="true">
          <circle cx="8" cy="8" r="7" fill="#9aa6b2" />
        </svg>
        <span data-figure-text>Larger, labelled: the given genes</span>
      </li>
    </ul>
  );
}

/**
 * A protein interaction network from the dataset's PPI table: induced (the genes and all their
 * partners) or limited (interactions among the genes only), drawn by NetworkGraph (d3-force layout),
 * with the same network as an edge table beside it, and CSV / GraphML downloads of the whole network.
 */
export function NetworkView({
  source,
  title,
  defaultMode = DEFAULT_NETWORK_MODE,
}: {
  source: NetworkSource;
  title: string;
  defaultMode?: NetworkMode;
}) {
  const [mode, setMode] = useState<NetworkMode>(defaultMode);
  const [edgePage, setEdgePage] = useState(1);
  const navigate = useNavigate();
  const wide = useMediaQuery("(min-width: 700px)");
  const headingId = useId();
  const figureRef = useRef<HTMLElement>(null);
  const { variables } = networkRequest(source, mode);
  const { data, loading, error, refetch } = useQuery(geneNetworkQuery, { variables });
  const network = data?.geneNetwork;
  const rest = restQuery(source, mode);

  const graph = useMemo(() => {
    if (!network) return null;
    // Genes without an interaction in view would only float at the edge: they are counted, not drawn.
    const drawn = network.edges.length === 0 ? network.nodes : network.nodes.filter((n) => n.degree > 0);
    return {
      hidden: network.nodes.length - drawn.length,
      nodes: drawn.map<GraphNode>((n) => ({
        id: String(n.geneId),
        symbol: n.symbol,
        isSeed: n.isSeed,
        isConsensus: n.isConsensus,
        diseaseCount: n.diseaseCount,
        degree: n.degree,
      })),
      links: network.edges.map((e) => ({ source: String(e.source), target: String(e.target) })),
    };
  }, [network]);

  const edgeRows = network?.edges.slice((edgePage - 1) * EDGE_PAGE_SIZE, edgePage * EDGE_PAGE_SIZE) ?? [];
  const openGene = (symbol: string) => navigate(geneAddress(symbol));

  return (
    <section className="network-view" aria-labelledby={headingId} data-testid="network-view">
      <div className="network-toolbar">
        <h3 id={headingId} className="network-title">
          {title}
        </h3>
        <fieldset className="network-mode" data-testid="network-mode">
          <legend className="visually-hidden">Network mode</legend>
          {(
            [
              { value: "INDUCED", label: "Induced", hint: "the genes and all their partners" },
              { value: "LIMITED", label: "Limited", hint: "interactions among the genes only" },
            ] as const
          ).map((option) => (
            <label
              key={option.value}
              className={`network-mode-option${mode === option.value ? " is-active" : ""}`}
              title={option.hint}
            >
              <input
                type="radio"
                name={`${headingId}-mode`}
                value={option.value}
                checked={mode === option.value}
                onChange={() => {
                  setMode(option.value);
                  setEdgePage(1);
                }}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
        <div className="network-actions">
          <ApiButton
            document={geneNetworkQuery}
            variables={variables}
            restUrl={`/api/network?${rest}`}
            title={title}
            testId="api-network"
          />
          <DownloadButton
            url={`/api/network/csv?${rest}`}
            label="Edges (CSV)"
            testId="download-network-csv"
            className="btn-small"
          />
          <DownloadButton
            url={`/api/network/graphml?${rest}`}
            label="GraphML"
            testId="download-network-graphml"
            className="btn-small"
          />
        </div>
      </div>
      <p className="muted small network-mode-hint">
        {mode === "INDUCED"
          ? "Induced: the given genes, every interaction partner in the PPI table, and the interactions among them."
          : "Limited: only the given genes and the interactions among them."}
      </p>
      {error && (
        <p className="error-text" role="alert">
          Failed to load the network: {describeError(error)}{" "}
          <button
            type="button"
            className="btn btn-ghost btn-small"
            onClick={() => refetch().catch(() => undefined)}
          >
            Retry
          </button>
        </p>
      )}
      {loading && !network && <Spinner label="Loading the network..." />}
      {network && graph && (
        <>
          <p className="network-summary" data-testid="network-summary" aria-live="polite">
            {`${countOf(network.nodes.length, "gene")} and ${countOf(network.edges.length, "interaction")} shown${
              network.truncated
                ? ` (of ${countOf(network.totalNodes, "gene")} and ${countOf(network.totalEdges, "interaction")})`
                : ""
            }.`}
          </p>
          {graph.hidden > 0 && (
            <p className="muted small" data-testid="network-isolated">
              {countOf(graph.hidden, "gene")} without an interaction in this view{" "}
              {plural(graph.hidden, "is", "are")} not drawn (listed in the downloads' GraphML).
            </p>
          )}
          {network.message && (
            <div
              className="notice-box notice-warning network-cap"
              role="status"
              data-testid="network-cap-message"
            >
              <p>{network.message}</p>
            </div>
          )}
          {network.unmatched.length > 0 && (
            <p className="muted small">Left out (no single matching gene): {network.unmatched.join(", ")}</p>
          )}
          {network.edges.length === 0 ? (
            <p className="empty-text" data-testid="network-empty">
              {mode === "LIMITED"
                ? "None of these genes interact with each other in the PPI table. Try the induced mode."
                : "The PPI table records no interactions for these genes."}
            </p>
          ) : (
            <div className="network-body">
              <figure className="network-figure" data-testid="network-graph" ref={figureRef}>
                <div className="network-figure-head">
                  <NetworkLegend />
                  <FigureDownload
                    target={figureRef}
                    name={`network-${mode.toLowerCase()}-${network.nodes
                      .filter((n) => n.isSeed)
                      .slice(0, 3)
                      .map((n) => n.symbol)
                      .join("-")}`}
                    title={`${title}: ${countOf(network.nodes.length, "gene")} and ${countOf(network.edges.length, "interaction")} (${mode === "INDUCED" ? "induced: the given genes and all their interaction partners" : "limited: interactions among the given genes only"}).`}
                    filters={[
                      {
                        label: "Given genes",
                        value: network.nodes
                          .filter((n) => n.isSeed)
                          .map((n) => n.symbol)
                          .join(", "),
                      },
                      { label: "Compartment", value: source.compartment ?? "" },
                      { label: "Mode", value: mode.toLowerCase() },
                    ]}
                    notes={
                      network.truncated
                        ? [
                            `The network was capped: it has ${countOf(network.totalNodes, "gene")} and ${countOf(network.totalEdges, "interaction")}; the figure shows ${formatCount(network.nodes.length)} and ${formatCount(network.edges.length)}.`,
                          ]
                        : []
                    }
                    testId="network-figure"
                  />
                </div>
                <NetworkGraph
                  nodes={graph.nodes}
                  links={graph.links}
                  height={wide ? 520 : 400}
                  label={`Interaction network: ${countOf(network.nodes.length, "gene")}, ${countOf(network.edges.length, "interaction")}. The same data is in the interaction table.`}
                  onOpen={openGene}
                />
                <figcaption className="muted small">
                  Click a gene to open it in Gene Search; hover for its diseases. Zoom with Ctrl + wheel or
                  the buttons, drag to pan. Labels that would overlap are left out: the table lists every
                  gene.
                </figcaption>
              </figure>
              <section
                className="network-edges"
                data-testid="network-edge-table"
                aria-labelledby={`${headingId}-table`}
              >
                <SectionHeading id={`${headingId}-table`} className="network-edges-title">
                  Interactions ({formatCount(network.edges.length)})
                </SectionHeading>
                <div className="table-wrap">
                  <table className="data-table is-compact">
                    <caption className="visually-hidden">Interactions of the network</caption>
                    <thead>
                      <tr>
                        <th scope="col">Gene A</th>
                        <th scope="col">Gene B</th>
                        <th scope="col">Type</th>
                        <th scope="col">Method</th>
                      </tr>
                    </thead>
                    <tbody>
                      {edgeRows.map((e) => (
                        <tr key={`${e.source}-${e.target}`}>
                          <td>
                            <a
                              href={geneAddress(e.sourceSymbol)}
                              onClick={(ev) => {
                                ev.preventDefault();
                                openGene(e.sourceSymbol);
                              }}
                            >
                              {e.sourceSymbol}
                            </a>
                          </td>
                          <td>
                            <a
                              href={geneAddress(e.targetSymbol)}
                              onClick={(ev) => {
                                ev.preventDefault();
                                openGene(e.targetSymbol);
                              }}
                            >
                              {e.targetSymbol}
                            </a>
                          </td>
                          <td>{e.type}</td>
                          <td>{e.method}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <Pager
                  page={edgePage}
                  pageSize={EDGE_PAGE_SIZE}
                  total={network.edges.length}
                  onChange={setEdgePage}
                  label="Interaction table pages"
                  testId="network-edge-pager"
                />
              </section>
            </div>
          )}
        </>
      )}
    </section>
  );
}
