import { useParams } from "react-router-dom";
import { termJsonLd } from "../../../../schema/linked-data";
import { CiteButton } from "../../components/cite/CiteButton";
import {
  CompartmentProteinsPanel,
  compartmentProteinsRequest,
} from "../../components/compartments/CompartmentProteinsPanel";
import { RecordBreadcrumb } from "../../components/entity-search/RecordBreadcrumb";
import { RecordHeader } from "../../components/entity-search/RecordHeader";
import { RecordNotFound } from "../../components/entity-search/RecordNotFound";
import {
  linkedDataSite,
  recordReleaseRequest,
  useRecordRelease,
} from "../../components/entity-search/recordRelease";
import { HeadingLevel } from "../../components/SectionHeading";
import { useAddressParams } from "../../hooks/useAddress";
import { NOT_FOUND_DESCRIPTION, usePageHead } from "../../hooks/useDocumentTitle";
import {
  COMPARTMENT_ORDER,
  compartmentLabel,
  type PanelState,
  parsePanelState,
  serializePanelState,
} from "../../lib/compartments";
import { compartmentAddress, slug } from "../../lib/links";
import type { ScreenPreload } from "../../lib/pageQuery";
import { siteConfig } from "../../site.config";
import { COMPARTMENTS_TITLE } from "./SynapticCompartmentsPage";

/** The compartment of the address's segment (/compartment/postsynaptic), null when there is none. */
const compartmentOf = (segment: string | undefined) =>
  COMPARTMENT_ORDER.find((name) => slug(name) === segment) ?? null;

/** What the server render runs before it renders (src/prerender.tsx): the release and the panel's page. */
export const preload: ScreenPreload = async ({ params, search }, run) => {
  const compartment = compartmentOf(params.compartment);
  await Promise.all([
    run(recordReleaseRequest),
    compartment && run(compartmentProteinsRequest({ ...parsePanelState(search), compartment })),
  ]);
};

/**
 * A synaptic compartment's own page (/compartment/postsynaptic): its proteins, with the search, filter,
 * sort and page of the compartments screen's panel in the address (?q=&freq=&sort=&page=).
 */
export default function CompartmentPage() {
  const segment = useParams().compartment ?? "";
  const compartment = compartmentOf(segment);
  const [params, setParams, currentParams] = useAddressParams();
  const release = useRecordRelease();
  const label = compartment ? compartmentLabel(compartment) : segment;
  usePageHead(
    compartment
      ? {
          title: `${label} proteins (synaptic compartment) | ${siteConfig.productName}`,
          description: `The proteins the synapse proteomic studies of the ${label.toLowerCase()} compartment report, with how many of its studies report each.${release ? ` ${release.name} ${release.version}.` : ""}`,
          canonical: compartmentAddress(compartment),
          jsonLd: release
            ? [
                termJsonLd(
                  {
                    path: compartmentAddress(compartment),
                    name: label,
                    code: compartment,
                    description: null,
                    set: "Synaptic compartments of the synapse proteomic studies",
                  },
                  linkedDataSite(release),
                ),
              ]
            : undefined,
        }
      : { title: "Page Not Found", description: NOT_FOUND_DESCRIPTION, canonical: null },
  );
  if (!compartment) return <RecordNotFound scope={null} identifier={segment} noun="compartment" />;

  const state = { ...parsePanelState(params), compartment };
  const onChange = (change: (current: PanelState) => PanelState) => {
    const current = { ...parsePanelState(currentParams()), compartment };
    const next = serializePanelState(change(current));
    next.delete("c"); // the compartment is the page's own
    setParams(next, { replace: true });
  };
  return (
    <div className="page" data-testid="compartment-page">
      <RecordBreadcrumb screen={COMPARTMENTS_TITLE} to="/synaptic-compartments" current={label} />
      <RecordHeader
        actions={
          release && (
            <CiteButton
              record={`${label} compartment`}
              path={compartmentAddress(compartment)}
              release={release}
            />
          )
        }
      >
        <h1>{label} proteins</h1>
      </RecordHeader>
      {/* The h1 names the compartment: the panel's heading, under it, says what the table lists. */}
      <HeadingLevel level={2}>
        <CompartmentProteinsPanel state={state} onChange={onChange} title="Proteins" />
      </HeadingLevel>
    </div>
  );
}
