import { PlaceholderPage } from "../../components/PlaceholderPage";

/** Placeholder until this screen is built. */
export default function PaperSearchPage() {
  return (
    <PlaceholderPage
      title="Publication Search"
      heading="Synapse Proteomic Publication Search"
      subtitle="Find Synapse proteomics studies exploring gene-mutation interactions."
    />
  );
}
