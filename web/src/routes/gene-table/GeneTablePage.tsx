import { useId } from "react";
import { Link } from "react-router-dom";
import { type CatalogDefinition, CatalogPage } from "../../components/catalog/CatalogPage";
import { type CatalogColumn, cellValue } from "../../components/catalog/CatalogTable";
import type { CatalogViewState } from "../../components/catalog/useCatalogView";
import type { GeneCatalogQuery, GeneSortKey } from "../../gql/graphql";
import { type CatalogSortConfig, formatPercentage } from "../../lib/catalog";
import { formatCount } from "../../lib/format";
import { geneAddress } from "../../lib/links";
import { geneCatalogQuery } from "./geneTable.queries";

type GeneRow = GeneCatalogQuery["geneTable"]["genes"][number];

export const GENE_SORT: CatalogSortConfig = {
  keys: ["ID", "HumanName", "HumanEntrez", "MouseEntrez", "RatEntrez", "MGI", "PaperCount"],
  defaultKey: "ID",
  defaultDir: "asc",
};

const COLUMNS: CatalogColumn<GeneRow>[] = [
  { id: "id", header: "Gene ID", sortKey: "ID", numeric: true, cell: (g) => g.id },
  {
    id: "humanName",
    group: "Human",
    header: "Symbol",
    sortKey: "HumanName",
    cell: (g) => (
      <Link className="catalog-link" to={geneAddress(g.humanName)}>
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

/** 'Found in at least [n] studies' beside the consensus checkbox. */
function MinStudiesFilter({ state }: { state: CatalogViewState }) {
  const minId = useId();
  return (
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
  );
}

/** The Synapse Proteome Catalog (spec 2 §2.1): every gene, sortable, filterable, paged. */
export const geneCatalog: CatalogDefinition<GeneCatalogQuery, GeneRow, GeneSortKey> = {
  noun: "gene",
  title: "Synapse Proteome Catalog",
  subtitle:
    "Every gene of the synapse proteome with its human, mouse and rat identifiers and how often it was reported.",
  description:
    "A sortable table of every gene of the synapse proteome: human, mouse and rat identifiers, its studies, diseases, OMIM records and GO terms.",
  sort: GENE_SORT,
  query: geneCatalogQuery,
  table: ({ geneTable }) => ({
    rows: geneTable.genes,
    pagination: geneTable.pagination,
    summary: [
      {
        label: "Consensus genes in result",
        value: formatCount(geneTable.consensus.totalInResult),
        testId: "summary-total-in-result",
      },
      {
        label: "Share of result",
        value: formatPercentage(geneTable.consensus.percentageInResult),
        testId: "summary-percentage-in-result",
      },
      {
        label: "Consensus genes in database",
        value: formatCount(geneTable.consensus.totalInDatabase),
        testId: "summary-total-in-database",
      },
    ],
  }),
  columns: COLUMNS,
  rowKey: (g) => g.id,
  searchPlaceholder: "Symbol, gene name, MGI id, Entrez id or Gene ID...",
  consensusLabel: "Consensus genes only (found in five or more studies)",
  filters: (state) => <MinStudiesFilter state={state} />,
};

export default function GeneTablePage() {
  return <CatalogPage definition={geneCatalog} />;
}
