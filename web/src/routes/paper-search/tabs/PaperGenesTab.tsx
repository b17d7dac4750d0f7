import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { ApiButton } from "../../../components/ApiButton";
import { GeneFilterInput, GeneModeSelect, SelectControl } from "../../../components/DetailControls";
import { DetailTabFrame } from "../../../components/DetailTabFrame";
import { ConsensusBadge, Field, GeneIdFields } from "../../../components/GeneFields";
import { Highlight } from "../../../components/Highlight";
import { HighlightToggle } from "../../../components/HighlightToggle";
import { SectionHeading } from "../../../components/SectionHeading";
import { SyntheticTag } from "../../../components/SyntheticTag";
import type { CompartmentName, DisplayMode } from "../../../gql/graphql";
import type { GeneMode } from "../../../lib/cardTabState";
import { compartmentName } from "../../../lib/compartments";
import { formatCount, orNA } from "../../../lib/format";
import { graphqlEnum } from "../../../lib/graphqlEnum";
import { geneAddress } from "../../../lib/links";
import { pageQuery } from "../../../lib/pageQuery";
import { plural } from "../../../lib/plural";
import { restPath } from "../../../lib/restPath";
import { paperGenesQuery } from "../paperSearch.queries";

export interface PaperGenesState {
  page: number;
  pageSize: number;
  term: string;
  mode: GeneMode;
  /** '' = All. */
  localization: string;
}

const ALL = "";

/** The tab's query for a state of it (the record page preloads it: paper.definition.tsx). */
export const paperGenesRequest = (pmid: number, state: PaperGenesState) =>
  pageQuery(paperGenesQuery, {
    pmid,
    ...state,
    mode: graphqlEnum<DisplayMode>(state.mode),
    // '' is every compartment; an address naming no compartment is sent as it is, for the API's message.
    localization: state.localization
      ? (compartmentName(state.localization) ?? (state.localization as CompartmentName))
      : null,
  });

/** The genes a study reports: localization, mode and text filters, highlight (spec 1 §2.8). */
export function PaperGenesTab({
  pmid,
  state,
  onChange,
}: {
  pmid: number;
  state: PaperGenesState;
  onChange: (change: Record<string, string | number | null>) => void;
}) {
  const [highlight, setHighlight] = useState(true);
  const { variables } = paperGenesRequest(pmid, state);
  const { data, previousData, loading, error } = useQuery(paperGenesQuery, { variables });
  const paper = (data ?? (loading ? previousData : undefined))?.paper;
  const result = paper?.genes;
  const pagination = result?.pagination;
  const rows = result?.genes ?? [];
  const localizations = paper?.availableLocalizations ?? [];
  const localizationOptions = [
    { value: ALL, label: "All localizations" },
    ...localizations.map((name) => ({ value: name, label: name.replace(/_/g, " ") })),
  ];
  // Keep a deep-linked choice selectable before the list has loaded.
  if (state.localization && !localizations.includes(state.localization))
    localizationOptions.push({ value: state.localization, label: state.localization.replace(/_/g, " ") });
  const h = (value: string | number | null | undefined) => (
    <Highlight text={value} term={state.term} enabled={highlight} />
  );

  return (
    <DetailTabFrame
      name="genes"
      loading={loading}
      error={error}
      hasData={result !== undefined}
      isEmpty={rows.length === 0}
      emptyText="No genes associated with this publication."
      actions={
        <ApiButton
          document={paperGenesQuery}
          variables={variables}
          restUrl={restPath("/api/paper/genes/filter", { pmid, ...state })}
          title={`genes of PMID ${pmid}`}
          testId="api-genes"
        />
      }
      tools={
        <>
          <SelectControl
            value={state.localization}
            options={localizationOptions}
            onChange={(localization) => onChange({ loc: localization })}
            label="Localization"
            testId="genes-localization"
          />
          <GeneModeSelect mode={state.mode} onChange={onChange} />
          <GeneFilterInput term={state.term} onChange={onChange} />
          <HighlightToggle on={highlight} onChange={setHighlight} testId="genes-highlight" />
        </>
      }
      summary={
        pagination && (
          <>
            {formatCount(pagination.totalFiltered)} {state.mode === "all" ? "" : `${state.mode} `}
            {plural(pagination.totalFiltered, "gene row")}
            {state.localization && <> in {state.localization.replace(/_/g, " ")}</>}
            {state.term && <> matching “{state.term}”</>} · {formatCount(pagination.total)} gene rows in
            total, {formatCount(pagination.totalConsensus)} consensus
          </>
        )
      }
      pages={pagination}
      pageSize={state.pageSize}
      onChange={onChange}
    >
      <div className="card-grid cols-4">
        {rows.map((row, index) => (
          <article
            // biome-ignore lint/suspicious/noArrayIndexKey: a gene may repeat per region/compartment/dataset
            key={`${row.gene.id}-${row.brainRegion?.id}-${row.localisation?.id}-${row.dataset}-${index}`}
            className={`mini-card${row.isSynthetic ? " is-synthetic" : ""}`}
            data-testid="paper-gene-card"
            data-localisation={row.localisation?.name ?? ""}
          >
            <header className="mini-card-header">
              <SectionHeading className="mini-card-title">
                <Link to={geneAddress(row.gene.humanName)} className="gene-link" data-testid="gene-link">
                  <em>{h(row.gene.humanName)}</em>
                </Link>
              </SectionHeading>
              {row.isConsensus && <ConsensusBadge />}
              {row.isSynthetic && <SyntheticTag />}
            </header>
            <dl className="fields">
              <GeneIdFields gene={row.gene} show={h} />
              <Field label="Dataset">{orNA(row.dataset)}</Field>
              <Field label="Species">
                {row.species ? (
                  <>
                    {row.species.name}
                    {row.species.sciName && <em className="muted"> ({row.species.sciName})</em>}
                  </>
                ) : (
                  "N/A"
                )}
              </Field>
              <Field label="Brain Region">{orNA(row.brainRegion?.name)}</Field>
              <Field label="Localisation">{orNA(row.localisation?.name?.replace(/_/g, " "))}</Field>
              <Field label="Method">{orNA(row.method?.name)}</Field>
            </dl>
          </article>
        ))}
      </div>
    </DetailTabFrame>
  );
}
