import { useQuery } from "@apollo/client/react";
import { useMemo } from "react";
import { ExternalLink } from "../../../../components/ExternalLink";
import { Field, LinkedIdField } from "../../../../components/GeneFields";
import { PubMedLink } from "../../../../components/PubMedLink";
import { SyntheticTag } from "../../../../components/SyntheticTag";
import { cleanReplacementChars, formatInheritance, orNA } from "../../../../lib/format";
import { externalUrl } from "../../../../lib/links";
import { pageQuery } from "../../../../lib/pageQuery";
import { sortBy } from "../../../../lib/sort";
import { EmptyText, TabFrame } from "../TabFrame";
import { omimTab } from "./definition";
import { geneOmimQuery } from "./omim.queries";
import "./omimTab.css";

const SYNTHETIC_VALUE_TITLE = "Synthetic value — not real research data";

/** 'known_from', 'knownFrom' and 'Known From' all name the same field. */
function fieldKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

function text(value: string | number | null | undefined): string {
  return cleanReplacementChars(orNA(value));
}

/** The tab's query (the gene's page preloads it: tabs/index.ts). */
export const omimTabRequest = (geneId: number) => pageQuery(geneOmimQuery, { id: geneId });

export function OmimTab({ geneId }: { geneId: number }) {
  const { variables } = omimTabRequest(geneId);
  const { data, loading, error, refetch } = useQuery(geneOmimQuery, { variables });
  const records = data?.gene?.omimRecords;
  const sorted = useMemo(() => sortBy(records ?? [], (record) => record.knownFrom), [records]);

  return (
    <TabFrame
      def={omimTab}
      geneId={geneId}
      api={{ document: geneOmimQuery, variables }}
      loading={loading}
      error={error}
      onRetry={() => refetch().catch(() => undefined)}
      hasData={records !== undefined}
    >
      {records?.length === 0 && <EmptyText>No OMIM disease records associated with this gene.</EmptyText>}
      {sorted.length > 0 && (
        <div className="card-grid is-wide">
          {sorted.map((record, index) => {
            const synthetic = new Set(record.syntheticFields.map(fieldKey));
            const tag = (field: string) =>
              synthetic.has(fieldKey(field)) ? <SyntheticTag title={SYNTHETIC_VALUE_TITLE} /> : null;
            const chapter = [record.icd11Chapter, record.icd11ChapterName].filter(Boolean).join(" — ");
            return (
              <article
                // biome-ignore lint/suspicious/noArrayIndexKey: one OMIM id may appear with several phenotypes
                key={`${record.omimId}-${index}`}
                className="mini-card"
                data-testid="omim-card"
              >
                <header className="omim-header">
                  <div>
                    <span className="omim-label">OMIM ID</span>
                    <ExternalLink href={externalUrl("omim", record.omimId)}>{record.omimId}</ExternalLink>
                  </div>
                  <div>
                    <span className="omim-label">ICD-11 Chapter</span>
                    <span>{chapter ? cleanReplacementChars(chapter) : "N/A"}</span>
                  </div>
                  <div>
                    <span className="omim-label">Known from</span>
                    <span>
                      {text(record.knownFrom)} {tag("knownFrom")}
                    </span>
                  </div>
                </header>
                <dl className="fields">
                  <Field label="Phenotype">
                    {text(record.phenotype)} {tag("phenotype")}
                  </Field>
                  <Field label="ICD Code">
                    {text(record.icdCode)} {tag("icdCode")}
                  </Field>
                  <Field label="Inheritance">
                    {text(formatInheritance(record.inheritance))} {tag("inheritance")}
                  </Field>
                  <Field label="PubMed ID">
                    <PubMedLink pmid={record.pmid} /> {tag("pmid")}
                  </Field>
                  <LinkedIdField label="Disease Ontology" link="diseaseOntology" id={record.hdoid} />
                </dl>
              </article>
            );
          })}
        </div>
      )}
    </TabFrame>
  );
}
