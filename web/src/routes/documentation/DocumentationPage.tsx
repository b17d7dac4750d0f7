import { PlaceholderPage } from "../../components/PlaceholderPage";

/** Placeholder until this screen is built. */
export default function DocumentationPage() {
  return <PlaceholderPage title="API Documentation" />;
}
