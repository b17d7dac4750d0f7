import { PlaceholderPage } from "../../components/PlaceholderPage";

/** Placeholder until this screen is built. */
export default function PaperTablePage() {
  return <PlaceholderPage title="Publications Catalog" />;
}
