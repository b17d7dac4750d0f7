import { useQuery } from "@apollo/client/react";
import type { LinkedDataSite } from "../../../../schema/linked-data";
import { graphql } from "../../gql";
import { ORIGIN_PLACEHOLDER } from "../../hooks/useDocumentTitle";
import { siteConfig } from "../../site.config";

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

/**
 * Where a record page's JSON-LD says it is: the portal and the release, with the origin left for the
 * gateway to fill as it sends the page (ORIGIN_PLACEHOLDER).
 */
export function linkedDataSite(release: RecordRelease): LinkedDataSite {
  return { origin: ORIGIN_PLACEHOLDER, portalName: siteConfig.productName, release };
}
