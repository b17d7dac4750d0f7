import { useQuery } from "@apollo/client/react";
import { releaseDateOf, type SiteContext } from "../../../../schema/linked-data";
import { graphql } from "../../gql";
import { ORIGIN_PLACEHOLDER } from "../../hooks/useDocumentTitle";
import { pageQuery } from "../../lib/pageQuery";
import { siteConfig } from "../../site.config";

/** The loaded release, as a record page names it (its head, its citation). */
export const recordReleaseQuery = graphql(`
  query RecordRelease {
    datasetRelease {
      name
      version
      built
      loadedAt
      hasSyntheticData
    }
  }
`);

/** The release's query as a record page asks it. */
export const recordReleaseRequest = pageQuery(recordReleaseQuery, {});

export interface RecordRelease {
  name: string;
  version: string;
  /** The release's date (YYYY-MM-DD): its build date, else the day it was loaded. */
  date: string;
  sample: boolean;
}

/** A release as GraphQL's datasetRelease gives it, named as a record page names it. */
export function recordReleaseOf(release: {
  name: string;
  version: string;
  built?: string | null;
  loadedAt: string;
  hasSyntheticData: boolean;
}): RecordRelease {
  return {
    name: release.name,
    version: release.version,
    date: releaseDateOf({ built: release.built ?? null, loadedAt: release.loadedAt }),
    sample: release.hasSyntheticData,
  };
}

/** The loaded release (undefined while it loads). */
export function useRecordRelease(): RecordRelease | undefined {
  const { data } = useQuery(recordReleaseRequest.query, { variables: recordReleaseRequest.variables });
  const release = data?.datasetRelease;
  return release ? recordReleaseOf(release) : undefined;
}

/**
 * Where a record page's JSON-LD says it is: the portal and the release, with the origin left for the
 * gateway to fill as it sends the page (ORIGIN_PLACEHOLDER).
 */
export function linkedDataSite(release: RecordRelease): SiteContext {
  return {
    baseUrl: ORIGIN_PLACEHOLDER,
    portalName: siteConfig.productName,
    portalDescription: siteConfig.description,
    releaseVersion: release.version,
    releaseDate: release.date,
    sampleRelease: release.sample,
  };
}
