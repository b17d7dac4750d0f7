import { PlaceholderPage } from "../../components/PlaceholderPage";

/** Placeholder until this screen is built. */
export default function CookiesPolicyPage() {
  return <PlaceholderPage title="Cookies Policy" />;
}
