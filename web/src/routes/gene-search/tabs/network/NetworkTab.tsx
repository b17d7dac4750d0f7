import { NetworkView } from "../../../../components/network/NetworkView";

/** The gene's protein interaction network (PPI table): its partners, induced by default. */
export function NetworkTab({ geneId }: { geneId: number }) {
  return (
    <div data-testid="tab-content-network">
      <NetworkView source={{ geneIds: [geneId] }} title="Protein interaction network" />
    </div>
  );
}
