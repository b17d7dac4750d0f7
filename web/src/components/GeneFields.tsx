import type { ReactNode } from "react";
import { externalUrl } from "../lib/links";
import { ExternalLink } from "./ExternalLink";
import "./detailTab.css";

type Id = string | number | null | undefined;

/** One labelled value of a mini card's field list (`<dl className="fields">`). */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The badge of a consensus gene (reported in five or more studies). */
export function ConsensusBadge() {
  return (
    <span
      className="badge badge-consensus"
      title="Reported in five or more synapse proteome studies"
      data-testid="consensus-badge"
    >
      Consensus
    </span>
  );
}

/**
 * A gene's identifier fields in a mini card: Human, Mouse and Rat Entrez, MGI (linked, N/A when
 * missing) and its phenotypes (HPO). `show` draws each id (the tab decides which it highlights).
 */
export function GeneIdFields({
  gene,
  show,
}: {
  gene: { humanEntrez?: Id; mouseEntrez?: Id; ratEntrez?: Id; mgi?: Id };
  show: (value: Id, field: "humanEntrez" | "mouseEntrez" | "ratEntrez" | "mgi") => ReactNode;
}) {
  return (
    <>
      <Field label="Human Entrez">
        <ExternalLink href={externalUrl("ncbiGene", gene.humanEntrez)} disabledText="N/A">
          {show(gene.humanEntrez, "humanEntrez")}
        </ExternalLink>
      </Field>
      <Field label="Mouse Entrez">
        <ExternalLink href={externalUrl("ncbiGene", gene.mouseEntrez)} disabledText="N/A">
          {show(gene.mouseEntrez, "mouseEntrez")}
        </ExternalLink>
      </Field>
      <Field label="Rat Entrez">
        <ExternalLink href={externalUrl("ncbiGene", gene.ratEntrez)} disabledText="N/A">
          {show(gene.ratEntrez, "ratEntrez")}
        </ExternalLink>
      </Field>
      <Field label="MGI">
        <ExternalLink href={externalUrl("mgi", gene.mgi)} disabledText="N/A">
          {show(gene.mgi, "mgi")}
        </ExternalLink>
      </Field>
      <Field label="Phenotypes">
        <ExternalLink href={externalUrl("humanPhenotypeOntology", gene.humanEntrez)} disabledText="N/A">
          HPO
        </ExternalLink>
      </Field>
    </>
  );
}
