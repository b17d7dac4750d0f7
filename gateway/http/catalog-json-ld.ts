import { releaseCitationText } from "../../schema/citation";
import {
  type DownloadInput,
  datasetJsonLd,
  type JsonLd,
  jsonLdDocument,
  jsonLdScriptText,
  releaseDateOf,
  type SiteContext,
  webSiteJsonLd,
} from "../../schema/linked-data";
import { doiUrl, type PortalIdentity, portalIdentity } from "../../schema/portal-identity";
import { DATA_ARCHIVE_PATH, DATA_PACKAGE_PATH } from "../rest/data-package";
import { exportDefinitions } from "../services/export.service";
import type { ReleaseDescription } from "../services/release-description.service";
import { ORIGIN_PLACEHOLDER, type ScreenJsonLd } from "./web-pages";

/**
 * The catalog markup of the portal's two catalog screens: the release as a Dataset in the portal's
 * DataCatalog on `/` and `/data`, and the WebSite with its gene search on `/`. Built once per release
 * (and once more when the files' measurement is stored), with the origin left as the placeholder the
 * page sender fills per origin; the gateway adds it to those built pages and answers it for
 * `Accept: application/ld+json`.
 */

/** The screens that carry the catalog markup, by path. */
export const CATALOG_SCREENS = ["/", "/data"] as const;

/** The portal's page of the release: the Dataset's url and the descriptor's homepage. */
const RELEASE_PAGE = "/data";

/** Every file the release is offered as: each bulk CSV, then the data package descriptor and archive. */
export function releaseDownloads(fileBytes: ReadonlyMap<string, number> | null): DownloadInput[] {
  return [
    ...exportDefinitions.map((definition) => ({
      name: definition.name,
      url: `/api/${definition.name}`,
      encodingFormat: "text/csv",
      bytes: fileBytes?.get(definition.name) ?? null,
      description: definition.summary,
    })),
    {
      name: "datapackage.json",
      url: DATA_PACKAGE_PATH,
      encodingFormat: "application/json",
      bytes: null,
      description: "Frictionless Data Package descriptor of every CSV file: columns, types, keys, sizes.",
    },
    {
      name: "datapackage.zip",
      url: DATA_ARCHIVE_PATH,
      encodingFormat: "application/zip",
      bytes: null,
      description: "The descriptor and every CSV file in one zip archive.",
    },
  ];
}

/** The JSON-LD objects of each catalog screen, their URLs under `baseUrl`. */
export function catalogJsonLd(
  release: ReleaseDescription,
  baseUrl: string,
  identity: PortalIdentity = portalIdentity,
): Map<(typeof CATALOG_SCREENS)[number], JsonLd[]> {
  const site: SiteContext = {
    baseUrl,
    portalName: identity.productName,
    portalDescription: identity.description,
    releaseVersion: release.version,
    releaseDate: releaseDateOf(release),
    sampleRelease: release.sample,
  };
  // The published paper when the lab has configured one; else the release itself, as a dataset reference.
  const paper = identity.citation;
  const citation = paper
    ? [paper.text, paper.doi && doiUrl(paper.doi)].filter(Boolean).join(" ")
    : releaseCitationText({
        sample: site.sampleRelease,
        portalName: site.portalName,
        releaseVersion: site.releaseVersion,
        releaseDate: site.releaseDate,
        url: `${baseUrl}${RELEASE_PAGE}`,
      });
  const dataset = datasetJsonLd(
    {
      name: release.name,
      license: identity.dataLicense,
      path: RELEASE_PAGE,
      downloads: releaseDownloads(release.fileBytes),
      citation,
    },
    site,
  );
  return new Map([
    ["/", [webSiteJsonLd(site), dataset]],
    ["/data", [dataset]],
  ]);
}

/**
 * A gateway's catalog markup: built for a release, with the origin left as the placeholder, and then
 * the same object until the release or its files' sizes change.
 */
export function catalogMarkup(): (release: ReleaseDescription) => ScreenJsonLd {
  let built: ScreenJsonLd | null = null;
  return (release) => {
    const key = `${release.key} ${release.fileBytes ? "sized" : "unsized"}`;
    if (built?.key === key) return built;
    const screens = [...catalogJsonLd(release, ORIGIN_PLACEHOLDER)];
    built = {
      key,
      scripts: new Map(
        screens.map(([path, objects]) => [
          path,
          objects
            .map((object) => `<script type="application/ld+json">${jsonLdScriptText(object)}</script>`)
            .join("\n    "),
        ]),
      ),
      documents: new Map(screens.map(([path, objects]) => [path, JSON.stringify(jsonLdDocument(objects))])),
    };
    return built;
  };
}
