import type { DocumentNode } from "graphql";
import { countOf } from "../../lib/plural";
import { restPath } from "../../lib/restPath";
import { ApiButton } from "../ApiButton";
import type { SearchPagination, SearchVariables } from "./entityDefinition";

/**
 * The head of a search screen's results (genes, diseases, publications): how many the term found,
 * on which page, and the API button of the search with its REST twin.
 */
export function SearchResultsHead({
  noun,
  pagination,
  query,
  variables,
  rest,
}: {
  /** 'gene': “3 genes found”, “No genes found”. */
  noun: string;
  pagination: SearchPagination;
  query: DocumentNode;
  variables: SearchVariables;
  /** The REST path of the search, e.g. /api/gene/search. */
  rest: string;
}) {
  const { q } = variables;
  return (
    <div className="results-head">
      <p className="results-count" data-testid="results-count">
        {pagination.total === 0 ? (
          <>
            {`No ${noun}s found for `}
            <strong>“{q}”</strong>.
          </>
        ) : (
          <>
            {countOf(pagination.total, noun)} found for <strong>“{q}”</strong>
            {pagination.totalPages > 1 && (
              <span className="muted">
                {" "}
                · page {pagination.page} of {pagination.totalPages}
              </span>
            )}
          </>
        )}
      </p>
      <ApiButton
        document={query}
        variables={variables}
        restUrl={restPath(rest, variables)}
        title={`${noun} search for “${q}”`}
        testId="api-search"
      />
    </div>
  );
}
