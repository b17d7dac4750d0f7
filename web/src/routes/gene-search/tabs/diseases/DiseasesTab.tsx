import { Link } from "react-router-dom";
import { ExternalLink } from "../../../../components/ExternalLink";
import { Field, LinkedIdField } from "../../../../components/GeneFields";
import { SectionHeading } from "../../../../components/SectionHeading";
import { firstPageRequest, useAllPages } from "../../../../hooks/useAllPages";
import {
  classifyReference,
  formatDiseaseName,
  HIDDEN_REFERENCE,
  HIDDEN_SOURCE,
  visibleText,
} from "../../../../lib/format";
import { diseaseAddress, externalUrl } from "../../../../lib/links";
import { EmptyText, TabFrame } from "../TabFrame";
import { diseasesTab } from "./definition";
import { geneDiseasesQuery } from "./diseases.queries";

function Reference({ value }: { value: string }) {
  const ref = classifyReference(value);
  if (ref.kind === "pubmed")
    return <ExternalLink href={externalUrl("pubmed", ref.id)}>{ref.label}</ExternalLink>;
  if (ref.kind === "rgd")
    return <ExternalLink href={externalUrl("rgdReference", ref.id)}>{ref.label}</ExternalLink>;
  return <>{ref.label}</>;
}

/** The tab's query (the gene's page preloads it: tabs/index.ts): the diseases' first page. */
export const diseasesTabRequest = (geneId: number) => firstPageRequest(geneDiseasesQuery, { id: geneId });

export function DiseasesTab({ geneId }: { geneId: number }) {
  const {
    items: diseases,
    loading,
    error,
    refetch,
    variables,
  } = useAllPages(diseasesTabRequest(geneId), (data) => data.gene?.diseaseConnection);
  return (
    <TabFrame
      def={diseasesTab}
      geneId={geneId}
      api={{ document: geneDiseasesQuery, variables }}
      loading={loading}
      error={error}
      onRetry={refetch}
      hasData={diseases !== undefined}
    >
      {diseases?.length === 0 && <EmptyText>No diseases associated with this gene.</EmptyText>}
      {diseases && diseases.length > 0 && (
        <div className="card-grid">
          {diseases.map(({ disease, ...association }, index) => {
            const source = visibleText(association.source, HIDDEN_SOURCE);
            const reference = visibleText(association.reference, HIDDEN_REFERENCE);
            return (
              <article
                // biome-ignore lint/suspicious/noArrayIndexKey: a gene may list one disease from several sources
                key={`${disease.hdoid}-${index}`}
                className="mini-card"
                data-testid="disease-card"
              >
                <header className="mini-card-header">
                  <SectionHeading className="mini-card-title">
                    <Link to={diseaseAddress(disease.hdoid)}>{formatDiseaseName(disease.description)}</Link>
                  </SectionHeading>
                </header>
                <dl className="fields">
                  <LinkedIdField label="Disease Ontology" link="diseaseOntology" id={disease.hdoid} />
                  {source && <Field label="Source">{source}</Field>}
                  {reference && (
                    <Field label="Reference">
                      <Reference value={reference} />
                    </Field>
                  )}
                  <Field label="Alliance Genome">
                    <ExternalLink href={externalUrl("allianceGenome", disease.hdoid)}>
                      View disease
                    </ExternalLink>
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
