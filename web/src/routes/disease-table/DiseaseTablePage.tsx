import { useQuery } from "@apollo/client/react";
import { Link } from "react-router-dom";
import {
  type CatalogColumn,
  CatalogTable,
  catalogConsensusSummary,
  consensusColumns,
} from "../../components/catalog/CatalogTable";
import { useCatalogView } from "../../components/catalog/useCatalogView";
import type { DiseaseCatalogQuery, DiseaseSortKey } from "../../gql/graphql";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { type CatalogSortConfig, catalogRequest } from "../../lib/catalog";
import { formatCount, formatDiseaseName } from "../../lib/format";
import { diseaseCatalogQuery } from "./diseaseTable.queries";

type DiseaseRow = DiseaseCatalogQuery["diseaseTable"]["diseases"][number];

const TITLE = "Diseases Catalog";

export const DISEASE_SORT: CatalogSortConfig = {
  keys: ["HDOID", "Description"],
  defaultKey: "HDOID",
  defaultDir: "asc",
};

const searchLink = (d: DiseaseRow) => `/disease-search?q=${encodeURIComponent(d.hdoid || d.description)}`;

/** Columns as in the server's CSV of the catalog (/api/disease/csv). */
const COLUMNS: CatalogColumn<DiseaseRow>[] = [
  {
    id: "hdoid",
    header: "HDOID",
    sortKey: "HDOID",
    cell: (d) => (
      <Link className="catalog-link mono" to={searchLink(d)}>
        {d.hdoid}
      </Link>
    ),
  },
  {
    id: "description",
    header: "Description",
    sortKey: "Description",
    className: "is-text",
    cell: (d) => <Link to={searchLink(d)}>{formatDiseaseName(d.description)}</Link>,
  },
  ...consensusColumns<DiseaseRow>(),
  { id: "mutationCount", header: "Mutations", numeric: true, cell: (d) => formatCount(d.mutationCount) },
  { id: "paperCount", header: "Papers", numeric: true, cell: (d) => formatCount(d.paperCount) },
];

/** The Diseases Catalog (spec 2 §2.1): every synaptopathy with its gene, mutation and paper counts. */
export default function DiseaseTablePage() {
  useDocumentTitle(TITLE);
  const state = useCatalogView(DISEASE_SORT);
  const { view } = state;
  const { variables, restUrl, csvUrl } = catalogRequest<DiseaseSortKey>(view, "disease");
  const result = useQuery(diseaseCatalogQuery, { variables, notifyOnNetworkStatusChange: true });
  const table = result.error ? undefined : (result.data ?? result.previousData)?.diseaseTable;

  return (
    <CatalogTable<DiseaseRow>
      noun="disease"
      title={TITLE}
      subtitle="Diseases linked to synaptic genes, with the share of their genes that belong to the consensus synapse proteome."
      state={state}
      columns={COLUMNS}
      rows={table?.diseases ?? []}
      rowKey={(d) => d.hdoid}
      rowConsensus={(d) => d.consensusPercentage}
      total={table?.pagination.total ?? 0}
      totalPages={table?.pagination.totalPages ?? 1}
      loading={result.loading}
      loaded={table !== undefined}
      error={result.error}
      onRefresh={() => void result.refetch()}
      summary={table ? catalogConsensusSummary(table.consensus) : null}
      api={{
        document: diseaseCatalogQuery,
        variables,
        restUrl,
      }}
      csvUrl={csvUrl}
      searchPlaceholder="HDOID or disease name..."
      consensusLabel="Only diseases with consensus genes"
    />
  );
}
