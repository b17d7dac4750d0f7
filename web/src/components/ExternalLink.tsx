import type { ReactNode } from "react";
import "./externalLink.css";

interface ExternalLinkProps {
  href: string | null | undefined;
  children: ReactNode;
  className?: string;
  title?: string;
  /** Shown (as a disabled link) when there is no href. */
  disabledText?: ReactNode;
  testId?: string;
}

/** A link that opens in a new tab; rendered disabled when the href is missing. */
export function ExternalLink({ href, children, className, title, disabledText, testId }: ExternalLinkProps) {
  if (!href) {
    return (
      <span
        className={`link-disabled${className ? ` ${className}` : ""}`}
        aria-disabled="true"
        title={title ?? "Not available"}
        data-testid={testId}
      >
        {disabledText ?? children}
      </span>
    );
  }
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`link-external${className ? ` ${className}` : ""}`}
      title={title}
      data-testid={testId}
    >
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
