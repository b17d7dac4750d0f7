import { useQuery } from "@apollo/client/react";
import { lazy, useMemo } from "react";
import { ExternalLink } from "../../components/ExternalLink";
import { IdRow } from "../../components/entity-search/EntityCard";
import {
  type EntitySearchDefinition,
  type Highlighter,
  tabsOf,
} from "../../components/entity-search/entityDefinition";
import { ConsensusBadge, GENE_ID_LINKS } from "../../components/GeneFields";
import { ProteinNameTag } from "../../components/ProteinNameTag";
import type { GeneSearchQuery } from "../../gql/graphql";
import { parsePositiveId } from "../../lib/cardTabState";
import { describeError } from "../../lib/errors";
import { consensusKey } from "../../lib/format";
import { externalUrl } from "../../lib/links";
import { proteinLookupMessage } from "../../lib/proteinSearch";
import { siteConfig } from "../../site.config";
import { consensusIdsQuery, geneSearchQuery, type SearchGene } from "./geneSearch.queries";
import { GENE_TABS } from "./tabs";
import "./geneCard.css";

const DebugPanel = lazy(() => import("./DebugPanel").then((m) => ({ default: m.DebugPanel })));

export const GENE_SEARCH_PAGE_SIZE = 10;

/** The consensus gene list, read once for the page: it marks consensus genes the search did not flag. */
export interface ConsensusList {
  ids: readonly string[] | undefined;
  set: ReadonlySet<string>;
  error: string | undefined;
}

const tab = tabsOf<SearchGene, ConsensusList>();
const host = siteConfig.syngoHost.label;

/** A gene card's identifier links; `missing` is what a link without an id says instead. */
function identifierLinks(gene: SearchGene, h: Highlighter) {
  return [
    ...GENE_ID_LINKS.map(({ label, link, field }) => ({
      label,
      href: externalUrl(link, gene[field]),
      text: h(gene[field]),
      missing: "N/A",
      testId: undefined,
    })),
    {
      label: "HGNC",
      href: externalUrl("hgnc", gene.hgncId),
      text: gene.hgncId,
      missing: "Not available",
      testId: "link-hgnc",
    },
    {
      label: "Ensembl ID",
      href: externalUrl("ensembl", gene.ensemblId),
      text: gene.ensemblId,
      missing: "Not available",
      testId: "link-ensembl",
    },
    {
      label: host,
      href: externalUrl("syngoPortal", gene.hgncId ?? gene.humanName),
      text: `View on ${host}`,
      missing: undefined,
      testId: "link-syngo",
    },
    {
      label: "Human Phenotype Ontology",
      href: externalUrl("humanPhenotypeOntology", gene.humanEntrez),
      text: `NCBIGene:${gene.humanEntrez}`,
      missing: "Not available",
      testId: "link-hpo",
    },
  ];
}

/**
 * Gene Search (spec 1 §2.6). Several cards may be open, each on its tab (open=1:papers,5:go); the
 * tabs keep their own filters and pages. The server adds the genes of the term's protein-name lookup
 * to the normal matches in one ranked list (README "Search") and says which genes only it found.
 */
const RECORD_CONTEXT = { context: { ids: undefined, set: new Set<string>(), error: undefined } };

export const geneSearch: EntitySearchDefinition<GeneSearchQuery, SearchGene, ConsensusList> = {
  noun: "gene",
  name: "gene",
  title: "Gene Search",
  subtitle: "Find and explore gene information and related pathways.",
  description:
    "Search synaptic genes by symbol, name or identifier: each gene's proteomic studies, diseases, mutations, OMIM records, GO and SynGO terms and network.",
  panelLabel: "Gene search",
  placeholder: "Search by gene name or ID...",
  boxLabel: "Search genes",
  hint: "Accepted keywords [Gene Symbol, Protein, Human Entrez, Mouse Entrez, Rat Entrez, MGI ID]",
  query: geneSearchQuery,
  restPath: "/api/gene/search",
  pageSize: GENE_SEARCH_PAGE_SIZE,
  results: ({ geneSearch: found }) => {
    const proteinDerived = new Set(found.matches.filter((m) => m.proteinDerived).map((m) => m.geneId));
    return {
      items: found.genes.map((gene) => ({ ...gene, proteinDerived: proteinDerived.has(gene.id) })),
      pagination: found.pagination,
    };
  },
  notice: (data) =>
    data.geneSearch.proteinLookup ? proteinLookupMessage(data.geneSearch.proteinLookup) : null,
  id: (gene) => gene.id,
  parseOpen: parsePositiveId,
  openCards: "many",
  italicGenes: true,
  tabs: GENE_TABS.map(({ def, Body, queries }) =>
    tab({
      key: def.key,
      prefix: "",
      label: def.label,
      badge: def.badge,
      drawnWhenShown: def.key === "network",
      read: () => null,
      queries: queries && ((gene) => queries(gene.id)),
      body: ({ item }) => <Body geneId={item.id} />,
    }),
  ),
  card: {
    prefix: (gene) => `gene-${gene.id}`,
    data: (gene) => ({ "data-gene": gene.humanName, "data-gene-id": gene.id }),
    heading: (gene, { h, titleId, term, context }) => (
      <>
        <span className="gene-card-title-line">
          <em className="gene-symbol" id={titleId}>
            {h(gene.humanName)}
          </em>
          {(gene.isConsensus || context.set.has(consensusKey(gene.humanEntrez))) && <ConsensusBadge />}
          {gene.proteinDerived && <ProteinNameTag term={term} />}
        </span>
        <span className="gene-description">{gene.description ? h(gene.description) : "----"}</span>
      </>
    ),
    page: (gene) => gene.url,
    download: (gene) => ({
      url: `/api/gene/${gene.id}/csv`,
      label: "Download Gene Data",
      testId: "download-gene",
    }),
    fields: (gene, { h }) => (
      <>
        {identifierLinks(gene, h).map(({ label, href, text, missing, testId }) => (
          <IdRow key={label} label={label}>
            <ExternalLink href={href} disabledText={missing} testId={testId}>
              {text}
            </ExternalLink>
          </IdRow>
        ))}
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
    ),
    tabsLabel: (gene) => `${gene.humanName} data`,
  },
  usePageContext: () => {
    const consensus = useQuery(consensusIdsQuery);
    const ids = consensus.data?.consensusGeneEntrezIds;
    const set = useMemo(() => new Set((ids ?? []).map(consensusKey)), [ids]);
    const error = consensus.error ? describeError(consensus.error) : undefined;
    return {
      context: { ids, set, error },
      notice: error && <p className="error-text small">Failed to load consensus genes: {error}</p>,
    };
  },
  // A gene's page marks the consensus from the gene's own isConsensus: the list of every consensus
  // gene (3,400 ids, half the page's carried cache) is the search screen's, for its debug panel.
  useRecordContext: () => RECORD_CONTEXT,
  debug: ({ items, context, onClose }) => (
    <DebugPanel
      consensusIds={context.ids}
      consensusSet={context.set}
      consensusError={context.error}
      genes={items}
      onClose={onClose}
    />
  ),
};
