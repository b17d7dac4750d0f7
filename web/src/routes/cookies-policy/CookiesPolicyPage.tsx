import { Link } from "react-router-dom";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { siteConfig } from "../../site.config";
import "../../components/cardTable.css";
import "./cookiesPolicy.css";

/** The date the policy text was last revised (spec 2 §9). */
export const COOKIES_POLICY_UPDATED = "March 12, 2025";

/** Cookies policy (spec 2 §2.9): static text that states what this portal actually stores. */
export default function CookiesPolicyPage() {
  useDocumentTitle(
    "Cookies Policy",
    "What the portal stores in your browser and why: no analytics or third-party cookies, its own page-view counts, and how to clear what it keeps.",
  );
  const email = siteConfig.contactEmail;
  return (
    <div className="page page-narrow prose-page" data-testid="cookies-page">
      <header className="page-header">
        <h1>Cookies Policy</h1>
        <p className="page-subtitle" data-testid="cookies-updated">
          Last updated: {COOKIES_POLICY_UPDATED}
        </p>
      </header>

      <section aria-labelledby="cookies-what">
        <h2 id="cookies-what">What cookies and local storage are</h2>
        <p>
          Cookies are small text files a website asks your browser to keep. Local storage is a similar store
          inside your browser that only the website itself can read. Both let a site remember something
          between visits. {siteConfig.productName} needs no account and sets no login or tracking cookies; the
          little it remembers is listed below.
        </p>
      </section>

      <section aria-labelledby="cookies-stored">
        <h2 id="cookies-stored">What this portal stores in your browser</h2>
        <div className="table-wrap">
          <table className="data-table cookies-table" data-testid="cookies-stored-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Where</th>
                <th scope="col">Purpose</th>
                <th scope="col">Kept</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td data-label="Name">
                  <code>cookiesAccepted</code>
                </td>
                <td data-label="Where">Local storage</td>
                <td data-label="Purpose">
                  Remembers that you acknowledged the cookie notice, so it is not shown again.
                </td>
                <td data-label="Kept">Until you clear your browser's site data</td>
              </tr>
              <tr>
                <td data-label="Name">
                  <code>{siteConfig.visitorIdKey}</code>
                </td>
                <td data-label="Where">Local storage</td>
                <td data-label="Purpose">
                  A random identifier, generated in your browser, sent with each page view so the portal can
                  count unique visitors. It contains nothing about you and is not linked to any other data.
                </td>
                <td data-label="Kept">Until you clear your browser's site data</td>
              </tr>
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="cookies-essential">
        <h2 id="cookies-essential">Essential cookies</h2>
        <p>
          Essential cookies are those a site cannot work without, such as session or security cookies. This
          portal is read-only and has no sign-in, so it sets no essential cookies. The two local-storage
          entries above are not needed for the pages to work: every page, search and download works without
          them.
        </p>
      </section>

      <section aria-labelledby="cookies-analytics">
        <h2 id="cookies-analytics">Analytics cookies</h2>
        <p>
          Analytics cookies measure how a site is used. This portal uses none. It counts page views itself:
          each page view is recorded on our server with the page address, the time and the random visitor
          identifier described above. The number of unique visitors is shown in the footer; calls of the
          public API are counted per endpoint on the{" "}
          <Link to="/api-counter-dashboard">API usage dashboard</Link>.
        </p>
      </section>

      <section aria-labelledby="cookies-preferences">
        <h2 id="cookies-preferences">Preference cookies</h2>
        <p>
          Preference cookies remember choices such as a language or a layout. The only choice this portal
          remembers is that you acknowledged the cookie notice (<code>cookiesAccepted</code>). Search terms
          and filters live in the page address, so you can bookmark and share them; they are not stored in
          your browser.
        </p>
      </section>

      <section aria-labelledby="cookies-third-party">
        <h2 id="cookies-third-party">Third-party analytics</h2>
        <p>
          This installation loads no third-party analytics or advertising services, and no fonts, scripts or
          trackers from other sites. A laboratory that deploys the portal may add an analytics service; if it
          does, it must name the service here. Links to external resources (NCBI, PubMed, OMIM, UniProt and
          others) open those sites in a new tab, where their own cookie policies apply.
        </p>
      </section>

      <section aria-labelledby="cookies-manage">
        <h2 id="cookies-manage">How to manage cookies and local storage</h2>
        <ul>
          <li>
            Clear this site's data (cookies and local storage) from your browser's privacy or site settings;
            both entries above are then removed.
          </li>
          <li>Block cookies and site data for this site: every page keeps working.</li>
          <li>A private or incognito window starts with empty storage and clears it when closed.</li>
        </ul>
      </section>

      {email && (
        <section aria-labelledby="cookies-contact">
          <h2 id="cookies-contact">Privacy contact</h2>
          <p>
            Questions about this policy or about your data:{" "}
            <a href={`mailto:${email}`} data-testid="cookies-contact-email">
              {email}
            </a>
            .
          </p>
        </section>
      )}
    </div>
  );
}
