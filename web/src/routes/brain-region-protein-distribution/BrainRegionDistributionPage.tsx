import { PlaceholderPage } from "../../components/PlaceholderPage";

/** Placeholder until this screen is built. */
export default function BrainRegionDistributionPage() {
  return <PlaceholderPage title="Brain Region Protein Distribution" />;
}
