import { useQuery } from "@apollo/client/react";
import { Link } from "react-router-dom";
import { ExternalLink } from "../../components/ExternalLink";
import { Spinner } from "../../components/Spinner";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { compartmentCount, countStudies, networkFor } from "../../lib/datasetFigures";
import { describeError } from "../../lib/errors";
import { formatCount } from "../../lib/format";
import { siteConfig } from "../../site.config";
import { publicationFiguresQuery } from "./publication.queries";
import "../../components/cardTable.css";
import "./publication.css";

const PACKAGE_URL = "https://bioconductor.org/packages/synaptome.db";

/** Figures stated in the synaptome.db paper (spec 2 §2.8); shown only as the paper's claims. */
const PAPER = {
  proteins: "over 8,000",
  postsynaptic: "5,560",
  presynaptic: "2,772",
  synaptosome: "7,198",
  studies: "58 studies, 2000–2020",
  postsynapticNetwork: { nodes: "4,817", edges: "27,788" },
  presynapticNetwork: { nodes: "2,221", edges: "8,678" },
} as const;

const RESOURCES = [
  {
    href: PACKAGE_URL,
    title: "synaptome.db on Bioconductor",
    text: "The R package with the synapse proteome database, its documentation and vignettes.",
  },
  {
    href: "https://github.com/lptolik/synaptome.db",
    title: "synaptome.db source code",
    text: "The package's source repository, including the database build scripts and supplementary documents.",
  },
  {
    href: "https://bioconductor.org/packages/BioNAR",
    title: "BioNAR on Bioconductor",
    text: "Biological network analysis in R, the source of the presynaptic and post-synaptic density networks.",
  },
];

/** Publication information (spec 2 §2.8): the source paper, its figures beside this release's. */
export default function PublicationPage() {
  useDocumentTitle(
    "Publication and Database Information",
    "The synaptome.db paper behind the portal's synapse proteome data: its database statistics beside this release's, its networks and resources.",
  );
  const { data, loading, error } = useQuery(publicationFiguresQuery);
  const studies = data ? countStudies(data.paperTableAll) : null;
  const realYears = (data?.paperTableAll ?? [])
    .filter((p) => p.kind === "proteomic" && !p.isSynthetic && typeof p.year === "number")
    .map((p) => p.year as number);
  const yearRange = realYears.length > 0 ? `${Math.min(...realYears)}–${Math.max(...realYears)}` : null;
  const count = (name: string) => {
    const value = data ? compartmentCount(data.compartments, name) : null;
    return value === null ? "—" : formatCount(value);
  };
  const post = data ? networkFor(data.ppiNetworks, "postsynaptic") : null;
  const pre = data ? networkFor(data.ppiNetworks, "presynaptic") : null;
  const release = data?.datasetRelease;

  return (
    <div className="page page-narrow publication-page" data-testid="publication-page">
      <header className="page-header">
        <h1>Publication Information</h1>
        <p className="page-subtitle">
          The paper behind the synapse proteome data of {siteConfig.productName}.
        </p>
      </header>

      <article className="publication-paper" aria-labelledby="paper-title" data-testid="source-paper">
        <p className="publication-kicker">Source publication</p>
        <h2 id="paper-title">synaptome.db: a Bioconductor package for synaptic proteomics data</h2>
        <p className="publication-journal">
          <em>Bioinformatics Advances</em>, November 2022
        </p>
        <p>
          The paper presents synaptome.db, an R / Bioconductor package holding a curated database of synapse
          proteomics studies: the genes each study found, with species, brain region, synaptic compartment and
          method, linked to diseases, and the interaction networks of the synaptic proteins.
        </p>
        <ExternalLink href={PACKAGE_URL} className="btn btn-primary" testId="paper-link">
          View the package on Bioconductor
        </ExternalLink>
      </article>

      {loading && !data && <Spinner label="Loading this release's figures..." />}
      {error && !data && (
        <p className="error-text" role="alert">
          Failed to load this release's figures: {describeError(error)}
        </p>
      )}

      <section className="section" aria-labelledby="stats-title">
        <h2 id="stats-title">Database statistics</h2>
        <p>
          The first column gives the figures reported in the paper for the full synaptome.db database. The
          second is computed from the data loaded here
          {release ? ` (release ${release.name} ${release.version})` : ""}, which is a demonstration release
          with synthetic sample parts, so the two differ.
        </p>
        <div className="table-wrap">
          <table className="data-table publication-table" data-testid="stats-table">
            <thead>
              <tr>
                <th scope="col">Figure</th>
                <th scope="col">Reported in the paper</th>
                <th scope="col">This release</th>
              </tr>
            </thead>
            <tbody>
              <tr data-testid="stat-proteins">
                <th scope="row">Proteins (genes)</th>
                <td data-label="Reported in the paper">{PAPER.proteins}</td>
                <td data-label="This release" data-testid="release-value">
                  {data ? formatCount(data.geneTable.pagination.total) : "—"}
                </td>
              </tr>
              <tr data-testid="stat-postsynaptic">
                <th scope="row">Post-synaptic gene IDs</th>
                <td data-label="Reported in the paper">{PAPER.postsynaptic}</td>
                <td data-label="This release" data-testid="release-value">
                  {count("Postsynaptic")}
                </td>
              </tr>
              <tr data-testid="stat-presynaptic">
                <th scope="row">Presynaptic gene IDs</th>
                <td data-label="Reported in the paper">{PAPER.presynaptic}</td>
                <td data-label="This release" data-testid="release-value">
                  {count("Presynaptic")}
                </td>
              </tr>
              <tr data-testid="stat-synaptosome">
                <th scope="row">Whole-synaptosome gene IDs</th>
                <td data-label="Reported in the paper">{PAPER.synaptosome}</td>
                <td data-label="This release" data-testid="release-value">
                  {count("Synaptosome")}
                </td>
              </tr>
              <tr data-testid="stat-vesicle">
                <th scope="row">Synaptic vesicle gene IDs</th>
                <td data-label="Reported in the paper" className="muted">
                  not stated
                </td>
                <td data-label="This release" data-testid="release-value">
                  {count("Synaptic_Vesicle")}
                </td>
              </tr>
              <tr data-testid="stat-studies">
                <th scope="row">Synapse proteomics studies</th>
                <td data-label="Reported in the paper">{PAPER.studies}</td>
                <td data-label="This release" data-testid="release-value">
                  {studies
                    ? `${formatCount(studies.proteomicReal)} real${yearRange ? ` (${yearRange})` : ""} + ${formatCount(studies.proteomicSample)} synthetic sample`
                    : "—"}
                </td>
              </tr>
            </tbody>
          </table>
        </div>
        <p className="muted small">
          Gene IDs per compartment count the distinct genes that at least one study reports in that
          compartment.
        </p>
      </section>

      <section className="section" aria-labelledby="ppi-title">
        <h2 id="ppi-title">Protein–protein interaction networks</h2>
        <p>
          The paper builds interaction networks of the post-synaptic and presynaptic proteins from three
          interaction databases, filtered for direct, physical, high-confidence interactions. The interaction
          table of this release holds the presynaptic and post-synaptic density networks of the BioNAR package
          (see <Link to="/data">Data &amp; provenance</Link>).
        </p>
        <div className="table-wrap">
          <table className="data-table publication-table" data-testid="ppi-table">
            <thead>
              <tr>
                <th scope="col">Network</th>
                <th scope="col">Reported in the paper</th>
                <th scope="col">This release</th>
              </tr>
            </thead>
            <tbody>
              <tr data-testid="ppi-postsynaptic">
                <th scope="row">Post-synaptic</th>
                <td data-label="Reported in the paper">
                  {PAPER.postsynapticNetwork.nodes} nodes / {PAPER.postsynapticNetwork.edges} edges
                </td>
                <td data-label="This release" data-testid="release-value">
                  {post ? `${formatCount(post.nodes)} nodes / ${formatCount(post.edges)} edges` : "—"}
                </td>
              </tr>
              <tr data-testid="ppi-presynaptic">
                <th scope="row">Presynaptic</th>
                <td data-label="Reported in the paper">
                  {PAPER.presynapticNetwork.nodes} nodes / {PAPER.presynapticNetwork.edges} edges
                </td>
                <td data-label="This release" data-testid="release-value">
                  {pre ? `${formatCount(pre.nodes)} nodes / ${formatCount(pre.edges)} edges` : "—"}
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      </section>

      <section className="section" aria-labelledby="impl-title">
        <h2 id="impl-title">How this portal implements the data</h2>
        <ol className="publication-features" data-testid="implementation-features">
          <li>
            <strong>One relational schema</strong> following synaptome.db (genes, studies, brain regions,
            compartments, methods, diseases, mutations), served from SQLite or MariaDB/MySQL.
          </li>
          <li>
            <strong>A GraphQL API</strong> behind every screen, open to everyone, with an interactive{" "}
            <Link to="/explorer">explorer</Link>.
          </li>
          <li>
            <strong>A documented REST API</strong> with an OpenAPI description, mapped onto the same GraphQL
            operations (<Link to="/documentation">API documentation</Link>).
          </li>
          <li>
            <strong>Server-side CSV downloads</strong> of every table and search, named with the release
            version, so the files can be reproduced through the API.
          </li>
          <li>
            <strong>Recorded provenance</strong>: every file of the release names its source, and synthetic
            sample data are labelled in the data and on screen.
          </li>
        </ol>
      </section>

      <section className="section" aria-labelledby="resources-title">
        <h2 id="resources-title">External resources</h2>
        <ul className="publication-resources" data-testid="external-resources">
          {RESOURCES.map((resource) => (
            <li key={resource.href}>
              <ExternalLink href={resource.href}>{resource.title}</ExternalLink>
              <p className="publication-resource-text muted small">{resource.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
