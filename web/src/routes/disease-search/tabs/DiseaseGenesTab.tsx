import { useQuery } from "@apollo/client/react";
import { Link } from "react-router-dom";
import { ApiButton } from "../../../components/ApiButton";
import { GeneFilterInput, GeneModeSelect } from "../../../components/DetailControls";
import { DetailTabFrame } from "../../../components/DetailTabFrame";
import { ConsensusBadge, Field, GeneIdFields } from "../../../components/GeneFields";
import { Highlight } from "../../../components/Highlight";
import { ProteinNameTag } from "../../../components/ProteinNameTag";
import { SectionHeading } from "../../../components/SectionHeading";
import type { DisplayMode } from "../../../gql/graphql";
import type { GeneMode } from "../../../lib/cardTabState";
import { formatCount } from "../../../lib/format";
import { graphqlEnum } from "../../../lib/graphqlEnum";
import { geneAddress } from "../../../lib/links";
import { pageQuery } from "../../../lib/pageQuery";
import { countOf, plural } from "../../../lib/plural";
import { proteinLookupMessage } from "../../../lib/proteinSearch";
import { restPath } from "../../../lib/restPath";
import { diseaseGenesQuery } from "../diseaseSearch.queries";
import type { ModalGene } from "../GenePublicationsModal";

export interface GenesTabState {
  page: number;
  pageSize: number;
  term: string;
  mode: GeneMode;
}

interface DiseaseGenesTabProps {
  hdoid: string;
  state: GenesTabState;
  onChange: (change: Record<string, string | number | null>) => void;
  onOpenPublications: (gene: ModalGene) => void;
}

/** The tab's query for a state of it (the record page preloads it: disease.definition.tsx). */
export const diseaseGenesRequest = (hdoid: string, state: GenesTabState) =>
  pageQuery(diseaseGenesQuery, { hdoid, ...state, mode: graphqlEnum<DisplayMode>(state.mode) });

/** Genes of a disease: text filter, mode filter, page size, 4-column cards (spec 1 §2.7). */
export function DiseaseGenesTab({ hdoid, state, onChange, onOpenPublications }: DiseaseGenesTabProps) {
  const { variables } = diseaseGenesRequest(hdoid, state);
  // One filter: the server adds the genes of the term's protein-name lookup to the matches, in the
  // gene search order, and marks them (README "Search").
  const query = useQuery(diseaseGenesQuery, { variables });
  const result = (query.data ?? (query.loading ? query.previousData : undefined))?.disease?.genes;
  const pagination = result?.pagination;
  const genes = result?.genes ?? [];
  const proteinDerived = new Set(
    (result?.matches ?? []).filter((m) => m.proteinDerived).map((m) => m.geneId),
  );
  const lookup = query.data?.disease?.genes.proteinLookup;
  const lookupMessage = lookup ? proteinLookupMessage(lookup) : null;

  return (
    <DetailTabFrame
      name="genes"
      loading={query.loading}
      error={query.error}
      hasData={result !== undefined}
      isEmpty={genes.length === 0}
      emptyText={emptyGenesText(state, pagination?.total)}
      actions={
        <ApiButton
          document={diseaseGenesQuery}
          variables={variables}
          restUrl={restPath("/api/disease/genes/filter", { hdoid, ...state })}
          title={`genes of ${hdoid}`}
          testId="api-genes"
        />
      }
      tools={
        <>
          <GeneFilterInput term={state.term} onChange={onChange} />
          <GeneModeSelect mode={state.mode} onChange={onChange} />
        </>
      }
      notice={
        lookupMessage && (
          <p className="tab-summary" role="status" data-testid="protein-status">
            {lookupMessage}
          </p>
        )
      }
      summary={
        pagination && (
          <>
            {formatCount(pagination.totalFiltered)} {state.mode === "all" ? "" : `${state.mode} `}
            {plural(pagination.totalFiltered, "gene")}
            {state.term && <> matching “{state.term}”</>} · {formatCount(pagination.total)} genes in total,{" "}
            {formatCount(pagination.totalConsensus)} consensus
          </>
        )
      }
      pages={pagination}
      pageSize={state.pageSize}
      onChange={onChange}
    >
      <div className="card-grid cols-4">
        {genes.map((gene) => (
          <article key={gene.id} className="mini-card" data-testid="disease-gene-card">
            <header className="mini-card-header">
              <SectionHeading className="mini-card-title">
                <Link to={geneAddress(gene.humanName)} className="gene-link" data-testid="gene-link">
                  <em>
                    <Highlight text={gene.humanName} term={state.term} />
                  </em>
                </Link>
              </SectionHeading>
              {proteinDerived.has(gene.id) && <ProteinNameTag term={state.term} />}
              {gene.isConsensus && <ConsensusBadge />}
            </header>
            <dl className="fields">
              <GeneIdFields
                gene={gene}
                show={(value, field) =>
                  field === "humanEntrez" || field === "mgi" ? (
                    <Highlight text={value} term={state.term} />
                  ) : (
                    value
                  )
                }
              />
              <Field label="Publications">
                <button
                  type="button"
                  className="btn btn-ghost btn-small publications-button"
                  onClick={() => onOpenPublications({ id: gene.id, humanName: gene.humanName })}
                  aria-label={`Show the ${gene.paperCount} publications of ${gene.humanName}`}
                  data-testid="gene-publications-button"
                >
                  {countOf(gene.paperCount, "publication")}
                </button>
              </Field>
            </dl>
          </article>
        ))}
      </div>
    </DetailTabFrame>
  );
}

/** What an empty gene list says: no match for the filter among the disease's genes, or no genes at all. */
export function emptyGenesText(
  state: Pick<GenesTabState, "term" | "mode">,
  total: number | undefined,
): string {
  const all = total === undefined ? "" : ` among the ${countOf(total, "gene")} of this disease`;
  if (state.term)
    return `No ${state.mode === "all" ? "" : `${state.mode} `}genes match “${state.term}”${all}.`;
  if (state.mode !== "all" && total) return `No ${state.mode} genes${all}.`;
  return "No genes associated with this disease.";
}
