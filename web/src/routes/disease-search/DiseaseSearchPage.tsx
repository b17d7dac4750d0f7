import { PlaceholderPage } from "../../components/PlaceholderPage";

/** Placeholder until this screen is built. */
export default function DiseaseSearchPage() {
  return (
    <PlaceholderPage
      title="Disease Search"
      subtitle="Discover disease mechanisms and associated genetic disorders."
    />
  );
}
