import { DownloadButton } from "../../components/DownloadButton";
import { ExternalLink } from "../../components/ExternalLink";
import { Highlight } from "../../components/Highlight";
import { Tabs, tabId, tabPanelId } from "../../components/Tabs";
import type { DiseaseSearchQuery } from "../../gql/graphql";
import { useCardToggle } from "../../hooks/useCardToggle";
import type { TabParams } from "../../lib/cardTabState";
import { formatCount, formatDiseaseName } from "../../lib/format";
import { externalUrl } from "../../lib/links";
import type { ModalGene } from "./GenePublicationsModal";
import { DiseaseGenesTab, type GenesTabState } from "./tabs/DiseaseGenesTab";
import { DiseaseMutationsTab, type MutationsTabState } from "./tabs/DiseaseMutationsTab";
import { DiseasePapersTab } from "./tabs/DiseasePapersTab";

export type SearchDisease = DiseaseSearchQuery["diseaseSearch"]["diseases"][number];
export type DiseaseTabKey = "genes" | "mutations" | "papers";
/** URL key prefix of each tab's state. */
export const DISEASE_TAB_PREFIX: Record<DiseaseTabKey, string> = { genes: "g", mutations: "m", papers: "p" };

export function isDiseaseTabKey(value: string | null): value is DiseaseTabKey {
  return value === "genes" || value === "mutations" || value === "papers";
}

export type TabChange = Record<string, string | number | null>;

interface DiseaseCardProps {
  disease: SearchDisease;
  term: string;
  highlight: boolean;
  expanded: boolean;
  activeTab: DiseaseTabKey;
  genes: GenesTabState;
  mutations: MutationsTabState;
  papers: TabParams;
  onToggle: () => void;
  onSelectTab: (tab: DiseaseTabKey) => void;
  onChange: (tab: DiseaseTabKey, change: TabChange) => void;
  onOpenPublications: (gene: ModalGene) => void;
}

export function DiseaseCard({
  disease,
  term,
  highlight,
  expanded,
  activeTab,
  genes,
  mutations,
  papers,
  onToggle,
  onSelectTab,
  onChange,
  onOpenPublications,
}: DiseaseCardProps) {
  const prefix = `disease-${disease.hdoid.replace(/[^A-Za-z0-9]/g, "-")}`;
  const h = (value: string | number | null | undefined) => (
    <Highlight text={value} term={term} enabled={highlight} />
  );
  const toggle = useCardToggle(onToggle);
  const stats = disease.consensusStats;
  const tabs: { key: DiseaseTabKey; label: string; badge: string }[] = [
    { key: "genes", label: "Genes", badge: formatCount(disease.geneCount) },
    { key: "mutations", label: "Mutations", badge: formatCount(disease.mutationCount) },
  ];
  if (disease.paperCount > 0)
    tabs.push({
      key: "papers",
      label: "Synapse Proteomic Publications",
      badge: formatCount(disease.paperCount),
    });
  const shownTab = tabs.some((tab) => tab.key === activeTab) ? activeTab : "genes";
  const enc = encodeURIComponent(disease.hdoid);

  return (
    <article
      className={`gene-card disease-card${expanded ? " is-expanded" : ""}`}
      data-testid="disease-card"
      data-hdoid={disease.hdoid}
      aria-labelledby={`${prefix}-title`}
    >
      <div className="gene-card-header">
        <button
          type="button"
          className="gene-card-toggle"
          aria-expanded={expanded}
          aria-controls={`${prefix}-body`}
          onClick={toggle}
          data-testid="disease-card-toggle"
        >
          <svg className="gene-card-chevron" viewBox="0 0 20 20" aria-hidden="true">
            <path d="m7 5 5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span className="gene-card-heading">
            <span className="gene-card-title-line">
              <span className="disease-name" id={`${prefix}-title`}>
                {h(formatDiseaseName(disease.description))}
              </span>
              <span className="chip mono">{h(disease.hdoid)}</span>
            </span>
            <span className="gene-description clamp-2">
              {disease.definition ? h(disease.definition) : "----"}
            </span>
          </span>
        </button>
        <DownloadButton
          url={`/api/disease/${enc}/csv`}
          label="Download Disease Data"
          testId="download-disease"
        />
      </div>

      <dl className="id-grid">
        <div className="id-row">
          <dt>Disease Ontology</dt>
          <dd>
            <ExternalLink href={externalUrl("diseaseOntology", disease.hdoid)} testId="link-disease-ontology">
              {disease.hdoid}
            </ExternalLink>
          </dd>
        </div>
        <div className="id-row">
          <dt>Alliance Genome</dt>
          <dd>
            <ExternalLink href={externalUrl("allianceGenome", disease.hdoid)} testId="link-alliance">
              View on Alliance Genome
            </ExternalLink>
          </dd>
        </div>
        <div className="id-row">
          <dt>Consensus genes</dt>
          <dd data-testid="consensus-genes">
            {formatCount(stats.totalConsensusGenes)} of {formatCount(disease.geneCount)}
          </dd>
        </div>
        <div className="id-row">
          <dt>Consensus-gene mutations</dt>
          <dd>
            {formatCount(stats.totalConsensusMutations)} of {formatCount(disease.mutationCount)} (
            {stats.mutationConsensusPercentage}%)
          </dd>
        </div>
        <div className="id-row id-row-wide">
          <dt>Downloads</dt>
          <dd className="download-row">
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
          </dd>
        </div>
      </dl>

      <Tabs
        idPrefix={prefix}
        label={`${formatDiseaseName(disease.description)} data`}
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
              <DiseaseGenesTab
                hdoid={disease.hdoid}
                state={genes}
                onChange={(change) => onChange("genes", change)}
                onOpenPublications={onOpenPublications}
              />
            )}
            {shownTab === "mutations" && (
              <DiseaseMutationsTab
                hdoid={disease.hdoid}
                state={mutations}
                onChange={(change) => onChange("mutations", change)}
              />
            )}
            {shownTab === "papers" && (
              <DiseasePapersTab
                hdoid={disease.hdoid}
                state={papers}
                onChange={(change) => onChange("papers", change)}
              />
            )}
          </div>
        )}
      </div>
    </article>
  );
}
