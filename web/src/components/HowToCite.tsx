import { siteConfig } from "../site.config";
import { CopyButton } from "./CopyButton";
import { ExternalLink } from "./ExternalLink";

/** The text the copy button copies: the citation and its DOI. */
export function citationText(): string {
  return `${siteConfig.citation.text} DOI: ${siteConfig.citation.doi}`;
}

/** Citation block with a copy button (text from the site configuration); 'Copied' shows for 2 s. */
export function HowToCite() {
  const { citation } = siteConfig;
  const full = citationText();
  return (
    <section className="cite-block" aria-labelledby="how-to-cite" data-testid="how-to-cite">
      <h2 id="how-to-cite">How to Cite</h2>
      <p className="cite-text" data-testid="cite-text">
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
      <CopyButton text={full} label="Copy citation" testId="copy-citation" />
    </section>
  );
}
