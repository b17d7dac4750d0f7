import { DownloadButton } from "../../components/DownloadButton";
import { Highlight } from "../../components/Highlight";
import { SyntheticTag } from "../../components/SyntheticTag";
import { Tabs, tabId, tabPanelId } from "../../components/Tabs";
import type { PaperSearchQuery } from "../../gql/graphql";
import { useCardToggle } from "../../hooks/useCardToggle";
import { formatCount } from "../../lib/format";
import { PubMedLink } from "../gene-search/tabs/PubMedLink";
import { type PaperGenesState, PaperGenesTab } from "./tabs/PaperGenesTab";
import { type PaperMutationsState, PaperMutationsTab } from "./tabs/PaperMutationsTab";

export type SearchPaper = PaperSearchQuery["paperSearch"]["papers"][number];
export type PaperTabKey = "genes" | "mutations";
export const PAPER_TAB_PREFIX: Record<PaperTabKey, string> = { genes: "g", mutations: "m" };

export function isPaperTabKey(value: string | null): value is PaperTabKey {
  return value === "genes" || value === "mutations";
}

export type TabChange = Record<string, string | number | null>;

interface PaperCardProps {
  paper: SearchPaper;
  term: string;
  highlight: boolean;
  expanded: boolean;
  activeTab: PaperTabKey;
  genes: PaperGenesState;
  mutations: PaperMutationsState;
  onToggle: () => void;
  onSelectTab: (tab: PaperTabKey) => void;
  onChange: (tab: PaperTabKey, change: TabChange) => void;
}

export function PaperCard({
  paper,
  term,
  highlight,
  expanded,
  activeTab,
  genes,
  mutations,
  onToggle,
  onSelectTab,
  onChange,
}: PaperCardProps) {
  const prefix = `paper-${paper.pmid}`;
  const h = (value: string | number | null | undefined) => (
    <Highlight text={value} term={term} enabled={highlight} />
  );
  const toggle = useCardToggle(onToggle);
  const tabs: { key: PaperTabKey; label: string; badge: string }[] = [
    { key: "genes", label: "Genes", badge: formatCount(paper.geneCount) },
  ];
  // The Mutations tab shows only if the paper has mutations.
  if (paper.mutationCount > 0)
    tabs.push({ key: "mutations", label: "Mutations", badge: formatCount(paper.mutationCount) });
  const shownTab = tabs.some((tab) => tab.key === activeTab) ? activeTab : "genes";
  const stats = paper.consensusStats;

  return (
    <article
      className={`gene-card paper-result-card${expanded ? " is-expanded" : ""}`}
      data-testid="paper-card"
      data-pmid={paper.pmid}
      aria-labelledby={`${prefix}-title`}
    >
      <div className="gene-card-header">
        <button
          type="button"
          className="gene-card-toggle"
          aria-expanded={expanded}
          aria-controls={`${prefix}-body`}
          onClick={toggle}
          data-testid="paper-card-toggle"
        >
          <svg className="gene-card-chevron" viewBox="0 0 20 20" aria-hidden="true">
            <path d="m7 5 5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span className="gene-card-heading">
            <span className="gene-card-title-line">
              <span className="paper-title" id={`${prefix}-title`}>
                {h(paper.paperTitle || paper.name)}
              </span>
              {paper.isSynthetic && <SyntheticTag />}
            </span>
            <span className="gene-description">
              {paper.paperTitle && paper.paperTitle !== paper.name && <>{h(paper.name)} · </>}
              {h(paper.year)}
            </span>
          </span>
        </button>
        <DownloadButton
          url={`/api/paper/${paper.pmid}/csv`}
          label="Download Publication Data"
          testId="download-paper"
        />
      </div>

      <dl className="id-grid">
        <div className="id-row">
          <dt>PubMed ID</dt>
          <dd data-testid="paper-pmid">
            <PubMedLink pmid={paper.pmid} />
          </dd>
        </div>
        <div className="id-row">
          <dt>Year</dt>
          <dd>{h(paper.year)}</dd>
        </div>
        <div className="id-row">
          <dt>Genes</dt>
          <dd>
            {formatCount(paper.geneCount)} ({formatCount(stats.totalConsensusGenes)} consensus,{" "}
            {stats.consensusPercentage}%)
          </dd>
        </div>
        <div className="id-row">
          <dt>Mutations</dt>
          <dd>{formatCount(paper.mutationCount)}</dd>
        </div>
        {paper.description && (
          <div className="id-row id-row-wide">
            <dt>Description</dt>
            <dd className="clamp-3">{h(paper.description)}</dd>
          </div>
        )}
        <div className="id-row id-row-wide">
          <dt>Downloads</dt>
          <dd className="download-row">
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
          </dd>
        </div>
      </dl>

      <Tabs
        idPrefix={prefix}
        label={`${paper.name} data`}
        active={expanded ? shownTab : null}
        onSelect={onSelectTab}
        items={tabs.map((tab) => ({ ...tab, testId: `tab-${tab.key}` }))}
      />

      <div id={`${prefix}-body`} className="gene-card-body" hidden={!expanded}>
        {expanded && (
          <div
            role="tabpanel"
            id={tabPanelId(prefix, shownTab)}
            aria-labelledby={tabId(prefix, shownTab)}
            className="tab-panel"
            data-testid={`panel-${shownTab}`}
          >
            {shownTab === "genes" && (
              <PaperGenesTab
                pmid={paper.pmid}
                state={genes}
                onChange={(change) => onChange("genes", change)}
              />
            )}
            {shownTab === "mutations" && (
              <PaperMutationsTab
                pmid={paper.pmid}
                state={mutations}
                onChange={(change) => onChange("mutations", change)}
              />
            )}
          </div>
        )}
      </div>
    </article>
  );
}
