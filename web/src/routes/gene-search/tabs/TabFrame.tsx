import type { DocumentNode } from "graphql";
import type { ReactNode } from "react";
import { ApiButton } from "../../../components/ApiButton";
import { DownloadButton } from "../../../components/DownloadButton";
import { Spinner } from "../../../components/Spinner";
import { describeError } from "../../../lib/errors";
import type { GeneTabDef } from "./geneTab";
import "../../../components/detailTab.css";

interface TabFrameProps {
  def: GeneTabDef;
  geneId: number;
  /** The query document and variables the tab executes (shown by its API button). */
  api: { document: DocumentNode; variables: Record<string, unknown> };
  loading: boolean;
  error: unknown;
  hasData: boolean;
  /** Tries the failed load again. */
  onRetry?: () => void;
  /** Filters and toggles shown left of the download button. */
  tools?: ReactNode;
  summary?: ReactNode;
  children: ReactNode;
}

/** Common frame of a gene tab: toolbar with the download, then loading / error / content. */
export function TabFrame({
  def,
  geneId,
  api,
  loading,
  error,
  hasData,
  onRetry,
  tools,
  summary,
  children,
}: TabFrameProps) {
  return (
    <div data-testid={`tab-content-${def.key}`}>
      <div className="tab-toolbar">
        <div className="tab-tools">{tools}</div>
        <ApiButton
          document={api.document}
          variables={api.variables}
          restUrl={def.restPath(geneId)}
          title={`${def.label}, GeneID ${geneId}`}
          testId={`api-${def.key}`}
        />
        <DownloadButton
          url={def.downloadPath(geneId)}
          label={def.downloadLabel}
          testId={`download-${def.key}`}
          className="btn-small"
        />
      </div>
      {summary}
      {error !== undefined && error !== null && (
        <p className="error-text" role="alert" data-testid="tab-error">
          Failed to load {def.apiTab} data: {describeError(error)}
          {onRetry && !loading && (
            <>
              {" "}
              <button type="button" className="btn btn-ghost btn-small" onClick={onRetry}>
                Retry
              </button>
            </>
          )}
        </p>
      )}
      {loading && !hasData && <Spinner label="Loading..." />}
      {hasData && children}
    </div>
  );
}

export function EmptyText({ children }: { children: ReactNode }) {
  return (
    <p className="empty-text" data-testid="tab-empty">
      {children}
    </p>
  );
}
