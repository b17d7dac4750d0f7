import { ServerError } from "@apollo/client/errors";
import { useQuery } from "@apollo/client/react";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router-dom";
import { ExternalLink } from "../../components/ExternalLink";
import { Spinner } from "../../components/Spinner";
import { SyntheticTag } from "../../components/SyntheticTag";
import { selectHomeChapters } from "../../lib/chapters";
import { describeError } from "../../lib/errors";
import { formatCount } from "../../lib/format";
import { loadErrorText } from "../../lib/loadError";
import { countOf } from "../../lib/plural";
import { siteConfig } from "../../site.config";
import { homeApiUsageQuery, homeChaptersQuery, homeOverviewQuery, homeVisitStatsQuery } from "./home.queries";

/** Catalogue links and the 'Synapse proteome list' button. */
export function CatalogueLinks() {
  const catalogues = [
    {
      to: "/gene-table",
      title: "Synapse Proteome Catalog",
      text: "Every synaptic gene with its identifiers.",
    },
    { to: "/disease-table", title: "Diseases Catalog", text: "Disorders with their synaptic genes." },
    { to: "/paper-table", title: "Publications Catalog", text: "The synapse proteomic studies." },
  ];
  return (
    <section className="home-section" aria-labelledby="home-catalogues" data-section="catalogues">
      <div className="home-section-head">
        <h2 id="home-catalogues">Browse the catalogues</h2>
        <Link to="/gene-table" className="btn btn-primary" data-testid="proteome-list-button">
          Synapse proteome list
        </Link>
      </div>
      <ul className="home-catalogues" data-testid="catalogue-links">
        {catalogues.map((c) => (
          <li key={c.to}>
            <Link to={c.to} className="home-catalogue">
              <span className="home-catalogue-title">{c.title}</span>
              <span className="muted small">{c.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The overview text: every figure comes from the datasetOverview query. */
export function OverviewText() {
  const { data, error, loading } = useQuery(homeOverviewQuery);
  const o = data?.datasetOverview;
  let body: ReactNode;
  if (loading && !o) body = <Spinner label="Loading dataset figures..." />;
  else if (error || !o)
    body = (
      <p className="error-text" role="alert">
        Error loading data: {error ? describeError(error) : "Failed to load dataset figures"}
      </p>
    );
  else
    body = (
      <>
        <p data-testid="overview-studies">
          {siteConfig.productName} brings together data from{" "}
          <strong data-figure="studies">{formatCount(o.studies)}</strong> synapse proteome studies, reporting{" "}
          <strong data-figure="proteins">{formatCount(o.proteins)}</strong> proteins in total.
          {o.syntheticStudies > 0 && (
            <>
              {" "}
              <SyntheticTag title="Synthetic sample studies are not real research data" />{" "}
              <span className="muted" data-testid="overview-synthetic">
                <span data-figure="syntheticStudies">{formatCount(o.syntheticStudies)}</span> of these studies
                are synthetic sample studies of this demonstration release, and the protein and consensus
                counts include their gene lists.
              </span>
            </>
          )}
        </p>
        <p data-testid="overview-consensus">
          A consensus set of <strong data-figure="consensusGenes">{formatCount(o.consensusGenes)}</strong>{" "}
          synaptic proteins, each reported in{" "}
          <span data-figure="consensusMinStudies">{formatCount(o.consensusMinStudies ?? 0)}</span> or more
          studies. <strong data-figure="diseaseLinkedGenes">{formatCount(o.diseaseLinkedGenes)}</strong> of
          these human genes (
          <span data-figure="diseaseLinkedPercentage">{Math.round(o.diseaseLinkedPercentage)}%</span>) are
          linked to <strong data-figure="linkedDisorders">{formatCount(o.linkedDisorders)}</strong> disorders
          of the Disease Ontology and to{" "}
          <strong data-figure="omimPhenotypes">{formatCount(o.omimPhenotypes)}</strong> OMIM phenotypes.
        </p>
      </>
    );
  return (
    <section className="home-section home-overview" aria-labelledby="home-overview" data-section="overview">
      <h2 id="home-overview">Overview</h2>
      <p>
        Synaptopathies are disorders of the nervous system whose cause lies in the synapse.{" "}
        {siteConfig.productName} links the proteins found at the synapse by proteomic studies to human genes,
        nervous-system diseases, phenotypes and mutations, and to the publications behind them.
      </p>
      {body}
    </section>
  );
}

const FEATURES = [
  {
    title: "Integrated search",
    text: "Search genes by symbol, protein name or identifier, diseases by name or Disease Ontology id, and studies by title or PubMed id.",
  },
  {
    title: "Consensus proteins",
    text: "Genes reported by several independent studies are flagged as consensus genes throughout the results.",
  },
  {
    title: "Disease links",
    text: "Genes are linked to Disease Ontology terms, OMIM phenotypes with their ICD-11 chapters, and mutations.",
  },
  {
    title: "Compartments and brain regions",
    text: "See where each protein was found: presynaptic, postsynaptic, synaptic vesicles or whole synaptosome, by brain region.",
  },
  {
    title: "Open data",
    text: "Every table downloads as CSV, and the same data is served by a documented REST and GraphQL API.",
  },
  {
    title: "Charts",
    text: "Synaptopathy history, brain-region distribution and disease classification across ICD-11 chapters.",
  },
];

export function KeyFeatures() {
  return (
    <section className="home-section" aria-labelledby="home-features" data-section="features">
      <h2 id="home-features">Key features</h2>
      <ul className="home-features">
        {FEATURES.map((f) => (
          <li key={f.title} className="home-feature">
            <h3>{f.title}</h3>
            <p>{f.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Up to four ICD-11 chapter cards; a click opens the classification explorer on that chapter. */
export function ChapterCards() {
  const { data, error, loading } = useQuery(homeChaptersQuery);
  const navigate = useNavigate();
  let body: ReactNode;
  if (loading && !data) body = <Spinner label="Loading chapters..." />;
  else if (error && !data) {
    body = (
      <div className="error-box" role="alert" data-testid="chapters-error">
        <h3>Error</h3>
        <p>{loadErrorText(error, "Failed to load disease classification data")}</p>
      </div>
    );
  } else {
    const chapters = selectHomeChapters(data?.icd11Chapters ?? []);
    body =
      chapters.length === 0 ? (
        <p className="empty-text" data-testid="chapters-empty">
          No chapter data available
        </p>
      ) : (
        <ul className="home-chapters" data-testid="chapter-cards">
          {chapters.map((c) => (
            <li key={c.chapter}>
              <button
                type="button"
                className="home-chapter"
                data-testid="chapter-card"
                data-chapter={c.chapter}
                onClick={() =>
                  navigate(`/disease-classifications?chapter=${encodeURIComponent(c.chapter)}`, {
                    state: { selectedChapter: c.chapter },
                  })
                }
              >
                <span className="home-chapter-number">Chapter {c.chapter}</span>
                <span className="home-chapter-name">{c.name}</span>
                <span className="home-chapter-counts">
                  <span data-testid="chapter-genes">{countOf(c.geneCount, "gene")}</span>
                  <span aria-hidden="true"> · </span>
                  <span data-testid="chapter-diseases">{countOf(c.diseaseCount, "disease")}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      );
  }
  return (
    <section className="home-section" aria-labelledby="home-chapters" data-section="chapters">
      <div className="home-section-head">
        <h2 id="home-chapters">
          Disease classification <span className="nowrap">(ICD-11)</span>
        </h2>
        <Link to="/disease-classifications">All chapters</Link>
      </div>
      <p className="muted">The ICD-11 chapters with the most synaptic genes linked to their diseases.</p>
      {body}
    </section>
  );
}

/** The team from the site configuration; nothing until the deploying lab names it. */
export function ResearchTeam() {
  const members = siteConfig.researchTeam;
  if (members.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-team" data-section="team">
      <div className="home-section-head">
        <h2 id="home-team">Research team</h2>
        <Link to="/about#research-team">About the team</Link>
      </div>
      <ul className="home-team" data-testid="team-members">
        {members.map((m) => (
          <li key={`${m.name}-${m.role}`} className="home-person">
            <span className="home-person-avatar" aria-hidden="true">
              {m.name.charAt(0)}
            </span>
            <span className="home-person-name">{m.name}</span>
            <span className="muted small">{m.role}</span>
            <span className="muted small">{m.affiliation}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The funders from the site configuration; nothing until the deploying lab names them. */
export function Funders() {
  const items = siteConfig.funders;
  if (items.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-funders" data-section="funders">
      <h2 id="home-funders">Funders</h2>
      <ul className="home-funders" data-testid="funders">
        {items.map((f) => (
          <li key={`${f.name}-${f.url}`}>
            <ExternalLink href={f.url} className="home-funder" title={f.name}>
              {f.logo ? <img src={f.logo} alt={f.name} className="home-funder-logo" /> : f.name}
            </ExternalLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function CallToAction() {
  return (
    <section className="home-section home-cta" aria-labelledby="home-cta" data-section="cta">
      <h2 id="home-cta">Start exploring synaptopathies</h2>
      <p>Search a gene, a disease or a study, or use the API in your own analyses.</p>
      <div className="home-cta-actions">
        <Link to="/gene-search" className="btn btn-primary">
          Search genes
        </Link>
        <Link to="/documentation" className="btn">
          API documentation
        </Link>
        <Link to="/faq" className="btn">
          FAQ
        </Link>
      </div>
    </section>
  );
}

/** 'Error loading data' with the reason: the not-ok text for an HTTP failure, else the server's message, else the fallback. */
function CounterError({ error, notOk, fallback }: { error: unknown; notOk: string; fallback: string }) {
  const reason = ServerError.is(error) ? notOk : describeError(error) || fallback;
  return (
    <span className="home-counter-error" role="alert" data-testid="counter-error">
      Error loading data
      <span className="small">{reason}</span>
    </span>
  );
}

/** API usage and unique visitor counters, refreshed every visitStatsRefreshMs (300000 ms). */
export function Counters() {
  const refresh = { pollInterval: siteConfig.visitStatsRefreshMs, fetchPolicy: "cache-and-network" } as const;
  const api = useQuery(homeApiUsageQuery, refresh);
  const visits = useQuery(homeVisitStatsQuery, refresh);
  return (
    <section className="home-section" aria-labelledby="home-counters" data-section="counters">
      <h2 id="home-counters" className="visually-hidden">
        Usage counters
      </h2>
      <div className="home-counters">
        <Link to="/api-counter-dashboard" className="home-counter" data-testid="api-counter">
          <span className="home-counter-label">API calls</span>
          {api.data ? (
            <span className="home-counter-value" data-testid="api-counter-value">
              {formatCount(api.data.apiUsage.totalCalls)}
            </span>
          ) : api.error ? (
            <CounterError
              error={api.error}
              notOk="Failed to fetch API stats"
              fallback="Failed to load counter data"
            />
          ) : (
            <span className="muted">Loading...</span>
          )}
          <span className="home-counter-link">View the API usage dashboard</span>
        </Link>
        <div className="home-counter" data-testid="visitor-counter">
          <span className="home-counter-label">Unique visitors</span>
          {visits.data ? (
            <span className="home-counter-value" data-testid="visitor-counter-value">
              {formatCount(visits.data.visitStats.uniqueVisitors)}
            </span>
          ) : visits.error ? (
            <CounterError
              error={visits.error}
              notOk="Failed to fetch visit stats"
              fallback="Failed to load visit data"
            />
          ) : (
            <span className="muted">Loading...</span>
          )}
          <span className="muted small">
            Refreshed every {Math.round(siteConfig.visitStatsRefreshMs / 60000)} minutes
          </span>
        </div>
      </div>
    </section>
  );
}
