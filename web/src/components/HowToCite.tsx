import { doiUrl, publishedCitationText } from "../../../schema/portal-identity";
import { siteConfig } from "../site.config";
import { CopyButton } from "./CopyButton";
import { ExternalLink } from "./ExternalLink";
import "./howToCite.css";

/**
 * Citation block with a copy button (text from the site configuration); 'Copied' shows for 2 s.
 * Nothing is rendered until the deploying lab configures its paper (site.config.ts `citation`).
 */
export function HowToCite() {
  const { citation } = siteConfig;
  if (!citation) return null;
  return (
    <section className="cite-block" aria-labelledby="how-to-cite" data-testid="how-to-cite">
      <h2 id="how-to-cite">How to Cite</h2>
      <p className="cite-text" data-testid="cite-text">
        {citation.text}
        {citation.doi && (
          <>
            {" "}
            <span className="cite-doi">
              DOI: <ExternalLink href={doiUrl(citation.doi)}>{citation.doi}</ExternalLink>
            </span>
          </>
        )}
      </p>
      <CopyButton text={publishedCitationText(citation)} label="Copy citation" testId="copy-citation" />
    </section>
  );
}
