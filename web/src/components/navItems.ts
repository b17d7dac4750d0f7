export interface NavLinkItem {
  kind: "link";
  label: string;
  to: string;
  end?: boolean;
}

export interface NavGroupItem {
  kind: "group";
  id: string;
  label: string;
  links: { label: string; to: string }[];
}

export type NavItem = NavLinkItem | NavGroupItem;

/** Top navigation (spec 1 §2.2), plus 'Data & provenance' under Resources. */
export const NAV_ITEMS: NavItem[] = [
  { kind: "link", label: "Home", to: "/", end: true },
  { kind: "link", label: "Gene Search", to: "/gene-search" },
  { kind: "link", label: "Disease Search", to: "/disease-search" },
  { kind: "link", label: "Publication Search", to: "/paper-search" },
  {
    kind: "group",
    id: "catalog",
    label: "Catalog",
    links: [
      { label: "Synapse Proteome Catalog", to: "/gene-table" },
      { label: "Diseases Catalog", to: "/disease-table" },
      { label: "Publications Catalog", to: "/paper-table" },
    ],
  },
  {
    kind: "group",
    id: "synaptopathy",
    label: "Synaptopathy",
    links: [
      { label: "Synaptopathy History", to: "/synaptopathy-history" },
      { label: "Brain Region Distribution", to: "/brain-region-protein-distribution" },
      { label: "Disease Classifications", to: "/disease-classifications" },
      { label: "Gene-list Analysis", to: "/analyze" },
      { label: "Compare Gene Sets", to: "/compare" },
    ],
  },
  {
    kind: "group",
    id: "resources",
    label: "Resources",
    links: [
      { label: "FAQ", to: "/faq" },
      { label: "API Documentation", to: "/documentation" },
      { label: "GraphQL Explorer", to: "/explorer" },
      { label: "ER Diagram", to: "/SynapticERDiagram" },
      { label: "Publication Info", to: "/publication" },
      { label: "Data & provenance", to: "/data" },
    ],
  },
  { kind: "link", label: "About", to: "/about" },
];

/** A group is active when the current path is one of its links. */
export function isGroupActive(group: NavGroupItem, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  return group.links.some((link) => link.to === path);
}
