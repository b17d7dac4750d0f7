import { useQuery } from "@apollo/client/react";
import { compartmentColour, compartmentLabel, orderCompartments } from "../../lib/compartments";
import { formatCount } from "../../lib/format";
import { loadErrorText } from "../../lib/loadError";
import { Spinner } from "../Spinner";
import { SyntheticTag } from "../SyntheticTag";
import { compartmentSummariesQuery } from "./compartments.queries";

/** The four compartment cards with their protein counts from the data; a click selects one. */
export function CompartmentCards({
  selected,
  onSelect,
}: {
  selected: string | null;
  onSelect: (compartment: string) => void;
}) {
  const { data, error, loading } = useQuery(compartmentSummariesQuery);
  if (loading && !data) return <Spinner label="Loading compartments..." />;
  if (error && !data) {
    return (
      <div className="error-text" role="alert" data-testid="compartments-error">
        <strong>Error loading data</strong>
        <p>{loadErrorText(error, "Failed to load compartment data")}</p>
      </div>
    );
  }
  const cards = orderCompartments(data?.compartments ?? []);
  return (
    <div>
      <ul className="compartment-cards" data-testid="compartment-cards">
        {cards.map((card) => {
          const isSelected = card.compartment === selected;
          return (
            <li key={card.compartment}>
              <button
                type="button"
                className={`compartment-card is-${compartmentColour(card.compartment)}${isSelected ? " is-selected" : ""}`}
                aria-pressed={isSelected}
                aria-controls={selected ? "compartment-panel" : undefined}
                onClick={() => onSelect(card.compartment)}
                data-testid="compartment-card"
                data-compartment={card.compartment}
                data-count={card.proteinCount}
              >
                <span className="compartment-card-name">{compartmentLabel(card.compartment)}</span>
                <span className="compartment-card-count" data-testid="compartment-count">
                  {formatCount(card.proteinCount)}
                </span>
                <span className="compartment-card-unit">proteins</span>
                <span className="compartment-card-action">
                  {isSelected ? "Showing proteins" : "View proteins"}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {data?.datasetOverview.includesSyntheticSamples && (
        <p className="muted small compartment-note" data-testid="compartments-synthetic-note">
          <SyntheticTag title="Counts include synthetic sample study links" /> Counts are distinct genes over
          every study of the release, including its synthetic sample studies.
        </p>
      )}
    </div>
  );
}
