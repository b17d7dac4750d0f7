import { Link } from "react-router-dom";
import type { MutationCardFieldsFragment } from "../gql/graphql";
import { formatCount, orNA, yesNo } from "../lib/format";
import { Field, LinkedIdField } from "./GeneFields";
import { Highlight } from "./Highlight";
import { PubMedLink } from "./PubMedLink";
import { SyntheticTag } from "./SyntheticTag";
import "./detailTab.css";
import "./mutationCard.css";
import { geneAddress } from "../lib/links";
import { SectionHeading } from "./SectionHeading";

/** The mutation fields every mutation card shows (the `MutationCardFields` fragment). */
export type MutationView = MutationCardFieldsFragment;

function Flag({ value }: { value: boolean | null | undefined }) {
  const text = yesNo(value);
  return <span className={`flag flag-${text === "Yes" ? "yes" : text === "No" ? "no" : "na"}`}>{text}</span>;
}

/**
 * One mutation: N/A for missing values (spec 1 §3). The gene page hides the gene fields (the gene is
 * the page) and shows 'N/A' for a missing variant; the disease and publication cards say 'Unknown Variant'.
 */
export function MutationCard({
  mutation,
  term,
  showDisease = false,
  showGene = true,
  missingVariant = "Unknown Variant",
}: {
  mutation: MutationView & { assembly?: string | null };
  term?: string;
  showDisease?: boolean;
  showGene?: boolean;
  missingVariant?: string;
}) {
  const h = (value: string | null | undefined) => <Highlight text={orNA(value)} term={term} />;
  return (
    <article
      className={`mini-card${mutation.isSynthetic ? " is-synthetic" : ""}`}
      data-testid="mutation-card"
    >
      <header className="mini-card-header">
        <SectionHeading className="mini-card-title mono">
          <Highlight text={mutation.variant?.trim() || missingVariant} term={term} />
        </SectionHeading>
        {mutation.isSynthetic && <SyntheticTag />}
      </header>
      {showDisease && mutation.disease?.description && (
        <p className="mini-card-sub">{mutation.disease.description}</p>
      )}
      <dl className="fields">
        {showGene && (
          <>
            <Field label="Gene">
              {mutation.gene ? (
                <>
                  <Link to={geneAddress(mutation.gene.humanName)} className="gene-link">
                    <em>
                      <Highlight text={mutation.gene.humanName} term={term} />
                    </em>
                  </Link>
                  {mutation.gene.isConsensus && (
                    <span className="badge badge-consensus" data-testid="consensus-badge">
                      Consensus
                    </span>
                  )}
                </>
              ) : (
                "N/A"
              )}
            </Field>
            <LinkedIdField label="Human Entrez" link="ncbiGene" id={mutation.gene?.humanEntrez} />
          </>
        )}
        <Field label="Chromosome">{orNA(mutation.chromosome)}</Field>
        <Field label="Position">
          {mutation.position === null || mutation.position === undefined
            ? "N/A"
            : formatCount(mutation.position)}
          {mutation.assembly && <span className="muted small"> ({mutation.assembly})</span>}
        </Field>
        <LinkedIdField label="Disease Ontology" link="diseaseOntology" id={mutation.hdoid} />
        <Field label="Function Class">{h(mutation.functionClass)}</Field>
        <Field label="cDNA Variant">
          <span className="mono">{h(mutation.cdnaVariant)}</span>
        </Field>
        <Field label="Protein Variant">
          <span className="mono">{h(mutation.proteinVariant)}</span>
        </Field>
        <Field label="Exon/Intron">{orNA(mutation.exonIntron)}</Field>
        <Field label="DENOVO">
          <Flag value={mutation.denovo} />
        </Field>
        <Field label="SFARI">
          <Flag value={mutation.sfari} />
        </Field>
        <Field label="Epilepsy Gene">
          <Flag value={mutation.epilepsyGene} />
        </Field>
        <Field label="ClinVar">
          <Flag value={mutation.clinvar} />
        </Field>
        <Field label="Study Name">{h(mutation.studyName)}</Field>
        <Field label="PubMed IDs">
          {mutation.papers.length === 0
            ? "N/A"
            : mutation.papers.map(({ pmid }, index) => (
                <span key={pmid}>
                  {index > 0 && "; "}
                  <PubMedLink pmid={pmid} />
                </span>
              ))}
        </Field>
      </dl>
    </article>
  );
}
