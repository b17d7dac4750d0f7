import { useQuery } from "@apollo/client/react";
import { useId } from "react";
import { Link } from "react-router-dom";
import { type CatalogColumn, CatalogTable, cellValue } from "../../components/catalog/CatalogTable";
import { useCatalogView } from "../../components/catalog/useCatalogView";
import type { GeneCatalogQuery, GeneSortKey } from "../../gql/graphql";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { type CatalogSortConfig, catalogRequest, formatPercentage } from "../../lib/catalog";
import { formatCount } from "../../lib/format";
import { geneCatalogQuery } from "./geneTable.queries";

type GeneRow = GeneCatalogQuery["geneTable"]["genes"][number];

const TITLE = "Synapse Proteome Catalog";

export const GENE_SORT: CatalogSortConfig = {
  keys: ["ID", "HumanName", "HumanEntrez", "MouseEntrez", "RatEntrez", "MGI", "PaperCount"],
  defaultKey: "ID",
  defaultDir: "asc",
};

/** Columns as in the server's CSV of the catalog (/api/gene/csv). */
const COLUMNS: CatalogColumn<GeneRow>[] = [
  { id: "id", header: "Gene ID", sortKey: "ID", numeric: true, cell: (g) => g.id },
  {
    id: "humanName",
    group: "Human",
    header: "Symbol",
    sortKey: "HumanName",
    cell: (g) => (
      <Link className="catalog-link" to={`/gene-search?q=${encodeURIComponent(g.humanName)}`}>
        {g.humanName}
      </Link>
    ),
  },
  {
    id: "humanEntrez",
    group: "Human",
    header: "Entrez",
    sortKey: "HumanEntrez",
    cell: (g) => cellValue(g.humanEntrez),
  },
  { id: "mouseName", group: "Mouse", header: "Symbol", cell: (g) => cellValue(g.mouseName) },
  {
    id: "mouseEntrez",
    group: "Mouse",
    header: "Entrez",
    sortKey: "MouseEntrez",
    cell: (g) => cellValue(g.mouseEntrez),
  },
  { id: "ratName", group: "Rat", header: "Symbol", cell: (g) => cellValue(g.ratName) },
  {
    id: "ratEntrez",
    group: "Rat",
    header: "Entrez",
    sortKey: "RatEntrez",
    cell: (g) => cellValue(g.ratEntrez),
  },
  { id: "mgi", header: "MGI", sortKey: "MGI", cell: (g) => cellValue(g.mgi) },
  {
    id: "paperCount",
    header: "Papers",
    sortKey: "PaperCount",
    numeric: true,
    cell: (g) => formatCount(g.paperCount),
  },
  { id: "diseasesCount", header: "Diseases", numeric: true, cell: (g) => formatCount(g.diseasesCount) },
  { id: "omimCount", header: "OMIM", numeric: true, cell: (g) => formatCount(g.omimCount) },
  { id: "syngoCount", header: "GO Terms", numeric: true, cell: (g) => formatCount(g.syngoCount) },
  {
    id: "isConsensus",
    header: "Consensus",
    cell: (g) =>
      g.isConsensus ? <span className="badge badge-consensus">Yes</span> : <span className="muted">No</span>,
  },
];

/** The Synapse Proteome Catalog (spec 2 §2.1): every gene, sortable, filterable, paged. */
export default function GeneTablePage() {
  useDocumentTitle(TITLE);
  const state = useCatalogView(GENE_SORT);
  const { view } = state;
  const minId = useId();
  const { variables, restUrl, csvUrl } = catalogRequest<GeneSortKey>(view, "gene");
  const result = useQuery(geneCatalogQuery, { variables, notifyOnNetworkStatusChange: true });
  const table = result.error ? undefined : (result.data ?? result.previousData)?.geneTable;

  return (
    <CatalogTable<GeneRow>
      noun="gene"
      title={TITLE}
      subtitle="Every gene of the synapse proteome with its human, mouse and rat identifiers and how often it was reported."
      state={state}
      columns={COLUMNS}
      rows={table?.genes ?? []}
      rowKey={(g) => g.id}
      total={table?.pagination.total ?? 0}
      totalPages={table?.pagination.totalPages ?? 1}
      loading={result.loading}
      loaded={table !== undefined}
      error={result.error}
      onRefresh={() => void result.refetch()}
      summary={
        table
          ? [
              {
                label: "Consensus genes in result",
                value: formatCount(table.consensus.totalInResult),
                testId: "summary-total-in-result",
              },
              {
                label: "Share of result",
                value: formatPercentage(table.consensus.percentageInResult),
                testId: "summary-percentage-in-result",
              },
              {
                label: "Consensus genes in database",
                value: formatCount(table.consensus.totalInDatabase),
                testId: "summary-total-in-database",
              },
            ]
          : null
      }
      api={{
        document: geneCatalogQuery,
        variables,
        restUrl,
      }}
      csvUrl={csvUrl}
      searchPlaceholder="Symbol, gene name, MGI id, Entrez id or Gene ID..."
      consensusLabel="Consensus genes only (found in five or more studies)"
      filters={
        <label className="catalog-min" htmlFor={minId}>
          Found in at least
          <input
            id={minId}
            className="input"
            type="number"
            min={1}
            inputMode="numeric"
            value={state.minStudiesInput}
            onChange={(event) => state.setMinStudiesInput(event.target.value)}
            placeholder="any"
            data-testid="min-studies"
          />
          studies
        </label>
      }
    />
  );
}
