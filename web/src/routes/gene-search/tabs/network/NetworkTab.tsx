import { NetworkView } from "../../../../components/network/NetworkView";
import { networkSource } from "./definition";

/** The gene's protein interaction network (PPI table): its partners, induced by default. */
export function NetworkTab({ geneId }: { geneId: number }) {
  return (
    <div data-testid="tab-content-network">
      <NetworkView source={networkSource(geneId)} title="Protein interaction network" />
    </div>
  );
}
