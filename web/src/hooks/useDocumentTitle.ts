import { useEffect } from "react";

/**
 * Stands for the portal's public origin in what a server render writes (canonical links, Open Graph
 * URLs, JSON-LD ids): the gateway puts its origin (PUBLIC_ORIGIN, else the request's) in its place as
 * it sends the page, so a page rendered once serves every origin it is asked under.
 */
export const ORIGIN_PLACEHOLDER = "%PORTAL_ORIGIN%";

/** What a screen says about itself in the page's <head>, for search engines, link previews and harvesters. */
export interface PageHead {
  title: string;
  /**
   * The meta description: one sentence (at most 160 characters) of what this screen shows, its own,
   * so that no two pages share one (tests/unit/page-heads.test.ts).
   */
  description: string;
  /**
   * The screen's canonical address, a path (/gene/DLG4; the screen's own path when absent; none when
   * null, as on a Not Found page); the gateway makes it absolute.
   */
  canonical?: string | null;
  /** Schema.org / Bioschemas JSON-LD, each a <script type="application/ld+json"> of the page. */
  jsonLd?: readonly object[];
}

/** The head the last prerendered screen asked for (read by src/prerender.tsx; effects do not run there). */
export const prerenderedHead = { current: null as PageHead | null };

/** Sets the document's title, meta description and canonical link while the screen is shown. */
export function usePageHead(head: PageHead): void {
  if (typeof document === "undefined") prerenderedHead.current = head;
  const { title, description, canonical } = head;
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute("content", description);
    let link = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (canonical === null) link?.remove();
    else {
      if (!link) {
        link = document.createElement("link");
        link.rel = "canonical";
        document.head.append(link);
      }
      link.href = new URL(canonical ?? window.location.pathname, window.location.origin).href;
    }
  }, [title, description, canonical]);
}

/** Sets the document's title and meta description while the calling screen is shown. */
export function useDocumentTitle(title: string, description: string): void {
  usePageHead({ title, description });
}

/** The description of a page that names no screen or record. */
export const NOT_FOUND_DESCRIPTION =
  "There is no page at this address: search the portal's genes, diseases and studies instead.";
