import { isPlaceholderPmid } from "../lib/geneTabs";
import { externalUrl } from "../lib/links";
import { ExternalLink } from "./ExternalLink";
import "./pubMedLink.css";

/** A PubMed link; placeholder PMIDs of the sample dataset are shown unlinked. */
export function PubMedLink({ pmid }: { pmid: number | null | undefined }) {
  if (pmid === null || pmid === undefined) return <>N/A</>;
  if (isPlaceholderPmid(pmid)) {
    return (
      <span className="placeholder-id" title="Placeholder id of the sample dataset — not a PubMed record">
        {pmid} <span className="muted small">(placeholder)</span>
      </span>
    );
  }
  return <ExternalLink href={externalUrl("pubmed", pmid)}>{pmid}</ExternalLink>;
}
