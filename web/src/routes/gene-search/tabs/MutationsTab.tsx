import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { ExternalLink } from "../../../components/ExternalLink";
import { Pager } from "../../../components/Pager";
import { SyntheticTag } from "../../../components/SyntheticTag";
import { orNA, yesNo } from "../../../lib/format";
import { externalUrl } from "../../../lib/links";
import { geneMutationsQuery } from "../geneSearch.queries";
import { geneTabDef } from "../geneTabDefs";
import { PubMedLink } from "./PubMedLink";
import { EmptyText, Field, TabFrame } from "./TabFrame";

const PAGE_SIZE = 12;

function Flag({ value }: { value: boolean | null | undefined }) {
  const text = yesNo(value);
  return <span className={`flag flag-${text === "Yes" ? "yes" : text === "No" ? "no" : "na"}`}>{text}</span>;
}

export function MutationsTab({ geneId }: { geneId: number }) {
  const def = geneTabDef("mutations");
  const variables = { id: geneId };
  const { data, loading, error, refetch } = useQuery(geneMutationsQuery, { variables });
  const [page, setPage] = useState(1);
  const mutations = data?.gene?.mutations;
  const visible = (mutations ?? []).slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <TabFrame
      def={def}
      geneId={geneId}
      api={{ document: geneMutationsQuery, variables }}
      loading={loading}
      error={error}
      onRetry={() => refetch().catch(() => undefined)}
      hasData={mutations !== undefined}
      summary={
        mutations && mutations.length > 0 ? (
          <p className="tab-summary">
            {mutations.length} mutation{mutations.length === 1 ? "" : "s"}
          </p>
        ) : null
      }
    >
      {mutations?.length === 0 && <EmptyText>No mutations associated with this gene.</EmptyText>}
      {visible.length > 0 && (
        <div className="card-grid">
          {visible.map((mutation) => (
            <article
              key={mutation.id}
              className={`mini-card mutation-card${mutation.isSynthetic ? " is-synthetic" : ""}`}
              data-testid="mutation-card"
            >
              <header className="mini-card-header">
                <h4 className="mini-card-title mono">{orNA(mutation.variant)}</h4>
                {mutation.isSynthetic && <SyntheticTag />}
              </header>
              {mutation.diseaseDescription && <p className="mini-card-sub">{mutation.diseaseDescription}</p>}
              <dl className="fields">
                <Field label="Chromosome">{orNA(mutation.chromosome)}</Field>
                <Field label="Position">
                  {mutation.position === null || mutation.position === undefined
                    ? "N/A"
                    : mutation.position.toLocaleString("en-US")}
                  {mutation.assembly && <span className="muted small"> ({mutation.assembly})</span>}
                </Field>
                <Field label="Disease Ontology">
                  <ExternalLink href={externalUrl("diseaseOntology", mutation.hdoid)} disabledText="N/A">
                    {mutation.hdoid}
                  </ExternalLink>
                </Field>
                <Field label="Function Class">{orNA(mutation.functionClass)}</Field>
                <Field label="cDNA Variant">
                  <span className="mono">{orNA(mutation.cdnaVariant)}</span>
                </Field>
                <Field label="Protein Variant">
                  <span className="mono">{orNA(mutation.proteinVariant)}</span>
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
                <Field label="Study Name">{orNA(mutation.studyName)}</Field>
                <Field label="PubMed IDs">
                  {mutation.pubmedIds.length === 0
                    ? "N/A"
                    : mutation.pubmedIds.map((pmid, index) => (
                        <span key={pmid}>
                          {index > 0 && "; "}
                          <PubMedLink pmid={pmid} />
                        </span>
                      ))}
                </Field>
              </dl>
            </article>
          ))}
        </div>
      )}
      {mutations && (
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          total={mutations.length}
          onChange={setPage}
          label="Mutation pages"
        />
      )}
    </TabFrame>
  );
}
