import { Link } from "react-router-dom";
import { type CatalogDefinition, CatalogPage } from "../../components/catalog/CatalogPage";
import {
  type CatalogColumn,
  catalogConsensusSummary,
  consensusColumns,
} from "../../components/catalog/CatalogTable";
import type { DiseaseCatalogQuery, DiseaseSortKey } from "../../gql/graphql";
import type { CatalogSortConfig } from "../../lib/catalog";
import { formatCount, formatDiseaseName } from "../../lib/format";
import { diseaseAddress } from "../../lib/links";
import { diseaseCatalogQuery } from "./diseaseTable.queries";

type DiseaseRow = DiseaseCatalogQuery["diseaseTable"]["diseases"][number];

export const DISEASE_SORT: CatalogSortConfig = {
  keys: ["HDOID", "Description"],
  defaultKey: "HDOID",
  defaultDir: "asc",
};

const searchLink = (d: DiseaseRow) =>
  d.hdoid ? diseaseAddress(d.hdoid) : `/disease-search?q=${encodeURIComponent(d.description)}`;

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
export const diseaseCatalog: CatalogDefinition<DiseaseCatalogQuery, DiseaseRow, DiseaseSortKey> = {
  noun: "disease",
  title: "Diseases Catalog",
  subtitle:
    "Diseases linked to synaptic genes, with the share of their genes that belong to the consensus synapse proteome.",
  description:
    "A sortable table of the diseases linked to synaptic genes: each one's share of consensus genes, its mutations and the studies behind it.",
  sort: DISEASE_SORT,
  query: diseaseCatalogQuery,
  table: ({ diseaseTable }) => ({
    rows: diseaseTable.diseases,
    pagination: diseaseTable.pagination,
    summary: catalogConsensusSummary(diseaseTable.consensus),
  }),
  columns: COLUMNS,
  rowKey: (d) => d.hdoid,
  rowConsensus: (d) => d.consensusPercentage,
  searchPlaceholder: "HDOID or disease name...",
  consensusLabel: "Only diseases with consensus genes",
};

export default function DiseaseTablePage() {
  return <CatalogPage definition={diseaseCatalog} />;
}
