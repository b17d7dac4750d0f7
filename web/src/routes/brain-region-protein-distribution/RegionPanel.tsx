import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { ApiButton } from "../../components/ApiButton";
import { chartPalette, seriesColour } from "../../components/charts/chartTheme";
import { HorizontalBarChart } from "../../components/charts/HorizontalBarChart";
import { DownloadButton } from "../../components/DownloadButton";
import { ExternalLink } from "../../components/ExternalLink";
import { Spinner } from "../../components/Spinner";
import { TablePager } from "../../components/TablePager";
import type { BrainRegionDistributionPageQuery, CompartmentName } from "../../gql/graphql";
import { formatCount } from "../../lib/format";
import { localizationLabel } from "../../lib/history";
import { externalUrl, geneAddress } from "../../lib/links";
import { clampPage } from "../../lib/pager";
import { countOf } from "../../lib/plural";
import {
  brainRegionDistributionQuery,
  PROTEIN_PAGE_SIZE,
  regionProteinsQuery,
  TOP_LIMIT,
} from "./brainRegion.queries";
import { regionCompartmentCsv, regionCsv } from "./downloads";

type Region = BrainRegionDistributionPageQuery["brainRegionDistribution"]["regions"][number];
type RegionCompartment = Region["compartments"][number];

interface RegionPanelProps {
  region: Region;
  compartment: string | null;
  onCompartment: (compartment: string) => void;
}

const HUE = chartPalette[0];
const MUTED = "#9ec5e0";

/** The side panel of the selected region, and of the chosen compartment when there is one. */
export function RegionPanel({ region, compartment, onCompartment }: RegionPanelProps) {
  const chosen = region.compartments.find((c) => c.name === compartment) ?? null;
  const interlex = region.region.interlexId;
  return (
    <aside aria-labelledby="brh-region-name" data-testid="region-panel">
      <header className="brh-panel-head">
        <h2 id="brh-region-name" data-testid="region-name">
          {region.region.name}
        </h2>
        {region.region.description && region.region.description !== region.region.name && (
          <p className="muted small">{region.region.description}</p>
        )}
      </header>

      <dl className="brh-facts" data-testid="region-details">
        <div>
          <dt>InterLex ID</dt>
          <dd data-testid="region-interlex">
            {interlex ? (
              <ExternalLink href={externalUrl("interlex", interlex)}>{interlex}</ExternalLink>
            ) : (
              <span className="muted">None</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Unique proteins</dt>
          <dd data-testid="region-proteins">{formatCount(region.distinctProteinCount)}</dd>
        </div>
        <div>
          <dt>Total papers</dt>
          <dd data-testid="region-papers">{formatCount(region.paperCount)}</dd>
        </div>
      </dl>

      <section className="brh-panel-section" aria-labelledby="brh-compartments-heading">
        <h3 id="brh-compartments-heading">Proteins per compartment</h3>
        <HorizontalBarChart
          testId="compartment-chart"
          figure={{
            name: `brain-region-${region.region.name}-compartments`,
            title: `Consensus proteins of ${region.region.name} per synaptic compartment.`,
            filters: [
              { label: "Brain region", value: region.region.name },
              { label: "Highlighted compartment", value: compartment ? localizationLabel(compartment) : "" },
            ],
          }}
          items={region.compartments.map((c) => ({
            key: c.name,
            label: localizationLabel(c.name),
            value: c.proteinCount,
          }))}
          colour={(item) => (compartment === null || item.key === compartment ? HUE : MUTED)}
          valueLegend="Consensus proteins"
          unit={["protein", "proteins"]}
          summary={`Consensus proteins of ${region.region.name} per compartment: ${region.compartments
            .map((c) => `${localizationLabel(c.name)} ${c.proteinCount}`)
            .join(", ")}.`}
          onSelect={(item) => {
            if (item.value > 0 && item.key !== compartment) onCompartment(item.key);
          }}
        />
        <fieldset className="brh-compartment-buttons">
          <legend className="visually-hidden">Choose a compartment</legend>
          {region.compartments.map((c) => (
            <button
              key={c.name}
              type="button"
              className={`btn btn-small${c.name === compartment ? " btn-primary" : ""}`}
              aria-pressed={c.name === compartment}
              disabled={c.proteinCount === 0}
              onClick={() => onCompartment(c.name)}
              data-testid="compartment-button"
              data-compartment={c.name}
            >
              {localizationLabel(c.name)} <span className="brh-count">{formatCount(c.proteinCount)}</span>
            </button>
          ))}
        </fieldset>
        <div className="brh-downloads">
          <DownloadButton
            url={regionCsv(region.region.id)}
            label={`All proteins of ${region.region.name}`}
            testId="download-region-all"
          />
        </div>
      </section>

      {compartment !== null && chosen === null && (
        <p className="empty-text">This region has no compartment named {localizationLabel(compartment)}.</p>
      )}
      {chosen && <CompartmentDetail region={region} compartment={chosen} />}
    </aside>
  );
}

function CompartmentDetail({ region, compartment }: { region: Region; compartment: RegionCompartment }) {
  const label = localizationLabel(compartment.name);
  const regionId = region.region.id;
  return (
    <section
      className="brh-panel-section"
      aria-labelledby="brh-compartment-heading"
      data-testid="compartment-detail"
    >
      <div className="brh-section-head">
        <h3 id="brh-compartment-heading">
          {label} <span className="muted">in {region.region.name}</span>
        </h3>
        {compartment.proteinCount > 0 && (
          <DownloadButton
            url={regionCompartmentCsv(regionId, compartment.name)}
            label="Download CSV"
            testId="download-region-compartment"
          />
        )}
      </div>
      <dl className="brh-stats">
        <div>
          <dt>Proteins</dt>
          <dd data-testid="compartment-proteins">{formatCount(compartment.proteinCount)}</dd>
        </div>
        <div>
          <dt>Papers</dt>
          <dd data-testid="compartment-papers">{formatCount(compartment.paperCount)}</dd>
        </div>
        <div>
          <dt>Species</dt>
          <dd data-testid="compartment-species">{formatCount(compartment.speciesDistribution.length)}</dd>
        </div>
      </dl>

      {compartment.proteinCount === 0 ? (
        <p className="empty-text">No consensus proteins were reported in this region and compartment.</p>
      ) : (
        <>
          <div className="brh-subsection">
            <div className="brh-section-head">
              <h4>Top proteins by paper count</h4>
              <ApiButton
                document={brainRegionDistributionQuery}
                variables={{ topLimit: TOP_LIMIT }}
                restUrl={`/api/proteins/brain-regions?top_limit=${TOP_LIMIT}`}
                title={`top proteins of ${region.region.name}, ${label}`}
                testId="top-proteins-api"
              />
            </div>
            <ol className="brh-top-list" data-testid="top-proteins">
              {compartment.topProteins.map((p) => (
                <li key={p.geneId}>
                  <Link to={geneAddress(p.symbol)}>{p.symbol}</Link>
                  <span className="muted small">{countOf(p.paperCount, "paper")}</span>
                </li>
              ))}
            </ol>
          </div>

          <div className="brh-subsection">
            <h4>Species distribution</h4>
            <HorizontalBarChart
              testId="species-chart"
              figure={{
                name: `brain-region-${region.region.name}-${label}-species`,
                title: `Consensus proteins of ${region.region.name}, ${label}, per species.`,
                filters: [
                  { label: "Brain region", value: region.region.name },
                  { label: "Compartment", value: label },
                ],
              }}
              items={compartment.speciesDistribution.map((s) => ({
                key: s.speciesName,
                label: s.speciesName.charAt(0).toUpperCase() + s.speciesName.slice(1),
                value: s.proteinCount,
              }))}
              colour={(item) =>
                seriesColour(
                  Math.max(
                    0,
                    compartment.speciesDistribution.findIndex((s) => s.speciesName === item.key),
                  ) + 1,
                )
              }
              valueLegend="Consensus proteins"
              unit={["protein", "proteins"]}
              summary={`Consensus proteins of ${region.region.name}, ${label}, per species: ${compartment.speciesDistribution
                .map((s) => `${s.speciesName} ${s.proteinCount}`)
                .join(", ")}.`}
              labelWidth={72}
            />
            <p className="muted small">
              A protein reported in several species counts once per species, so the bars can add up to more
              than the protein count.
            </p>
          </div>

          {/* A new region or compartment starts its table at page 1. */}
          <ProteinTable
            key={`${regionId}|${compartment.name}`}
            regionId={regionId}
            regionName={region.region.name}
            compartment={compartment.name}
          />
        </>
      )}
    </section>
  );
}

function ProteinTable({
  regionId,
  regionName,
  compartment,
}: {
  regionId: number;
  regionName: string;
  compartment: string;
}) {
  const [page, setPage] = useState(1);
  // A name the API listed for this region, so always one of the enum's.
  const variables = {
    regionId,
    compartment: compartment as CompartmentName,
    page,
    pageSize: PROTEIN_PAGE_SIZE,
  };
  const result = useQuery(regionProteinsQuery, { variables });
  const { loading, error } = result;
  // The last page stays on screen while the next one loads.
  const table = (result.data ?? result.previousData)?.brainRegionProteinTable;
  const proteins = error ? undefined : table?.proteins;
  const total = table?.pagination.total ?? 0;
  const shown = table?.pagination.page ?? page;
  const label = localizationLabel(compartment);
  return (
    <div className="brh-subsection">
      <div className="brh-section-head">
        <h4 id="brh-protein-table-heading">
          Proteins {table && <span className="muted small">({formatCount(total)}, by paper count)</span>}
        </h4>
        <ApiButton
          document={regionProteinsQuery}
          variables={variables}
          restUrl={`/api/proteins/brain-regions/csv?region_id=${regionId}&compartment=${encodeURIComponent(compartment)}`}
          title={`proteins of ${regionName}, ${label}`}
          testId="protein-table-api"
        />
      </div>
      {loading && !table && <Spinner label="Loading proteins..." />}
      {error && <p className="error-text">Error loading proteins: {error.message}</p>}
      {proteins && (
        <div className="table-wrap brh-table-scroll">
          <table
            className="data-table is-compact"
            aria-labelledby="brh-protein-table-heading"
            data-testid="protein-table"
          >
            <thead>
              <tr>
                <th scope="col">Gene</th>
                <th scope="col">Human Entrez</th>
                <th scope="col" className="num">
                  Papers
                </th>
                <th scope="col">Species</th>
              </tr>
            </thead>
            <tbody>
              {proteins.map((p) => (
                <tr key={p.geneId}>
                  <td>
                    <Link to={geneAddress(p.symbol)}>{p.symbol}</Link>
                  </td>
                  <td>
                    {p.humanEntrez ? (
                      <ExternalLink href={externalUrl("ncbiGene", p.humanEntrez)}>
                        {p.humanEntrez}
                      </ExternalLink>
                    ) : (
                      <span className="muted">N/A</span>
                    )}
                  </td>
                  <td className="num">{formatCount(p.paperCount)}</td>
                  <td>{p.species.join(", ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {proteins && total > PROTEIN_PAGE_SIZE && (
        <TablePager
          page={shown}
          pageSize={PROTEIN_PAGE_SIZE}
          total={total}
          onChange={(next) => setPage(clampPage(next, table?.pagination.totalPages ?? 1))}
          label={`Proteins of ${regionName}, ${label}: pages`}
          testId="protein-table-pager"
          rangeTestId="protein-table-range"
        />
      )}
    </div>
  );
}
