import { useQuery } from "@apollo/client/react";
import { useCallback, useMemo, useRef } from "react";
import { DownloadButton } from "../../components/DownloadButton";
import { FigureDownload } from "../../components/figures/FigureDownload";
import { useAddressParams } from "../../hooks/useAddress";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { brainRegionErrorMessage } from "../../lib/chartErrors";
import { formatCount } from "../../lib/format";
import {
  heatmapIntensity,
  nextSelection,
  type RegionSelection,
  shadeOf,
  sortRegionsByName,
} from "../../lib/heatmap";
import { localizationLabel } from "../../lib/history";
import { brainRegionDistributionQuery, TOP_LIMIT } from "./brainRegion.queries";
import "./brainRegion.css";
import { compartmentCsv, FULL_DATASET_CSV } from "./downloads";
import { HEATMAP_HUE, type HeatmapRow, RegionHeatmap } from "./RegionHeatmap";
import { RegionPanel } from "./RegionPanel";

const TITLE = "Brain Region Protein Distribution";

function Skeleton() {
  return (
    <div role="status" aria-live="polite" data-testid="brain-region-skeleton">
      <span className="visually-hidden">Loading brain region data...</span>
      <div className="brh-layout" aria-hidden="true">
        <div className="brh-card">
          {Array.from({ length: 10 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows
            <div key={i} className="skeleton-bar" />
          ))}
        </div>
        <div className="brh-card">
          <div className="skeleton-bar is-title" />
          <div className="skeleton-bar" />
          <div className="skeleton-bar" />
          <div className="skeleton-block" />
        </div>
      </div>
    </div>
  );
}

/** Consensus proteins per brain region and compartment (spec 2 §2.3). */
export default function BrainRegionDistributionPage() {
  useDocumentTitle(
    TITLE,
    "A heatmap of the consensus synaptic proteins by brain region and synaptic compartment, with the proteins of each region and compartment.",
  );
  const [params, setParams] = useAddressParams();
  const heatmapFigureRef = useRef<HTMLDivElement>(null);
  const { data, loading, error } = useQuery(brainRegionDistributionQuery, {
    variables: { topLimit: TOP_LIMIT },
  });
  const distribution = data?.brainRegionDistribution;

  const regions = useMemo(
    () =>
      distribution
        ? sortRegionsByName(distribution.regions.map((r) => ({ ...r, id: r.region.id, name: r.region.name })))
        : [],
    [distribution],
  );
  const compartments = distribution?.compartments ?? [];
  const rows: HeatmapRow[] = useMemo(
    () =>
      regions.map((r) => ({
        id: r.id,
        name: r.name,
        counts: Object.fromEntries(r.compartments.map((c) => [c.name, c.proteinCount])),
      })),
    [regions],
  );

  // The selection lives in the address; the first region is selected by default.
  const regionParam = Number.parseInt(params.get("region") ?? "", 10);
  const selectedRegion = regions.find((r) => r.id === regionParam) ?? regions[0] ?? null;
  const compartmentParam = params.get("compartment");
  const selectedCompartment =
    compartmentParam && compartments.includes(compartmentParam) ? compartmentParam : null;
  const selectedRegionId = selectedRegion?.id ?? null;
  const selection: RegionSelection = useMemo(
    () => ({ regionId: selectedRegionId, compartment: selectedCompartment }),
    [selectedRegionId, selectedCompartment],
  );

  const select = useCallback(
    (next: RegionSelection) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next.regionId === null) updated.delete("region");
          else updated.set("region", String(next.regionId));
          if (next.compartment === null) updated.delete("compartment");
          else updated.set("compartment", next.compartment);
          return updated;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const onCell = useCallback(
    (regionId: number, compartment: string, count: number) =>
      select(nextSelection(selection, { kind: "cell", regionId, compartment, count })),
    [select, selection],
  );

  const max = Math.max(0, ...rows.flatMap((r) => Object.values(r.counts)));

  return (
    <div className="page" data-testid="brain-region-page">
      <header className="page-header">
        <h1>{TITLE}</h1>
        <p className="page-subtitle" data-testid="brain-region-subtitle">
          {distribution ? (
            <>
              {formatCount(distribution.totalProteinsMapped)} consensus proteins across{" "}
              {formatCount(distribution.regions.length)} brain regions and {formatCount(compartments.length)}{" "}
              synaptic compartments
              {distribution.totalProteinsMapped !== distribution.consensusGeneCount &&
                ` (of ${formatCount(distribution.consensusGeneCount)} in the consensus set)`}
              . Consensus proteins are genes reported in five or more studies.
            </>
          ) : (
            "Consensus proteins (genes reported in five or more studies) per brain region and synaptic compartment."
          )}
        </p>
      </header>

      {loading && !distribution && <Skeleton />}

      {error && !distribution && (
        <div className="notice-box brh-error" role="alert" data-testid="brain-region-error">
          <h2>Error Loading Data</h2>
          <p>We encountered an error while loading the brain region protein distribution data.</p>
          <p className="error-text" data-testid="brain-region-error-message">
            {brainRegionErrorMessage(error)}
          </p>
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Reload Page
          </button>
        </div>
      )}

      {distribution && (
        <>
          <div className="brh-toolbar">
            <p className="brh-status" data-testid="brain-region-status">
              {formatCount(regions.length)} regions • {formatCount(compartments.length)} compartments
            </p>
            <div className="brh-downloads">
              <DownloadButton url={FULL_DATASET_CSV} label="Full dataset" testId="download-full" />
              {selectedCompartment && (
                <DownloadButton
                  url={compartmentCsv(selectedCompartment)}
                  label={`${localizationLabel(selectedCompartment)}, all regions`}
                  testId="download-compartment"
                />
              )}
            </div>
          </div>

          {regions.length === 0 ? (
            <p className="empty-text">No brain region data available.</p>
          ) : (
            <div className="brh-layout">
              <section className="brh-card" aria-labelledby="brh-heatmap-heading">
                <div className="brh-section-head">
                  <h2 id="brh-heatmap-heading">Consensus proteins per region and compartment</h2>
                  <FigureDownload
                    target={heatmapFigureRef}
                    name="brain-region-compartment-heatmap"
                    title="Consensus proteins (genes reported in five or more studies) per brain region and synaptic compartment."
                    filters={[
                      {
                        label: "Highlighted region",
                        value: selectedRegion?.name ?? "",
                      },
                      {
                        label: "Highlighted compartment",
                        value: selection.compartment ? localizationLabel(selection.compartment) : "",
                      },
                    ]}
                    testId="heatmap-figure"
                  />
                </div>
                <p className="muted small brh-help">
                  Click a region to show it, a cell to show that region and compartment, or a compartment
                  heading to choose it for the selected region (click it again to clear it).
                </p>
                <p className="muted small brh-scroll-hint">Scroll sideways to see every compartment.</p>
                <div ref={heatmapFigureRef}>
                  <RegionHeatmap
                    rows={rows}
                    compartments={compartments}
                    selectedRegionId={selection.regionId}
                    selectedCompartment={selection.compartment}
                    onRegion={(regionId) => select(nextSelection(selection, { kind: "region", regionId }))}
                    onCell={onCell}
                    onColumn={(compartment) =>
                      select(nextSelection(selection, { kind: "column", compartment }))
                    }
                  />
                  <div className="brh-scale" aria-hidden="true">
                    <span data-figure-text>–&nbsp;none</span>
                    <span className="brh-scale-item">
                      <span data-figure-text>1</span>
                      <span
                        data-figure-swatch
                        className="brh-scale-bar"
                        style={{
                          background: `linear-gradient(to right, ${shadeOf(HEATMAP_HUE, heatmapIntensity(1, max))}, ${shadeOf(HEATMAP_HUE, 1)})`,
                        }}
                      />
                      <span data-figure-text>{formatCount(max)} proteins</span>
                    </span>
                  </div>
                </div>
              </section>
              {selectedRegion && (
                <div className="brh-card">
                  <RegionPanel
                    region={selectedRegion}
                    compartment={selection.compartment}
                    onCompartment={(compartment) =>
                      select(nextSelection(selection, { kind: "column", compartment }))
                    }
                  />
                </div>
              )}
            </div>
          )}
        </>
      )}
    </div>
  );
}
