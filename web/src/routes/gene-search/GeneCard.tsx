import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { ExternalLink } from "../../components/ExternalLink";
import { EntityCard, IdRow, TabPanel } from "../../components/entity-search/EntityCard";
import { ConsensusBadge, GENE_ID_LINKS } from "../../components/GeneFields";
import { Highlight } from "../../components/Highlight";
import { ProteinNameTag } from "../../components/ProteinNameTag";
import { Spinner } from "../../components/Spinner";
import type { GeneSearchQuery } from "../../gql/graphql";
import type { GeneTabKey } from "../../lib/geneTabs";
import { externalUrl } from "../../lib/links";
import { siteConfig } from "../../site.config";
import { GENE_TABS } from "./geneTabDefs";
import { DiseasesTab } from "./tabs/DiseasesTab";
import { GoTermsTab } from "./tabs/GoTermsTab";
import { MutationsTab } from "./tabs/MutationsTab";
import { OmimTab } from "./tabs/OmimTab";
import { PapersTab } from "./tabs/PapersTab";
import { SyngoTab } from "./tabs/SyngoTab";
import "./geneCard.css";

// The network tab draws with nivo: its code is fetched when the tab is first opened, not with the results.
const NetworkTab = lazy(() => import("./tabs/NetworkTab").then((m) => ({ default: m.NetworkTab })));

export type SearchGene = GeneSearchQuery["geneSearch"]["genes"][number];

const TAB_BODIES: Record<GeneTabKey, (props: { geneId: number }) => ReactNode> = {
  papers: PapersTab,
  diseases: DiseasesTab,
  mutations: MutationsTab,
  omim: OmimTab,
  go: GoTermsTab,
  syngo: SyngoTab,
  network: NetworkTab,
};

interface GeneCardProps {
  gene: SearchGene;
  term: string;
  highlight: boolean;
  isConsensus: boolean;
  /** Listed only because the protein-name lookup of the term found it. */
  proteinDerived?: boolean;
  expanded: boolean;
  activeTab: GeneTabKey;
  onToggle: () => void;
  onSelectTab: (tab: GeneTabKey) => void;
}

export function GeneCard({
  gene,
  term,
  highlight,
  isConsensus,
  proteinDerived = false,
  expanded,
  activeTab,
  onToggle,
  onSelectTab,
}: GeneCardProps) {
  const [visited, setVisited] = useState<Set<GeneTabKey>>(() => new Set(expanded ? [activeTab] : []));
  const prefix = `gene-${gene.id}`;
  const h = (value: string | number | null | undefined) => (
    <Highlight text={value} term={term} enabled={highlight} />
  );

  // A tab's body stays mounted once opened, so its data and filters are kept.
  useEffect(() => {
    if (!expanded) return;
    setVisited((current) => (current.has(activeTab) ? current : new Set(current).add(activeTab)));
  }, [expanded, activeTab]);

  const counts = gene;
  const hpoUrl = externalUrl("humanPhenotypeOntology", gene.humanEntrez);
  const syngoUrl = externalUrl("syngoPortal", gene.hgncId ?? gene.humanName);

  return (
    <EntityCard
      prefix={prefix}
      testId="gene"
      data={{ "data-gene": gene.humanName, "data-gene-id": gene.id }}
      expanded={expanded}
      onToggle={onToggle}
      heading={
        <>
          <span className="gene-card-title-line">
            <em className="gene-symbol" id={`${prefix}-title`}>
              {h(gene.humanName)}
            </em>
            {isConsensus && <ConsensusBadge />}
            {proteinDerived && <ProteinNameTag term={term} />}
          </span>
          <span className="gene-description">{gene.description ? h(gene.description) : "----"}</span>
        </>
      }
      download={{ url: `/api/gene/${gene.id}/csv`, label: "Download Gene Data", testId: "download-gene" }}
      fields={
        <>
          {GENE_ID_LINKS.map(({ label, link, field }) => (
            <IdRow key={field} label={label}>
              <ExternalLink href={externalUrl(link, gene[field])} disabledText="N/A">
                {h(gene[field])}
              </ExternalLink>
            </IdRow>
          ))}
          <IdRow label="HGNC">
            <ExternalLink
              href={externalUrl("hgnc", gene.hgncId)}
              disabledText="Not available"
              testId="link-hgnc"
            >
              {gene.hgncId}
            </ExternalLink>
          </IdRow>
          <IdRow label="Ensembl ID">
            <ExternalLink
              href={externalUrl("ensembl", gene.ensemblId)}
              disabledText="Not available"
              testId="link-ensembl"
            >
              {gene.ensemblId}
            </ExternalLink>
          </IdRow>
          <IdRow label={siteConfig.syngoHost.label}>
            <ExternalLink href={syngoUrl} testId="link-syngo">
              View on {siteConfig.syngoHost.label}
            </ExternalLink>
          </IdRow>
          <IdRow label="Human Phenotype Ontology">
            <ExternalLink href={hpoUrl} disabledText="Not available" testId="link-hpo">
              NCBIGene:{gene.humanEntrez}
            </ExternalLink>
          </IdRow>
          <IdRow label="Aliases">
            {gene.aliases.length === 0 ? (
              <span className="muted">None</span>
            ) : (
              <span className="chips">
                {gene.aliases.map((alias) => (
                  <span key={alias} className="chip">
                    {h(alias)}
                  </span>
                ))}
              </span>
            )}
          </IdRow>
        </>
      }
      tabsLabel={`${gene.humanName} data`}
      tabs={GENE_TABS.map((tab) => ({ key: tab.key, label: tab.label, badge: tab.badge(counts) }))}
      activeTab={activeTab}
      onSelectTab={onSelectTab}
    >
      {GENE_TABS.filter((tab) => visited.has(tab.key)).map((tab) => {
        const Body = TAB_BODIES[tab.key];
        return (
          <TabPanel key={tab.key} prefix={prefix} tab={tab.key} hidden={!(expanded && tab.key === activeTab)}>
            <Suspense fallback={<Spinner label="Loading..." />}>
              <Body geneId={gene.id} />
            </Suspense>
          </TabPanel>
        );
      })}
    </EntityCard>
  );
}
