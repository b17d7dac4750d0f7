import { useQuery } from "@apollo/client/react";
import { Link } from "react-router-dom";
import { graphql } from "../gql";
import { useHydrating } from "../hooks/useHydrating";
import { describeError } from "../lib/errors";
import { formatCount } from "../lib/format";
import { siteConfig } from "../site.config";
import "./footer.css";

export const visitStatsQuery = graphql(`
  query FooterVisitStats {
    visitStats {
      uniqueVisitors
      totalVisits
    }
  }
`);

function VisitorCount() {
  const { data, error, loading } = useQuery(visitStatsQuery, {
    // Live counts: never in a server-rendered page, which the gateway keeps for later visitors.
    ssr: false,
    pollInterval: siteConfig.visitStatsRefreshMs,
    fetchPolicy: "cache-and-network",
    notifyOnNetworkStatusChange: false,
  });
  const hydrating = useHydrating();
  let text: string;
  // The server's page (kept for later visitors, read with scripts off, or before a record page starts
  // the app on its first use) promises no count: an empty line, as tall as the count it leaves room for.
  if (hydrating) text = "\u00a0";
  else if (data?.visitStats) text = `Unique Visitors: ${formatCount(data.visitStats.uniqueVisitors)}`;
  else if (error) text = "Visitor count unavailable";
  else if (loading) text = "Loading visitor count...";
  else text = "Visitor count unavailable";
  if (error && !data) console.error("Failed to load visit data:", describeError(error));
  return (
    <p className="footer-visitors" data-testid="visitor-count" aria-live="polite">
      {text}
    </p>
  );
}

/** Site footer (spec 1 §2.3). */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div>
          <p className="footer-name">{siteConfig.productName}</p>
          <p className="footer-tagline">{siteConfig.tagline}</p>
          <VisitorCount />
        </div>
        <nav className="footer-links" aria-label="Footer">
          <Link to="/about#contact">Contact</Link>
          <Link to="/cookies-policy">Cookies Policy</Link>
          <Link to="/api-counter-dashboard">API Statistics Dashboard</Link>
          <Link to="/data">Data &amp; provenance</Link>
        </nav>
        <div className="footer-meta">
          <p data-testid="version-text">
            Version {siteConfig.versionLabel} · Last updated {siteConfig.lastUpdated}
          </p>
          {/* The year the server's page was built in may be past when the browser takes it over. */}
          <p className="muted" suppressHydrationWarning>
            © {year} {siteConfig.productName}
          </p>
        </div>
      </div>
    </footer>
  );
}
