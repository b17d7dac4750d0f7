import { Link } from "react-router-dom";
import { HowToCite } from "../../components/HowToCite";
import { SearchTiles } from "../../components/SearchTiles";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { homeDocumentTitle, siteConfig } from "../../site.config";

/** Home: the hero and the search tiles; the other home sections are not built yet. */
export default function HomePage() {
  useDocumentTitle(homeDocumentTitle);
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero-inner">
          <p className="hero-kicker">Synapse proteomics · Synaptopathy</p>
          <h1 id="hero-title">{siteConfig.productName}</h1>
          <p className="hero-tagline">{siteConfig.tagline}</p>
          <p className="hero-text">{siteConfig.description}</p>
          <SearchTiles size="large" />
        </div>
      </section>
      <div className="page">
        <div className="notice-box" data-testid="placeholder-page">
          <p>
            This screen is not available yet in this release. The catalogues, charts and overview sections of
            the home page will follow; the searches above and the{" "}
            <Link to="/data">dataset &amp; provenance page</Link> work now.
          </p>
        </div>
        <HowToCite />
      </div>
    </div>
  );
}
