import type { ReactNode } from "react";
import { describeError } from "../lib/errors";
import { PageSizeSelect } from "./DetailControls";
import { Pager } from "./Pager";
import { Spinner } from "./Spinner";
import "./detailTab.css";

/** The paging of a tab's filtered rows, as the API answers it. */
export interface DetailTabPages {
  page: number;
  pageSize: number;
  totalFiltered: number;
  totalPages: number;
}

interface DetailTabFrameProps {
  /** e.g. 'genes': used in the error text and test ids. */
  name: string;
  /** The tab's filters; the page-size select follows them. */
  tools: ReactNode;
  actions?: ReactNode;
  /** Lines above the summary (shown whether or not a page has loaded). */
  notice?: ReactNode;
  /** The summary line's text; the frame adds '· page x of y' when there are several pages. */
  summary?: ReactNode;
  loading: boolean;
  error: unknown;
  hasData: boolean;
  isEmpty: boolean;
  emptyText: string;
  /** The loaded page's paging (the summary, and pagers above and below); none while loading. */
  pages: DetailTabPages | null | undefined;
  pageSize: number;
  /** Changes the tab's address keys (page, size, q, mode...). */
  onChange: (change: Record<string, string | number | null>) => void;
  children: ReactNode;
}

/**
 * A server-paged tab of a disease or publication card: toolbar (filters, page size, API button),
 * summary, error, loading, empty, pagers.
 */
export function DetailTabFrame({
  name,
  tools,
  actions,
  notice,
  summary,
  loading,
  error,
  hasData,
  isEmpty,
  emptyText,
  pages,
  pageSize,
  onChange,
  children,
}: DetailTabFrameProps) {
  const pagerNode = (position: string) =>
    pages ? (
      <Pager
        page={pages.page}
        pageSize={pages.pageSize}
        total={pages.totalFiltered}
        onChange={(page) => onChange({ page })}
        label={`${name} pages (${position})`}
        testId={`${name}-pager-${position}`}
      />
    ) : null;
  return (
    <div data-testid={`tab-content-${name}`} aria-busy={loading}>
      <div className="tab-toolbar">
        <div className="tab-tools">
          {tools}
          <PageSizeSelect
            value={pageSize}
            onChange={(size) => onChange({ size })}
            testId={`${name}-page-size`}
          />
        </div>
        {actions}
      </div>
      {notice}
      {pages && summary !== undefined && (
        <p className="tab-summary" data-testid={`${name}-summary`}>
          {summary}
          {pages.totalPages > 1 && (
            <>
              {" "}
              · page {pages.page} of {pages.totalPages}
            </>
          )}
        </p>
      )}
      {error !== undefined && error !== null && (
        <p className="error-text" role="alert" data-testid="tab-error">
          Failed to load {name} data. Error: {describeError(error)}
        </p>
      )}
      {loading && !hasData && <Spinner label="Loading..." />}
      {hasData && !error && (
        <div className={loading ? "is-stale" : undefined}>
          {isEmpty ? (
            <p className="empty-text" data-testid="tab-empty">
              {emptyText}
            </p>
          ) : (
            <>
              {pagerNode("top")}
              {children}
              {pagerNode("bottom")}
            </>
          )}
        </div>
      )}
    </div>
  );
}
