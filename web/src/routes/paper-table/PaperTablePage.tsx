import { Link } from "react-router-dom";
import { type CatalogDefinition, CatalogPage } from "../../components/catalog/CatalogPage";
import {
  type CatalogColumn,
  catalogConsensusSummary,
  consensusColumns,
} from "../../components/catalog/CatalogTable";
import { SyntheticTag } from "../../components/SyntheticTag";
import type { PaperCatalogQuery, PaperSortKey } from "../../gql/graphql";
import type { CatalogSortConfig } from "../../lib/catalog";
import { formatCount } from "../../lib/format";
import { studyPmidAddress } from "../../lib/links";
import { paperCatalogQuery } from "./paperTable.queries";

type PaperRow = PaperCatalogQuery["paperTable"]["papers"][number];

export const PAPER_SORT: CatalogSortConfig = {
  keys: ["Year", "PMID", "PaperTitle"],
  defaultKey: "Year",
  defaultDir: "desc",
};

const searchLink = (p: PaperRow) => studyPmidAddress(p.pmid);

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
export const paperCatalog: CatalogDefinition<PaperCatalogQuery, PaperRow, PaperSortKey> = {
  noun: "paper",
  title: "Publications Catalog",
  subtitle:
    "The synapse proteomic and mutation studies behind the data, with the share of their genes in the consensus set.",
  description:
    "A sortable table of the synapse proteomic and mutation studies behind the data: year, title, share of consensus genes and mutations of each.",
  sort: PAPER_SORT,
  query: paperCatalogQuery,
  table: ({ paperTable }) => ({
    rows: paperTable.papers,
    pagination: paperTable.pagination,
    summary: catalogConsensusSummary(paperTable.consensus),
  }),
  columns: COLUMNS,
  rowKey: (p) => p.pmid,
  rowConsensus: (p) => p.consensusPercentage,
  searchPlaceholder: "Study name, title, description, PMID or year...",
  consensusLabel: "Only studies reporting consensus genes",
};

export default function PaperTablePage() {
  return <CatalogPage definition={paperCatalog} />;
}
