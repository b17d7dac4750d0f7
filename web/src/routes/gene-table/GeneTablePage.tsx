import { PlaceholderPage } from "../../components/PlaceholderPage";

/** Placeholder until this screen is built. */
export default function GeneTablePage() {
  return <PlaceholderPage title="Synapse Proteome Catalog" />;
}
