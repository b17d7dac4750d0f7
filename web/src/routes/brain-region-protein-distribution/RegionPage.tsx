import { useQuery } from "@apollo/client/react";
import { useParams } from "react-router-dom";
import { termJsonLd } from "../../../../schema/linked-data";
import { CiteButton } from "../../components/cite/CiteButton";
import { RecordBreadcrumb } from "../../components/entity-search/RecordBreadcrumb";
import { RecordHeader } from "../../components/entity-search/RecordHeader";
import { RecordNotFound } from "../../components/entity-search/RecordNotFound";
import {
  linkedDataSite,
  recordReleaseRequest,
  useRecordRelease,
} from "../../components/entity-search/recordRelease";
import { Spinner } from "../../components/Spinner";
import { useAddressParams } from "../../hooks/useAddress";
import { NOT_FOUND_DESCRIPTION, usePageHead } from "../../hooks/useDocumentTitle";
import { describeError } from "../../lib/errors";
import { externalUrl, regionAddress, slug } from "../../lib/links";
import { pageQuery, type ScreenPreload } from "../../lib/pageQuery";
import { countOf } from "../../lib/plural";
import { siteConfig } from "../../site.config";
import { brainRegionDistributionQuery, TOP_LIMIT } from "./brainRegion.queries";
import "./brainRegion.css";
import { RegionPanel } from "./RegionPanel";

const SCREEN = "Brain Region Protein Distribution";

/** Every region's distribution, the page finding its own among them. */
const distributionRequest = pageQuery(brainRegionDistributionQuery, { topLimit: TOP_LIMIT });

/** What the server render of a region's page runs before it renders (src/prerender.tsx). */
export const preload: ScreenPreload = async (_address, run) => {
  await Promise.all([run(recordReleaseRequest), run(distributionRequest)]);
};

/**
 * A brain region's own page (/brain-region/hippocampus): the brain region screen's panel of the region,
 * its compartments and their proteins, the chosen compartment in the address (?compartment=Presynaptic).
 */
export default function RegionPage() {
  const segment = useParams().region ?? "";
  const [params, setParams] = useAddressParams();
  const release = useRecordRelease();
  const { data, loading, error } = useQuery(distributionRequest.query, {
    variables: distributionRequest.variables,
  });
  const region = data?.brainRegionDistribution.regions.find((r) => slug(r.region.name) === segment) ?? null;
  const name = region?.region.name ?? segment;
  usePageHead(
    region
      ? {
          title: `${name} (brain region) | ${siteConfig.productName}`,
          description: `${name}${region.region.interlexId ? ` (InterLex ${region.region.interlexId})` : ""}: ${countOf(region.distinctProteinCount, "synaptic protein")} reported in ${countOf(region.paperCount, "study", "studies")}, by synaptic compartment.${release ? ` ${release.name} ${release.version}.` : ""}`,
          canonical: regionAddress(name),
          jsonLd: release
            ? [
                termJsonLd(
                  {
                    path: regionAddress(name),
                    name,
                    code: region.region.interlexId ?? String(region.region.id),
                    description: region.region.description,
                    set: "Brain regions of the synapse proteomic studies",
                    sameAs: externalUrl("interlex", region.region.interlexId),
                  },
                  linkedDataSite(release),
                ),
              ]
            : undefined,
        }
      : data
        ? { title: "Page Not Found", description: NOT_FOUND_DESCRIPTION, canonical: null }
        : {
            title: SCREEN,
            description: `The synaptic proteins reported in the brain region ${segment}, by compartment.`,
          },
  );
  const breadcrumb = (
    <RecordBreadcrumb screen={SCREEN} to="/brain-region-protein-distribution" current={name} />
  );
  if (error)
    return (
      <div className="page">
        {breadcrumb}
        <p className="error-text" role="alert">
          Could not load {segment}: {describeError(error)}
        </p>
      </div>
    );
  if (loading || !data)
    return (
      <div className="page">
        {breadcrumb}
        <Spinner label={`Loading ${segment}...`} />
      </div>
    );
  if (!region) return <RecordNotFound scope={null} identifier={segment} noun="brain region" />;
  const compartment = params.get("compartment");
  return (
    <div className="page" data-testid="region-page">
      {breadcrumb}
      <RecordHeader
        actions={
          release && (
            <CiteButton record={`${name} (brain region)`} path={regionAddress(name)} release={release} />
          )
        }
      >
        <h1>{name}</h1>
        <p className="page-subtitle">Synaptic proteins reported in this brain region, by compartment.</p>
      </RecordHeader>
      <div className="brh-card">
        <RegionPanel
          region={region}
          compartment={compartment}
          onCompartment={(chosen) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (next.get("compartment") === chosen) next.delete("compartment");
                else next.set("compartment", chosen);
                return next;
              },
              { replace: true, preventScrollReset: true },
            )
          }
        />
      </div>
    </div>
  );
}
