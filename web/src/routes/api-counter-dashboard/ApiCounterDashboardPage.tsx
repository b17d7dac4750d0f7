import { PlaceholderPage } from "../../components/PlaceholderPage";

/** Placeholder until this screen is built. */
export default function ApiCounterDashboardPage() {
  return <PlaceholderPage title="API Usage Dashboard" />;
}
