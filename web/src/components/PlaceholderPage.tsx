import { useDocumentTitle } from "../hooks/useDocumentTitle";

interface PlaceholderPageProps {
  title: string;
  heading?: string;
  subtitle?: string;
}

/** An honest page for screens that are not built yet. */
export function PlaceholderPage({ title, heading, subtitle }: PlaceholderPageProps) {
  useDocumentTitle(title, subtitle ?? "This screen is not available yet in this release of the portal.");
  return (
    <div className="page page-narrow" data-testid="placeholder-page">
      <header className="page-header">
        <h1>{heading ?? title}</h1>
        {subtitle && <p className="page-subtitle">{subtitle}</p>}
      </header>
      <div className="notice-box">
        <p>This screen is not available yet in this release.</p>
      </div>
    </div>
  );
}
