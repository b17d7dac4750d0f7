import { useState } from "react";
import { DownloadButton } from "../../components/DownloadButton";
import { ExternalLink } from "../../components/ExternalLink";
import { DownloadsRow, IdRow } from "../../components/entity-search/EntityCard";
import { type EntitySearchDefinition, tabsOf } from "../../components/entity-search/entityDefinition";
import { MutationList, mutationListRequest } from "../../components/MutationList";
import type { DiseaseSearchQuery } from "../../gql/graphql";
import { parseGeneMode, parseMutationMode, readTabParams } from "../../lib/cardTabState";
import { formatCount, formatDiseaseName } from "../../lib/format";
import { externalUrl } from "../../lib/links";
import { diseaseMutationsQuery, diseaseSearchQuery } from "./diseaseSearch.queries";
import { GenePublicationsModal, type ModalGene } from "./GenePublicationsModal";
import { DiseaseGenesTab, diseaseGenesRequest } from "./tabs/DiseaseGenesTab";
import { DiseasePapersTab, diseasePapersRequest } from "./tabs/DiseasePapersTab";

export const DISEASE_SEARCH_PAGE_SIZE = 10;

export type SearchDisease = DiseaseSearchQuery["diseaseSearch"]["diseases"][number];
/** The genes tab opens a gene's publications in a dialog of the page. */
type OpenPublications = (gene: ModalGene) => void;
const tab = tabsOf<SearchDisease, OpenPublications>();

/**
 * Disease Search (spec 1 §2.7): a disease is found by its HDOID, name or definition; its card has
 * the genes, mutations and (when it has any) publications tabs, under address keys g, m and p
 * (gpage, gsize, gq, gmode...); the genes tab starts in consensus mode.
 */
export const diseaseSearch: EntitySearchDefinition<DiseaseSearchQuery, SearchDisease, OpenPublications> = {
  noun: "disease",
  name: "disease",
  title: "Disease Search",
  subtitle: "Discover disease mechanisms and associated genetic disorders.",
  description:
    "Search diseases by name, Disease Ontology ID or description: the synaptic genes, mutations and synapse proteomic studies linked to each.",
  panelLabel: "Disease search",
  placeholder: "Search by disease name, HDOID, or description...",
  boxLabel: "Search diseases",
  hint: "Accepted keywords [Human Disease Ontology Identifier (HDOID) , Disease Name/Description]",
  query: diseaseSearchQuery,
  restPath: "/api/disease/search",
  pageSize: DISEASE_SEARCH_PAGE_SIZE,
  results: (data) => ({ items: data.diseaseSearch.diseases, pagination: data.diseaseSearch.pagination }),
  id: (disease) => disease.hdoid,
  parseOpen: (value) => value,
  tabs: [
    tab({
      key: "genes",
      prefix: "g",
      label: "Genes",
      badge: (disease) => formatCount(disease.geneCount),
      read: (params, prefix) => ({
        ...readTabParams(params, prefix),
        mode: parseGeneMode(params.get(`${prefix}mode`)),
      }),
      queries: (disease, state) => [diseaseGenesRequest(disease.hdoid, state)],
      body: ({ item, state, onChange, context }) => (
        <DiseaseGenesTab hdoid={item.hdoid} state={state} onChange={onChange} onOpenPublications={context} />
      ),
    }),
    tab({
      key: "mutations",
      prefix: "m",
      label: "Mutations",
      badge: (disease) => formatCount(disease.mutationCount),
      read: (params, prefix) => ({
        ...readTabParams(params, prefix),
        mode: parseMutationMode(params.get(`${prefix}mode`)),
      }),
      queries: (disease, state) => [
        mutationListRequest(diseaseMutationsQuery, { hdoid: disease.hdoid }, state),
      ],
      body: ({ item, state, onChange }) => (
        <MutationList
          query={diseaseMutationsQuery}
          id={{ hdoid: item.hdoid }}
          pageOf={(data) => data.disease?.mutations}
          restFilterPath="/api/disease/mutations/filter"
          title={`mutations of ${item.hdoid}`}
          emptyText="No mutations associated with this disease."
          state={state}
          onChange={onChange}
        />
      ),
    }),
    tab({
      key: "papers",
      prefix: "p",
      label: "Synapse Proteomic Publications",
      badge: (disease) => formatCount(disease.paperCount),
      shows: (disease) => disease.paperCount > 0,
      read: readTabParams,
      queries: (disease, state) => [diseasePapersRequest(disease.hdoid, state)],
      body: ({ item, state, onChange }) => (
        <DiseasePapersTab hdoid={item.hdoid} state={state} onChange={onChange} />
      ),
    }),
  ],
  card: {
    prefix: (disease) => `disease-${disease.hdoid.replace(/[^A-Za-z0-9]/g, "-")}`,
    data: (disease) => ({ "data-hdoid": disease.hdoid }),
    heading: (disease, { h, titleId }) => (
      <>
        <span className="gene-card-title-line">
          <span className="disease-name" id={titleId}>
            {h(formatDiseaseName(disease.description))}
          </span>
          <span className="chip mono">{h(disease.hdoid)}</span>
        </span>
        <span className="gene-description clamp-2">
          {disease.definition ? h(disease.definition) : "----"}
        </span>
      </>
    ),
    page: (disease) => disease.url,
    download: (disease) => ({
      url: `/api/disease/${encodeURIComponent(disease.hdoid)}/csv`,
      label: "Download Disease Data",
      testId: "download-disease",
    }),
    fields: (disease) => {
      const stats = disease.consensusStats;
      const enc = encodeURIComponent(disease.hdoid);
      return (
        <>
          <IdRow label="Disease Ontology">
            <ExternalLink href={externalUrl("diseaseOntology", disease.hdoid)} testId="link-disease-ontology">
              {disease.hdoid}
            </ExternalLink>
          </IdRow>
          <IdRow label="Alliance Genome">
            <ExternalLink href={externalUrl("allianceGenome", disease.hdoid)} testId="link-alliance">
              View on Alliance Genome
            </ExternalLink>
          </IdRow>
          <IdRow label="Consensus genes" testId="consensus-genes">
            {formatCount(stats.totalConsensusGenes)} of {formatCount(disease.geneCount)}
          </IdRow>
          <IdRow label="Consensus-gene mutations">
            {formatCount(stats.totalConsensusMutations)} of {formatCount(disease.mutationCount)} (
            {stats.mutationConsensusPercentage}%)
          </IdRow>
          <DownloadsRow>
            <DownloadButton
              url={`/api/disease/${enc}/allgenes/csv`}
              label="All Genes"
              className="btn-small"
              testId="download-disease-genes"
            />
            <DownloadButton
              url={`/api/disease/${enc}/allmutations/csv`}
              label="All Mutations"
              className="btn-small"
              testId="download-disease-mutations"
            />
            <DownloadButton
              url={`/api/disease/${enc}/allpapers/csv`}
              label="All Publications"
              className="btn-small"
              testId="download-disease-papers"
            />
          </DownloadsRow>
        </>
      );
    },
    tabsLabel: (disease) => `${formatDiseaseName(disease.description)} data`,
  },
  usePageContext: () => {
    const [gene, setGene] = useState<ModalGene | null>(null);
    return {
      context: setGene,
      overlay: gene && <GenePublicationsModal gene={gene} onClose={() => setGene(null)} />,
    };
  },
};
