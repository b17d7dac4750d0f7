import { useQuery } from "@apollo/client/react";
import { ExternalLink } from "../../../../components/ExternalLink";
import { Field, LinkedIdField } from "../../../../components/GeneFields";
import { PubMedLink } from "../../../../components/PubMedLink";
import { orNA, yesNo } from "../../../../lib/format";
import { splitList, syngoDomain } from "../../../../lib/geneTabs";
import { externalUrl } from "../../../../lib/links";
import { pageQuery } from "../../../../lib/pageQuery";
import { siteConfig } from "../../../../site.config";
import { EmptyText, TabFrame } from "../TabFrame";
import { syngoTab } from "./definition";
import { geneSyngoQuery } from "./syngo.queries";
import "../goDomains.css";
import { SectionHeading } from "../../../../components/SectionHeading";

function Codes({ value }: { value: string | null | undefined }) {
  const codes = splitList(value, /,/);
  if (codes.length === 0) return <>N/A</>;
  return (
    <span className="chips">
      {codes.map((code) => (
        <span key={code} className="chip">
          {code}
        </span>
      ))}
    </span>
  );
}

/** The tab's query (the gene's page preloads it: tabs/index.ts). */
export const syngoTabRequest = (geneId: number) => pageQuery(geneSyngoQuery, { id: geneId });

export function SyngoTab({ geneId }: { geneId: number }) {
  const { variables } = syngoTabRequest(geneId);
  const { data, loading, error, refetch } = useQuery(geneSyngoQuery, { variables });
  const annotations = data?.gene?.syngoAnnotations;
  return (
    <TabFrame
      def={syngoTab}
      geneId={geneId}
      api={{ document: geneSyngoQuery, variables }}
      loading={loading}
      error={error}
      onRetry={() => refetch().catch(() => undefined)}
      hasData={annotations !== undefined}
    >
      {annotations?.length === 0 && (
        <EmptyText>No {siteConfig.syngoHost.label} annotations for this gene.</EmptyText>
      )}
      {annotations && annotations.length > 0 && (
        <div className="card-grid is-wide">
          {annotations.map((annotation) => {
            const domain = syngoDomain(annotation.goDomain);
            return (
              <article key={annotation.id} className="mini-card" data-testid="syngo-card">
                <header className="mini-card-header">
                  <div>
                    <p className="mini-card-kicker">
                      Annotation #{annotation.id} ·{" "}
                      <ExternalLink href={externalUrl("goTerm", annotation.goId)}>
                        {annotation.goId}
                      </ExternalLink>
                    </p>
                    <SectionHeading className="mini-card-title">
                      {annotation.goName || annotation.goId}
                    </SectionHeading>
                  </div>
                  <span className={`domain-badge domain-${domain.code}`} title={domain.name}>
                    <strong>{domain.code}</strong> {domain.name}
                  </span>
                </header>
                <dl className="fields">
                  <Field label="Biological System">
                    <Codes value={annotation.evidenceBiologicalSystem} />
                  </Field>
                  <Field label="Protein Targeting">
                    <Codes value={annotation.evidenceProteinTargeting} />
                  </Field>
                  <Field label="Experiment Assay">
                    <Codes value={annotation.evidenceExperimentAssay} />
                  </Field>
                  <Field label="Non-traceable Statement">
                    {yesNo(annotation.evidenceNontraceableAuthorStatement)}
                  </Field>
                  <Field label="PubMed ID">
                    <PubMedLink pmid={annotation.pubmedId} />
                  </Field>
                  <LinkedIdField label="UniProt ID" link="uniprot" id={annotation.uniprotId} />
                  <LinkedIdField label="HGNC ID" link="hgnc" id={annotation.hgncId} />
                  <Field label="HGNC Symbol">
                    <em>{orNA(annotation.hgncSymbol)}</em>
                  </Field>
                </dl>
              </article>
            );
          })}
        </div>
      )}
    </TabFrame>
  );
}
