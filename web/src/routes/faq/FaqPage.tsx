import { PlaceholderPage } from "../../components/PlaceholderPage";

/** Placeholder until this screen is built. */
export default function FaqPage() {
  return <PlaceholderPage title="FAQ" heading="Frequently Asked Questions" />;
}
