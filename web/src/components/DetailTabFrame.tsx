import type { ReactNode } from "react";
import { describeError } from "../lib/errors";
import { Pager } from "./Pager";
import { Spinner } from "./Spinner";

interface DetailTabFrameProps {
  /** e.g. 'genes': used in the error text and test ids. */
  name: string;
  tools: ReactNode;
  actions?: ReactNode;
  summary?: ReactNode;
  loading: boolean;
  error: unknown;
  hasData: boolean;
  isEmpty: boolean;
  emptyText: string;
  /** Pagination of the filtered rows (pagers above and below). */
  pager?: { page: number; pageSize: number; total: number; onChange: (page: number) => void };
  children: ReactNode;
}

/** A server-paged tab of a disease or publication card: toolbar, error, loading, empty, pagers. */
export function DetailTabFrame({
  name,
  tools,
  actions,
  summary,
  loading,
  error,
  hasData,
  isEmpty,
  emptyText,
  pager,
  children,
}: DetailTabFrameProps) {
  const pagerNode = (position: string) =>
    pager ? (
      <Pager
        page={pager.page}
        pageSize={pager.pageSize}
        total={pager.total}
        onChange={pager.onChange}
        label={`${name} pages (${position})`}
        testId={`${name}-pager-${position}`}
      />
    ) : null;
  return (
    <div data-testid={`tab-content-${name}`} aria-busy={loading}>
      <div className="tab-toolbar">
        <div className="tab-tools">{tools}</div>
        {actions}
      </div>
      {summary}
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
