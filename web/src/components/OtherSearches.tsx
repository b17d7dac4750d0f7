import { HowToCite } from "./HowToCite";
import { SearchTiles } from "./SearchTiles";
import "./otherSearches.css";

/**
 * The foot of the search screens: the other searches and How to Cite. Held back while a search's first
 * results load, so it appears below them instead of being pushed down when they arrive (a layout shift
 * Lighthouse measured at CLS 0.4 on the gene page).
 */
export function OtherSearches({ waiting }: { waiting: boolean }) {
  if (waiting) return null;
  return (
    <section className="empty-state" aria-label="Other searches" data-testid="empty-state">
      <SearchTiles size="small" heading="Try another search" />
      <HowToCite />
    </section>
  );
}
