import { useQuery } from "@apollo/client/react";
import { type MouseEvent, useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { CopyButton } from "../../components/CopyButton";
import { HowToCite } from "../../components/HowToCite";
import { Spinner } from "../../components/Spinner";
import type { AboutFiguresQuery } from "../../gql/graphql";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { compartmentLabel, countStudies, percentOf } from "../../lib/datasetFigures";
import { describeError } from "../../lib/errors";
import { formatCount } from "../../lib/format";
import { featuredIcdChapters } from "../../lib/icdChapters";
import { siteConfig } from "../../site.config";
import { aboutFiguresQuery } from "./about.queries";
import "./about.css";
import { countOf, plural } from "../../lib/plural";

/** The side menu, in page order (spec 2 §2.6); sections the site configuration leaves empty are left out. */
export const ABOUT_SECTIONS: { id: string; label: string }[] = [
  { id: "about", label: "About" },
  { id: "overview", label: "Overview" },
  { id: "key-features", label: "Key Features" },
  { id: "synapse-proteomes", label: "Synapse Proteomes" },
  { id: "disease-classification", label: "Disease Classification" },
  ...(siteConfig.citation ? [{ id: "how-to-cite", label: "How to Cite our work" }] : []),
  ...(siteConfig.researchTeam.length > 0 ? [{ id: "research-team", label: "Research Team" }] : []),
  { id: "contact", label: "Contact" },
];

/** The active section is the last one whose top has passed this line (px from the viewport top). */
const SCROLL_OFFSET = 100;
/** Opening the page with a hash scrolls there after this delay (the content has rendered by then). */
const HASH_SCROLL_DELAY_MS = 100;

function sectionAtScroll(): string {
  const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
  if (atBottom) return ABOUT_SECTIONS[ABOUT_SECTIONS.length - 1]?.id ?? "about";
  let active = "about";
  for (const section of ABOUT_SECTIONS) {
    const element = document.getElementById(section.id);
    if (element && element.getBoundingClientRect().top - SCROLL_OFFSET <= 0) active = section.id;
  }
  return active;
}

/** About (spec 2 §2.6): background, dataset figures computed from the release, team and contact. */
export default function AboutPage() {
  useDocumentTitle(
    `About ${siteConfig.productName}`,
    `What ${siteConfig.productName} brings together and why: the synapse proteomes, the disease classification, the portal's key features and who is behind it.`,
  );
  const { hash } = useLocation();
  const navigate = useNavigate();
  const [active, setActive] = useState<string>("about");
  const { data, loading, error } = useQuery(aboutFiguresQuery);

  // A hash the page has not scrolled to yet (it opened with one, or a link elsewhere set it) scrolls to
  // its section 100 ms after the figures above it have loaded (so they cannot push it away) or failed.
  // Menu clicks scroll at once: a late second scroll would undo the reader's own scrolling.
  const figuresLoaded = data !== undefined || error !== undefined;
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id || !figuresLoaded || scrolledTo.current === hash) return;
    const timer = setTimeout(() => {
      const element = document.getElementById(id);
      if (!element) return;
      scrolledTo.current = hash;
      element.scrollIntoView({ block: "start" });
      if (ABOUT_SECTIONS.some((s) => s.id === id)) setActive(id);
    }, HASH_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [hash, figuresLoaded]);

  // The active menu item follows the scroll position.
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setActive(sectionAtScroll()));
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
    };
  }, []);

  const onMenuClick = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault();
    setActive(id);
    scrolledTo.current = `#${id}`;
    document.getElementById(id)?.scrollIntoView({ block: "start" });
    // flushSync: the router's own scroll to the hash (ScrollRestoration) happens now, inside the click,
    // not in a later transition that would undo scrolling the reader has done since.
    if (hash !== `#${id}`) navigate({ hash: id }, { preventScrollReset: true, flushSync: true });
  };

  return (
    <div className="page about-page" data-testid="about-page">
      <div className="about-layout">
        <nav className="about-menu" aria-label="About sections">
          <ul>
            {ABOUT_SECTIONS.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className={active === section.id ? "is-active" : undefined}
                  aria-current={active === section.id ? "location" : undefined}
                  onClick={(event) => onMenuClick(event, section.id)}
                  data-testid={`about-menu-${section.id}`}
                >
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="about-content">
          <header id="about" className="page-header about-section">
            <h1>About {siteConfig.productName}</h1>
            <p className="page-subtitle">{siteConfig.tagline}</p>
            <p>{siteConfig.description}</p>
          </header>

          {loading && !data && <Spinner label="Loading dataset figures..." />}
          {error && !data && (
            <p className="error-text" role="alert">
              Failed to load the dataset figures: {describeError(error)}
            </p>
          )}

          <Overview data={data} />

          <section id="key-features" className="about-section" aria-labelledby="key-features-title">
            <h2 id="key-features-title">Key Features</h2>
            <ul className="about-features">
              <li>
                <strong>Three searches</strong> — <Link to="/gene-search">genes</Link> (by symbol, id or
                protein name), <Link to="/disease-search">diseases</Link> and{" "}
                <Link to="/paper-search">publications</Link>, with highlighted matches and CSV downloads.
              </li>
              <li>
                <strong>Catalogs</strong> of every <Link to="/gene-table">gene</Link>,{" "}
                <Link to="/disease-table">disease</Link> and <Link to="/paper-table">publication</Link>,
                sortable, filterable to consensus genes, with paging.
              </li>
              <li>
                <strong>Synaptic compartments and brain regions</strong> — proteins per{" "}
                <Link to="/synaptic-compartments">compartment</Link> and a{" "}
                <Link to="/brain-region-protein-distribution">brain-region distribution</Link> of the
                consensus set.
              </li>
              <li>
                <strong>Disease classification and history</strong> — synaptopathies by{" "}
                <Link to="/disease-classifications">ICD-11 chapter</Link> and over{" "}
                <Link to="/synaptopathy-history">time</Link>.
              </li>
              <li>
                <strong>Open API</strong> — a GraphQL API with an <Link to="/explorer">explorer</Link>, a REST
                API with <Link to="/documentation">documentation</Link>, and an API button on every table.
              </li>
              <li>
                <strong>Transparent data</strong> — the <Link to="/data">provenance</Link> of every file of
                the release, with synthetic sample data labelled wherever it appears.
              </li>
            </ul>
          </section>

          <SynapseProteomes data={data} />
          <DiseaseClassification data={data} />

          {siteConfig.citation && (
            <section className="about-section about-cite">
              <HowToCite />
            </section>
          )}

          {siteConfig.researchTeam.length > 0 && (
            <section id="research-team" className="about-section" aria-labelledby="research-team-title">
              <h2 id="research-team-title">Research Team</h2>
              <ul className="about-team">
                {siteConfig.researchTeam.map((member) => (
                  <li
                    key={`${member.name}-${member.role}`}
                    className="about-member"
                    data-testid="team-member"
                  >
                    <span className="about-member-avatar" aria-hidden="true">
                      {member.name
                        .split(/\s+/)
                        .map((part) => part.charAt(0))
                        .join("")
                        .slice(0, 2)
                        .toUpperCase()}
                    </span>
                    <div className="about-member-text">
                      <h3>{member.name}</h3>
                      <p className="about-member-role">{member.role}</p>
                      <p className="muted small">{member.affiliation}</p>
                      {member.email && (
                        <>
                          <p className="about-member-email">
                            <a href={`mailto:${member.email}`}>{member.email}</a>
                          </p>
                          <CopyButton
                            text={member.email}
                            label="Copy Email"
                            copiedLabel="Email Copied"
                            testId="copy-email"
                          />
                        </>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          )}

          <section id="contact" className="about-section" aria-labelledby="contact-title">
            <h2 id="contact-title">Contact</h2>
            {siteConfig.contactEmail && (
              <p>
                Questions, corrections or suggestions about {siteConfig.productName} and its data are welcome
                at{" "}
                <a href={`mailto:${siteConfig.contactEmail}`} data-testid="contact-email">
                  {siteConfig.contactEmail}
                </a>
                .
              </p>
            )}
            <p>
              Many questions are answered in the <Link to="/faq">FAQ</Link>.
            </p>
          </section>
        </div>
      </div>
    </div>
  );
}

type AboutData = AboutFiguresQuery | undefined;

function Overview({ data }: { data: AboutData }) {
  const genes = data?.geneTable.pagination.total;
  const consensus = data?.geneTable.consensus.totalInDatabase;
  const studies = data ? countStudies(data.paperTableAll) : null;
  const release = data?.datasetRelease;
  return (
    <section id="overview" className="about-section" aria-labelledby="overview-title">
      <h2 id="overview-title">Overview</h2>
      <p>
        The synapse is where most brain disorders meet: many genes behind autism, epilepsy, intellectual
        disability and neurodegeneration code for synaptic proteins. {siteConfig.productName} brings together
        the proteins that synapse proteomics studies have found, the human genes that code for them, the
        diseases and mutations linked to those genes, and the studies behind each link.
      </p>
      {data && studies && genes !== undefined && consensus !== undefined && (
        <>
          <ul className="about-figures" data-testid="about-figures">
            <li>
              <strong data-testid="figure-studies">{formatCount(studies.proteomic)}</strong> synapse
              proteomics studies
            </li>
            <li>
              <strong data-testid="figure-genes">{formatCount(genes)}</strong> {plural(genes, "gene")}
            </li>
            <li>
              <strong data-testid="figure-consensus">{formatCount(consensus)}</strong> consensus genes (
              {percentOf(consensus, genes)})
            </li>
            <li>
              <strong data-testid="figure-diseases">{formatCount(data.diseaseTable.pagination.total)}</strong>{" "}
              diseases
            </li>
          </ul>
          <p>
            This release{release ? ` (${release.name} ${release.version})` : ""} holds{" "}
            {formatCount(studies.proteomic)} synapse proteomics studies — {formatCount(studies.proteomicReal)}{" "}
            real studies and {formatCount(studies.proteomicSample)} synthetic sample studies — and{" "}
            {formatCount(studies.genetic)} genetic studies of mutations. Of its {formatCount(genes)} genes,{" "}
            {formatCount(consensus)} ({percentOf(consensus, genes)}) are reported by five or more studies and
            form the consensus set.
          </p>
          {release?.hasSyntheticData && (
            <p className="notice-box notice-warning small">
              Parts of this release are synthetic sample data, labelled wherever they appear; see{" "}
              <Link to="/data">Data &amp; provenance</Link> for what is real and what is not.
            </p>
          )}
        </>
      )}
    </section>
  );
}

function SynapseProteomes({ data }: { data: AboutData }) {
  return (
    <section id="synapse-proteomes" className="about-section" aria-labelledby="synapse-proteomes-title">
      <h2 id="synapse-proteomes-title">Synapse Proteomes</h2>
      <p>
        Each proteomics study isolated one part of the synapse — the presynaptic terminal, the postsynaptic
        density, synaptic vesicles or the whole synaptosome — from the brain of a mouse, rat or human, and
        listed the proteins it identified. A protein found in several studies is more certain to be synaptic:
        genes reported by five or more studies form the consensus set.
      </p>
      {data && (
        <ul className="about-compartments" data-testid="about-compartments">
          {data.compartments.map((c) => (
            <li key={c.compartment} data-compartment={c.compartment}>
              <span>{compartmentLabel(c.compartment)}</span>
              <strong>{formatCount(c.proteinCount)}</strong>
              <span className="muted small">proteins</span>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/synaptic-compartments">Browse the proteins of each compartment</Link>.
      </p>
    </section>
  );
}

function DiseaseClassification({ data }: { data: AboutData }) {
  const chapters = data?.icd11Chapters ?? [];
  const top = featuredIcdChapters(chapters, 1)[0];
  return (
    <section
      id="disease-classification"
      className="about-section"
      aria-labelledby="disease-classification-title"
    >
      <h2 id="disease-classification-title">Disease Classification</h2>
      <p>
        Diseases come from the Human Disease Ontology, linked to genes through OMIM and the ontology's own
        gene annotations. The diseases of synaptic genes are also grouped by chapter of the WHO ICD-11
        classification, which shows how synaptopathies reach across body systems.
      </p>
      {data && (
        <p data-testid="about-icd-figures">
          In this release, {formatCount(chapters.length)} ICD-11 chapters hold at least 5 diseases and 5
          synaptic genes
          {top
            ? `; chapter ${top.chapter} (${top.name}) has the most genes: ${countOf(top.geneCount, "gene")} and ${countOf(top.diseaseCount, "disease")}`
            : ""}
          .
        </p>
      )}
      <p>
        <Link to="/disease-classifications">Explore the ICD-11 classification</Link>.
      </p>
    </section>
  );
}
