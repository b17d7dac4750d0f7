/** The CSV files of the brain-region screen (spec 2 §7.1), all served by the REST API. */

/** Every region, compartment and consensus protein. */
export const FULL_DATASET_CSV = "/api/proteins/brain-regions/csv";

/** One compartment across every region. */
export function compartmentCsv(compartment: string): string {
  return `${FULL_DATASET_CSV}?compartment=${encodeURIComponent(compartment)}`;
}

/** Every compartment of one region. */
export function regionCsv(regionId: number): string {
  return `/api/proteins/brain-regions/${regionId}/All/csv`;
}

/** One compartment of one region. */
export function regionCompartmentCsv(regionId: number, compartment: string): string {
  return `/api/proteins/brain-regions/${regionId}/${encodeURIComponent(compartment)}/csv`;
}
