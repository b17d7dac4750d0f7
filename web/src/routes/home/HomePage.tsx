import { useState } from "react";
import { Link } from "react-router-dom";
import { CookieConsent } from "../../components/CookieConsent";
import { CompartmentExplorer } from "../../components/compartments/CompartmentExplorer";
import { HowToCite } from "../../components/HowToCite";
import { SearchTiles } from "../../components/SearchTiles";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { DEFAULT_SORT, type PanelState } from "../../lib/compartments";
import { homeDocumentTitle, siteConfig } from "../../site.config";
import {
  CallToAction,
  CatalogueLinks,
  ChapterCards,
  Counters,
  Funders,
  KeyFeatures,
  OverviewText,
  ResearchTeam,
} from "./HomeSections";
import "./home.css";

const CLOSED_PANEL: PanelState = { compartment: null, q: "", frequency: "all", sort: DEFAULT_SORT, page: 1 };

/**
 * Home (spec 1 §2.4): hero, search tiles, catalogue links, overview, key features, synapse
 * proteome with the compartment cards and panel, ICD-11 chapter cards, research team, funders,
 * a call to action, the two counters and the citation; the cookie consent dialog on top.
 */
export default function HomePage() {
  useDocumentTitle(homeDocumentTitle, siteConfig.description);
  const [panel, setPanel] = useState<PanelState>(CLOSED_PANEL);
  return (
    <div>
      <CookieConsent />
      <section className="hero" aria-labelledby="hero-title" data-section="hero">
        <div className="hero-inner">
          <p className="hero-kicker">Synapse proteomics · Synaptopathy</p>
          <h1 id="hero-title">{siteConfig.productName}</h1>
          <p className="hero-tagline">{siteConfig.tagline}</p>
          <p className="hero-text">{siteConfig.description}</p>
          <div data-section="search-tiles">
            <SearchTiles size="large" />
          </div>
        </div>
      </section>
      <div className="page home-page">
        <CatalogueLinks />
        <OverviewText />
        <KeyFeatures />
        <section className="home-section" aria-labelledby="home-proteome" data-section="proteome">
          <div className="home-section-head">
            <h2 id="home-proteome">Synapse proteome</h2>
            <Link to="/synaptic-compartments">Open the compartments screen</Link>
          </div>
          <p className="muted">
            Proteins found by the studies in each synaptic compartment. Choose a compartment to list its
            proteins.
          </p>
          <CompartmentExplorer state={panel} onChange={setPanel} />
        </section>
        <ChapterCards />
        <ResearchTeam />
        <Funders />
        <CallToAction />
        <Counters />
        <HowToCite />
      </div>
    </div>
  );
}
