import { PlaceholderPage } from "../../components/PlaceholderPage";

/** Placeholder until this screen is built. */
export default function ErDiagramPage() {
  return <PlaceholderPage title="Synaptic Proteomic Database - ER Diagram" />;
}
