import { isPagerVisible, pageWindow, slidingPageWindow, totalPagesOf } from "../lib/pager";
import "./pager.css";

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  label?: string;
  testId?: string;
  /** When set, at most this many consecutive page buttons sliding around the current page, no ellipses. */
  windowSize?: number;
}

/** Page navigator: hidden when total <= pageSize (spec 1 §9). */
export function Pager({
  page,
  pageSize,
  total,
  onChange,
  label = "Pagination",
  testId = "pager",
  windowSize,
}: PagerProps) {
  if (!isPagerVisible(total, pageSize)) return null;
  const totalPages = totalPagesOf(total, pageSize);
  const items = windowSize ? slidingPageWindow(page, totalPages, windowSize) : pageWindow(page, totalPages);
  return (
    <nav className="pager" aria-label={label} data-testid={testId}>
      <button
        type="button"
        className="pager-btn"
        onClick={() => onChange(page - 1)}
        disabled={page <= 1}
        aria-label="Previous page"
      >
        ‹ Prev
      </button>
      {items.map((item) =>
        typeof item === "number" ? (
          <button
            key={item}
            type="button"
            className={`pager-btn${item === page ? " is-current" : ""}`}
            aria-current={item === page ? "page" : undefined}
            aria-label={`Page ${item}`}
            onClick={() => onChange(item)}
          >
            {item}
          </button>
        ) : (
          <span key={item} className="pager-ellipsis" aria-hidden="true">
            …
          </span>
        ),
      )}
      <button
        type="button"
        className="pager-btn"
        onClick={() => onChange(page + 1)}
        disabled={page >= totalPages}
        aria-label="Next page"
      >
        Next ›
      </button>
    </nav>
  );
}
