import { Link } from "react-router-dom";
import "./searchTiles.css";

export interface SearchTile {
  to: string;
  title: string;
  text: string;
  icon: "gene" | "disease" | "paper";
}

export const SEARCH_TILES: SearchTile[] = [
  {
    to: "/gene-search",
    title: "Gene Search",
    text: "Genes by symbol, protein name, Entrez or MGI id: publications, diseases, mutations and annotations.",
    icon: "gene",
  },
  {
    to: "/disease-search",
    title: "Disease Search",
    text: "Nervous-system disorders by name or Disease Ontology id, with their genes and mutations.",
    icon: "disease",
  },
  {
    to: "/paper-search",
    title: "Publication Search",
    text: "Synapse proteomics studies by title, PubMed id or year, with the genes they report.",
    icon: "paper",
  },
];

export function TileIcon({ icon }: { icon: SearchTile["icon"] }) {
  if (icon === "gene") {
    return (
      <svg viewBox="0 0 32 32" aria-hidden="true">
        <path
          d="M10 4c0 8 12 8 12 16s-12 8-12 8M22 4c0 8-12 8-12 16s12 8 12 8M12 9h8M12 23h8M13.5 16h5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
    );
  }
  if (icon === "disease") {
    return (
      <svg viewBox="0 0 32 32" aria-hidden="true">
        <path
          d="M16 28s-10-6.2-10-14a6 6 0 0 1 10-4.4A6 6 0 0 1 26 14c0 7.8-10 14-10 14Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <path
          d="M9 16h4l2-4 3 8 2-4h3"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true">
      <path
        d="M8 4h11l5 5v19H8Z M19 4v5h5 M12 15h8M12 19h8M12 23h5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The three search tiles (home hero and the gene search empty state). */
export function SearchTiles({ size = "large", heading }: { size?: "large" | "small"; heading?: string }) {
  return (
    <div className={`search-tiles is-${size}`} data-testid="search-tiles">
      {heading && <h2 className="search-tiles-heading">{heading}</h2>}
      <ul className="search-tiles-list">
        {SEARCH_TILES.map((tile) => (
          <li key={tile.to}>
            <Link to={tile.to} className={`search-tile tile-${tile.icon}`}>
              <span className="search-tile-icon">
                <TileIcon icon={tile.icon} />
              </span>
              <span className="search-tile-body">
                <span className="search-tile-title">{tile.title}</span>
                <span className="search-tile-text">{tile.text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
