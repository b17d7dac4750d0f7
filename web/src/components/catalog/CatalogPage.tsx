import type { TypedDocumentNode } from "@apollo/client";
import { useQuery } from "@apollo/client/react";
import type { ReactNode } from "react";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { type CatalogRequest, type CatalogSortConfig, catalogRequest } from "../../lib/catalog";
import { type CatalogColumn, type CatalogSummaryItem, CatalogTable } from "./CatalogTable";
import { type CatalogViewState, useCatalogView } from "./useCatalogView";

/** What one catalog screen (genes, diseases, publications) differs by; CatalogPage renders it. */
export interface CatalogDefinition<Data, Row, SortKey extends string> {
  /** The entity: its REST paths (/api/{noun}/table, /api/{noun}/csv), test ids and texts. */
  noun: "gene" | "disease" | "paper";
  title: string;
  subtitle: string;
  /** The screen's meta description: one sentence of what it shows (see PageHead). */
  description: string;
  sort: CatalogSortConfig;
  query: TypedDocumentNode<Data, CatalogRequest<SortKey>["variables"]>;
  /** The loaded page: its rows, paging and the consensus summary above the table. */
  table: (data: Data) => {
    rows: readonly Row[];
    pagination: { total: number; totalPages: number };
    summary: CatalogSummaryItem[];
  };
  /** Columns as in the server's CSV of the catalog (/api/{noun}/csv). */
  columns: CatalogColumn<Row>[];
  rowKey: (row: Row) => string | number;
  rowConsensus?: (row: Row) => number;
  searchPlaceholder: string;
  consensusLabel: string;
  /** Further filters beside the consensus checkbox. */
  filters?: (state: CatalogViewState) => ReactNode;
}

/** A catalog screen (spec 2 §2.1): the view held in the address, one query per page, the catalog table. */
export function CatalogPage<Data, Row, SortKey extends string>({
  definition,
}: {
  definition: CatalogDefinition<Data, Row, SortKey>;
}) {
  useDocumentTitle(definition.title, definition.description);
  const state = useCatalogView(definition.sort);
  const { variables, restUrl, csvUrl } = catalogRequest<SortKey>(state.view, definition.noun);
  const result = useQuery(definition.query, { variables, notifyOnNetworkStatusChange: true });
  const data = result.error ? undefined : (result.data ?? result.previousData);
  const table = data ? definition.table(data) : undefined;

  return (
    <CatalogTable<Row>
      noun={definition.noun}
      title={definition.title}
      subtitle={definition.subtitle}
      state={state}
      columns={definition.columns}
      rows={table?.rows ?? []}
      rowKey={definition.rowKey}
      rowConsensus={definition.rowConsensus}
      total={table?.pagination.total ?? 0}
      totalPages={table?.pagination.totalPages ?? 1}
      loading={result.loading}
      loaded={table !== undefined}
      error={result.error}
      onRefresh={() => void result.refetch()}
      summary={table?.summary ?? null}
      api={{ document: definition.query, variables, restUrl }}
      csvUrl={csvUrl}
      searchPlaceholder={definition.searchPlaceholder}
      consensusLabel={definition.consensusLabel}
      filters={definition.filters?.(state)}
    />
  );
}
