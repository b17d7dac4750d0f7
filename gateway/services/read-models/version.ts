/**
 * The version of the data a release carries beside its own rows, built from them by this code: the read
 * models (list_row, list_count with its first rows, gene_document), the release documents (the
 * brain-region distribution, the cost model's sizes, the default term sizes, the search index snapshot)
 * and the data package's file measurements. Each release records the version that built its derived data
 * (derived_data); a release of an older version, or of none, is built again (seeds/derived-data.ts).
 *
 * Bump it by hand, in the same commit, when a change makes the stored data differ from what this code
 * would build: a document's shape or contents, a list's order, LIST_HEAD_ROWS, the search index's format
 * or contents, a CSV path's bytes (the data package measures them). A change that reads or writes the same
 * stored data needs no bump.
 */
export const DERIVED_DATA_VERSION = 1;
