import type { GenePaper } from "../../../schema/gene-views.type";
import type { PageRequest } from "../../services/paging";

/** The paging arguments every connection field takes. */
export const PAGE = { defaultValue: 1, description: "Page (1-based)." };
export const PAGE_SIZE = { defaultValue: 20, description: "Items per page (1–100)." };

// How a connection's list counts in a query's cost (limits.ts, fan-out.ts), said on each connection field
// instead of one release's sizes: another release has other longest lists.
export const COSTED_AT_LONGEST =
  "Its length is totalCount. The query cost limit counts n parents' lists as the n longest such lists in the live release, each at most pageSize.";
export const COSTED_AS_PAGE =
  "Its length is totalCount. The query cost limit counts it as min(pageSize, the paper table's rows) per parent: the list is derived, not measured per release.";

/** The same for a list field without pages (an older form, or a list short in every release). */
export const COSTED_WHOLE =
  "Unpaged: the query cost limit counts n parents' lists as the n longest such lists in the live release.";

/** The paging fields of a connection for one page of a list of `totalCount` items. */
export function paging(request: PageRequest, totalCount: number) {
  return {
    totalCount,
    page: request.page,
    pageSize: request.pageSize,
    hasNextPage: request.page * request.pageSize < totalCount,
  };
}

/** The study context of an edge between a gene and a study (a row of paper_gene). */
export function studyEdge(
  row: Pick<GenePaper, "species" | "brainRegion" | "localisation" | "method" | "dataset" | "isSynthetic">,
) {
  return {
    species: row.species,
    brainRegion: row.brainRegion,
    compartment: row.localisation,
    method: row.method,
    dataset: row.dataset,
    isSynthetic: row.isSynthetic,
  };
}

/** One page of a list a loader read whole (a gene's own lists are bounded by the release: ≤ 300). */
export function slice<T>(list: T[], request: PageRequest): T[] {
  const start = (request.page - 1) * request.pageSize;
  return list.slice(start, start + request.pageSize);
}
