import { siteConfig } from "../site.config";
import { CopyButton } from "./CopyButton";
import { ExternalLink } from "./ExternalLink";

/** Citation block with a copy button (text from the site configuration). */
export function HowToCite() {
  const { citation } = siteConfig;
  const full = `${citation.text} DOI: ${citation.doi}`;
  return (
    <section className="cite-block" aria-labelledby="how-to-cite" data-testid="how-to-cite">
      <h2 id="how-to-cite">How to Cite</h2>
      <p className="cite-text">
        {citation.text}{" "}
        <span className="cite-doi">
          DOI: <ExternalLink href={citation.doiUrl}>{citation.doi}</ExternalLink>
        </span>
      </p>
      {!citation.configured && (
        <p className="muted small">
          The citation and DOI are placeholders until the deploying lab configures them.
        </p>
      )}
      <CopyButton text={full} label="Copy citation" />
    </section>
  );
}
