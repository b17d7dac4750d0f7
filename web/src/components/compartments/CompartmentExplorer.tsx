import type { PanelState } from "../../lib/compartments";
import { HeadingLevel } from "../SectionHeading";
import { CompartmentCards } from "./CompartmentCards";
import { CompartmentProteinsPanel } from "./CompartmentProteinsPanel";
import "./compartments.css";

/**
 * The four compartment cards and, below them, the proteins panel of the selected one
 * (home page and compartments screen). A card click opens its panel at page 1 with a
 * fresh search; the same card again keeps the view; close clears the selection.
 */
export function CompartmentExplorer({
  state,
  onChange,
}: {
  state: PanelState;
  onChange: (change: (current: PanelState) => PanelState) => void;
}) {
  const { compartment } = state;
  return (
    <div>
      <CompartmentCards
        selected={compartment}
        onSelect={(name) => {
          if (name === compartment) return;
          onChange((current) => ({ ...current, compartment: name, q: "", frequency: "all", page: 1 }));
        }}
      />
      {compartment && (
        <HeadingLevel level={3}>
          <CompartmentProteinsPanel
            key={compartment}
            state={{ ...state, compartment }}
            onChange={onChange}
            onClose={() =>
              onChange((current) => ({ ...current, compartment: null, q: "", frequency: "all", page: 1 }))
            }
          />
        </HeadingLevel>
      )}
    </div>
  );
}
