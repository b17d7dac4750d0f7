import { PlaceholderPage } from "../../components/PlaceholderPage";

/** Placeholder until this screen is built. */
export default function DiseaseClassificationsPage() {
  return (
    <PlaceholderPage
      title="International Classification of Diseases"
      subtitle="Synaptopathies Across Body Systems"
    />
  );
}
