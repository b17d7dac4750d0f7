import { useQuery } from "@apollo/client/react";
import { Link } from "react-router-dom";
import {
  type CatalogColumn,
  CatalogTable,
  catalogConsensusSummary,
  consensusColumns,
} from "../../components/catalog/CatalogTable";
import { useCatalogView } from "../../components/catalog/useCatalogView";
import { SyntheticTag } from "../../components/SyntheticTag";
import type { PaperCatalogQuery, PaperSortKey } from "../../gql/graphql";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { type CatalogSortConfig, catalogRequest } from "../../lib/catalog";
import { formatCount } from "../../lib/format";
import { paperCatalogQuery } from "./paperTable.queries";

type PaperRow = PaperCatalogQuery["paperTable"]["papers"][number];

const TITLE = "Publications Catalog";

export const PAPER_SORT: CatalogSortConfig = {
  keys: ["Year", "PMID", "PaperTitle"],
  defaultKey: "Year",
  defaultDir: "desc",
};

const searchLink = (p: PaperRow) => `/paper-search?q=${p.pmid}`;

/** Columns as in the server's CSV of the catalog (/api/paper/csv). */
const COLUMNS: CatalogColumn<PaperRow>[] = [
  {
    id: "pmid",
    header: "PMID",
    sortKey: "PMID",
    cell: (p) => (
      <Link className="catalog-link mono" to={searchLink(p)}>
        {p.pmid}
      </Link>
    ),
  },
  { id: "year", header: "Year", sortKey: "Year", cell: (p) => p.year },
  {
    id: "paperTitle",
    header: "Paper Title",
    sortKey: "PaperTitle",
    className: "is-text",
    cell: (p) => (
      <>
        <Link to={searchLink(p)}>{p.paperTitle}</Link>
        {p.isSynthetic && (
          <>
            {" "}
            <SyntheticTag />
          </>
        )}
      </>
    ),
  },
  ...consensusColumns<PaperRow>(),
  { id: "mutationCount", header: "Mutations", numeric: true, cell: (p) => formatCount(p.mutationCount) },
];

/** The Publications Catalog (spec 2 §2.1): every study, newest first. */
export default function PaperTablePage() {
  useDocumentTitle(TITLE);
  const state = useCatalogView(PAPER_SORT);
  const { view } = state;
  const { variables, restUrl, csvUrl } = catalogRequest<PaperSortKey>(view, "paper");
  const result = useQuery(paperCatalogQuery, { variables, notifyOnNetworkStatusChange: true });
  const table = result.error ? undefined : (result.data ?? result.previousData)?.paperTable;

  return (
    <CatalogTable<PaperRow>
      noun="paper"
      title={TITLE}
      subtitle="The synapse proteomic and mutation studies behind the data, with the share of their genes in the consensus set."
      state={state}
      columns={COLUMNS}
      rows={table?.papers ?? []}
      rowKey={(p) => p.pmid}
      rowConsensus={(p) => p.consensusPercentage}
      total={table?.pagination.total ?? 0}
      totalPages={table?.pagination.totalPages ?? 1}
      loading={result.loading}
      loaded={table !== undefined}
      error={result.error}
      onRefresh={() => void result.refetch()}
      summary={table ? catalogConsensusSummary(table.consensus) : null}
      api={{
        document: paperCatalogQuery,
        variables,
        restUrl,
      }}
      csvUrl={csvUrl}
      searchPlaceholder="Study name, title, description, PMID or year..."
      consensusLabel="Only studies reporting consensus genes"
    />
  );
}
