import { useQuery } from "@apollo/client/react";
import { graphql } from "../../gql";

/** The loaded release, as a record page names it (its head, its citation). */
export const recordReleaseQuery = graphql(`
  query RecordRelease {
    datasetRelease {
      name
      version
      built
      hasSyntheticData
    }
  }
`);

export interface RecordRelease {
  name: string;
  version: string;
  /** The release's build date (YYYY-MM-DD), where known. */
  date: string | null;
  sample: boolean;
}

/** The loaded release (undefined while it loads). */
export function useRecordRelease(): RecordRelease | undefined {
  const { data } = useQuery(recordReleaseQuery);
  const release = data?.datasetRelease;
  if (!release) return undefined;
  return {
    name: release.name,
    version: release.version,
    date: release.built ? release.built.slice(0, 10) : null,
    sample: release.hasSyntheticData,
  };
}
