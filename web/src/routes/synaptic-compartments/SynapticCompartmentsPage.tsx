import { PlaceholderPage } from "../../components/PlaceholderPage";

/** Placeholder until this screen is built. */
export default function SynapticCompartmentsPage() {
  return <PlaceholderPage title="Synapse Compartments" />;
}
