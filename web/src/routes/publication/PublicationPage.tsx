import { PlaceholderPage } from "../../components/PlaceholderPage";

/** Placeholder until this screen is built. */
export default function PublicationPage() {
  return <PlaceholderPage title="Publication and Database Information" />;
}
