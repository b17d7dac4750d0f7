import { PlaceholderPage } from "../../components/PlaceholderPage";

/** Placeholder until this screen is built. */
export default function SynaptopathyHistoryPage() {
  return <PlaceholderPage title="Synaptopathy History" />;
}
