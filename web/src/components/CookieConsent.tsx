import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { readCookieChoice, storeCookieChoice } from "../lib/cookieConsent";
import { siteConfig } from "../site.config";

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Cookie consent (spec 1 §2.4, §4): a modal <dialog> shown while no choice is stored.
 * Accept stores 'true'; Decline, the close button, Escape and the backdrop store 'false'.
 * Focus moves into the dialog (on Accept) and returns where it was when it closes.
 */
export function CookieConsent() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const acceptRef = useRef<HTMLButtonElement>(null);
  // Read after the first render, which must match the server's page (it cannot see the stored choice).
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const textId = useId();

  useEffect(() => setOpen(readCookieChoice(browserStorage()) === null), []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog || dialog.open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    acceptRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      previous?.focus();
    };
  }, [open]);

  if (!open) return null;

  const choose = (accepted: boolean) => {
    storeCookieChoice(browserStorage(), accepted);
    setOpen(false);
  };

  return (
    <dialog
      ref={dialogRef}
      className="cookie-dialog"
      aria-labelledby={headingId}
      aria-describedby={textId}
      data-testid="cookie-dialog"
      onCancel={(event) => {
        // Escape counts as decline.
        event.preventDefault();
        choose(false);
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself) counts as decline.
        if (event.target === event.currentTarget) choose(false);
      }}
      // Escape is handled by onCancel; keys stay inside the modal.
      onKeyDown={(event) => event.stopPropagation()}
    >
      <div className="cookie-dialog-body">
        <header className="cookie-dialog-head">
          <h2 id={headingId}>Cookies on {siteConfig.productName}</h2>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            aria-label="Close (decline cookies)"
            onClick={() => choose(false)}
            data-testid="cookie-close"
          >
            ✕
          </button>
        </header>
        <p id={textId}>
          We use essential storage to run the site and, with your consent, analytics cookies to understand how
          the portal is used. Read the <Link to="/cookies-policy">cookies policy</Link> for details.
        </p>
        <div className="cookie-dialog-actions">
          <button type="button" className="btn" onClick={() => choose(false)} data-testid="cookie-decline">
            Decline
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => choose(true)}
            ref={acceptRef}
            data-testid="cookie-accept"
          >
            Accept
          </button>
        </div>
      </div>
    </dialog>
  );
}
