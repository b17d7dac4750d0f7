import type { ReactNode } from "react";
import { externalUrl, type LinkKey } from "../lib/links";
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

/**
 * A field whose value is an identifier linked to its database (`link`), N/A when missing. Its text
 * is the identifier unless `children` draw it otherwise (e.g. highlighted).
 */
export function LinkedIdField({
  label,
  link,
  id,
  children,
}: {
  label: string;
  link: LinkKey;
  id: Id;
  children?: ReactNode;
}) {
  return (
    <Field label={label}>
      <ExternalLink href={externalUrl(link, id)} disabledText="N/A">
        {children ?? id}
      </ExternalLink>
    </Field>
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

/** A gene's linked identifiers, in the order its cards show them. */
export const GENE_ID_LINKS = [
  { label: "Human Entrez", link: "ncbiGene", field: "humanEntrez" },
  { label: "Mouse Entrez", link: "ncbiGene", field: "mouseEntrez" },
  { label: "Rat Entrez", link: "ncbiGene", field: "ratEntrez" },
  { label: "MGI", link: "mgi", field: "mgi" },
] as const;

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
      {GENE_ID_LINKS.map(({ label, link, field }) => (
        <LinkedIdField key={field} label={label} link={link} id={gene[field]}>
          {show(gene[field], field)}
        </LinkedIdField>
      ))}
      <Field label="Phenotypes">
        <ExternalLink href={externalUrl("humanPhenotypeOntology", gene.humanEntrez)} disabledText="N/A">
          HPO
        </ExternalLink>
      </Field>
    </>
  );
}
