import { PlaceholderPage } from "../../components/PlaceholderPage";

/** Placeholder until this screen is built. */
export default function DiseaseTablePage() {
  return <PlaceholderPage title="Diseases Catalog" />;
}
