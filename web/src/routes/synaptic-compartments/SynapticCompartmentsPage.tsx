import { CompartmentExplorer } from "../../components/compartments/CompartmentExplorer";
import { useAddressParams } from "../../hooks/useAddress";
import { usePageHead } from "../../hooks/useDocumentTitle";
import { type PanelState, parsePanelState, serializePanelState } from "../../lib/compartments";

export const COMPARTMENTS_TITLE = "Synapse Compartments";

/**
 * Synapse compartments (spec 2 §2.2; /synaptic-compartments and /synapse-localization): the four
 * cards and the proteins panel, with the selection, search, filter, sort and page in the address
 * so a view can be shared and reloaded.
 */
export default function SynapticCompartmentsPage() {
  usePageHead({
    title: COMPARTMENTS_TITLE,
    description:
      "The proteins the synapse proteomic studies report in each synaptic compartment, with how many of the compartment's studies report each protein.",
    // Also shown at /synapse-localization, its other address: one canonical address for both.
    canonical: "/synaptic-compartments",
  });
  const [params, setParams, currentParams] = useAddressParams();
  const state = parsePanelState(params);

  const onChange = (change: (current: PanelState) => PanelState) => {
    const current = parsePanelState(currentParams());
    const next = change(current);
    // Typing replaces the entry; a card, filter, sort or page change is a step of the history.
    const typingOnly = next.q !== current.q && next.compartment === current.compartment;
    setParams(serializePanelState(next), { replace: typingOnly });
  };

  return (
    <div className="page" data-testid="compartments-page">
      <header className="page-header">
        <h1>{COMPARTMENTS_TITLE}</h1>
        <p className="page-subtitle">
          Proteins reported by the synapse proteomic studies in each synaptic compartment. Choose a
          compartment to list its proteins, with how many of its studies report each one.
        </p>
      </header>
      <CompartmentExplorer state={state} onChange={onChange} />
    </div>
  );
}
