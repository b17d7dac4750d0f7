import { DownloadButton } from "../../components/DownloadButton";
import { DownloadsRow, IdRow } from "../../components/entity-search/EntityCard";
import {
  type EntitySearchDefinition,
  noContext,
  tabsOf,
} from "../../components/entity-search/entityDefinition";
import { MutationList, mutationListRequest } from "../../components/MutationList";
import { PubMedLink } from "../../components/PubMedLink";
import { SyntheticTag } from "../../components/SyntheticTag";
import type { PaperSearchQuery } from "../../gql/graphql";
import { parseGeneMode, parseMutationMode, parsePositiveId, readTabParams } from "../../lib/cardTabState";
import { formatCount } from "../../lib/format";
import { paperMutationsQuery, paperSearchQuery } from "./paperSearch.queries";
import { PaperGenesTab, paperGenesRequest } from "./tabs/PaperGenesTab";

export const PAPER_SEARCH_PAGE_SIZE = 10;

export type SearchPaper = PaperSearchQuery["paperSearch"]["papers"][number];
const tab = tabsOf<SearchPaper>();

/**
 * Publication Search (spec 1 §2.8): a study is found by its PMID, title, year or description; its
 * card has the genes tab (address keys gpage, gsize, gq, gmode and gloc, the localization) and, when
 * it reports any, the mutations tab (mpage, msize, mq, mmode).
 */
export const paperSearch: EntitySearchDefinition<PaperSearchQuery, SearchPaper> = {
  noun: "publication",
  name: "paper",
  title: "Synapse Proteomic Publication Search",
  subtitle: "Find Synapse proteomics studies exploring gene-mutation interactions.",
  description:
    "Search the synapse proteomic studies by title, PubMed ID or year: the genes each study reported and their mutations.",
  panelLabel: "Publication search",
  placeholder: "Search by Publication title, PMID or Year...",
  boxLabel: "Search publications",
  hint: "Accepted keywords [PubMed ID, Publication title, Year, Description]",
  query: paperSearchQuery,
  restPath: "/api/paper/search",
  pageSize: PAPER_SEARCH_PAGE_SIZE,
  results: (data) => ({ items: data.paperSearch.papers, pagination: data.paperSearch.pagination }),
  id: (paper) => paper.pmid,
  parseOpen: parsePositiveId,
  extraCardKeys: ["gloc"],
  tabs: [
    tab({
      key: "genes",
      prefix: "g",
      label: "Genes",
      badge: (paper) => formatCount(paper.geneCount),
      read: (params, prefix) => ({
        ...readTabParams(params, prefix),
        mode: parseGeneMode(params.get(`${prefix}mode`)),
        localization: params.get(`${prefix}loc`) ?? "",
      }),
      queries: (paper, state) => [paperGenesRequest(paper.pmid, state)],
      body: ({ item, state, onChange }) => (
        <PaperGenesTab pmid={item.pmid} state={state} onChange={onChange} />
      ),
    }),
    tab({
      key: "mutations",
      prefix: "m",
      label: "Mutations",
      badge: (paper) => formatCount(paper.mutationCount),
      shows: (paper) => paper.mutationCount > 0,
      read: (params, prefix) => ({
        ...readTabParams(params, prefix),
        mode: parseMutationMode(params.get(`${prefix}mode`)),
      }),
      queries: (paper, state) => [mutationListRequest(paperMutationsQuery, { pmid: paper.pmid }, state)],
      body: ({ item, state, onChange }) => (
        <MutationList
          query={paperMutationsQuery}
          id={{ pmid: item.pmid }}
          pageOf={(data) => data.paper?.mutations}
          restFilterPath="/api/paper/mutations/filter"
          title={`mutations of PMID ${item.pmid}`}
          emptyText="No mutations associated with this publication."
          state={state}
          onChange={onChange}
          showDisease
        />
      ),
    }),
  ],
  card: {
    prefix: (paper) => `paper-${paper.pmid}`,
    data: (paper) => ({ "data-pmid": paper.pmid }),
    heading: (paper, { h, titleId }) => (
      <>
        <span className="gene-card-title-line">
          <span className="paper-title" id={titleId}>
            {h(paper.paperTitle || paper.name)}
          </span>
          {paper.isSynthetic && <SyntheticTag />}
        </span>
        <span className="gene-description">
          {paper.paperTitle && paper.paperTitle !== paper.name && <>{h(paper.name)} · </>}
          {h(paper.year)}
        </span>
      </>
    ),
    page: (paper) => paper.url,
    download: (paper) => ({
      url: `/api/paper/${paper.pmid}/csv`,
      label: "Download Publication Data",
      testId: "download-paper",
    }),
    fields: (paper, { h }) => {
      const stats = paper.consensusStats;
      return (
        <>
          <IdRow label="PubMed ID" testId="paper-pmid">
            <PubMedLink pmid={paper.pmid} />
          </IdRow>
          <IdRow label="Year">{h(paper.year)}</IdRow>
          <IdRow label="Genes">
            {formatCount(paper.geneCount)} ({formatCount(stats.totalConsensusGenes)} consensus,{" "}
            {stats.consensusPercentage}%)
          </IdRow>
          <IdRow label="Mutations">{formatCount(paper.mutationCount)}</IdRow>
          {paper.description && (
            <IdRow label="Description" wide valueClassName="clamp-3">
              {h(paper.description)}
            </IdRow>
          )}
          <DownloadsRow>
            <DownloadButton
              url={`/api/paper/${paper.pmid}/allgenes/csv`}
              label="All Genes"
              className="btn-small"
              testId="download-paper-genes"
            />
            {paper.mutationCount > 0 && (
              <DownloadButton
                url={`/api/paper/${paper.pmid}/allmutations/csv`}
                label="All Mutations"
                className="btn-small"
                testId="download-paper-mutations"
              />
            )}
          </DownloadsRow>
        </>
      );
    },
    tabsLabel: (paper) => `${paper.name} data`,
  },
  usePageContext: noContext,
};
