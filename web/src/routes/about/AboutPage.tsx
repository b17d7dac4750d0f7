import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { siteConfig } from "../../site.config";

/** About: placeholder text, plus the configured contact address (#contact). */
export default function AboutPage() {
  useDocumentTitle(`About ${siteConfig.productName}`);
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
  return (
    <div className="page page-narrow" data-testid="placeholder-page">
      <header className="page-header">
        <h1>About {siteConfig.productName}</h1>
        <p className="page-subtitle">{siteConfig.description}</p>
      </header>
      <div className="notice-box">
        <p>This screen is not available yet in this release.</p>
      </div>
      <section id="contact" className="section">
        <h2>Contact</h2>
        <p>
          <a href={`mailto:${siteConfig.contact.email}`}>{siteConfig.contact.email}</a>
          {!siteConfig.contact.configured && (
            <span className="muted small"> (placeholder address, to be configured by the deploying lab)</span>
          )}
        </p>
      </section>
    </div>
  );
}
