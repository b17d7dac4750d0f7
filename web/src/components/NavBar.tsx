import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router-dom";
import { useMediaQuery, WIDE_NAV_QUERY } from "../hooks/useMediaQuery";
import { navigationSearchTerm } from "../lib/searchSuggest";
import { siteConfig } from "../site.config";
import { isGroupActive, NAV_ITEMS, type NavGroupItem } from "./navItems";
import { SearchBox } from "./SearchBox";
import "./navBar.css";

/**
 * The navigation bar's search (spec 1 §2.2, §5): suggestions from every scope; a submit searches
 * genes with the term, whose results include the genes of its protein-name lookup (README "Search").
 */
function NavSearch({ onDone }: { onDone: () => void }) {
  const [term, setTerm] = useState("");
  const navigate = useNavigate();
  return (
    <SearchBox
      compact
      value={term}
      onChange={setTerm}
      onSubmit={(value) => {
        const target = navigationSearchTerm(value);
        if (target === null) return;
        setTerm("");
        onDone();
        navigate(`/gene-search?q=${encodeURIComponent(target)}`);
      }}
      onPicked={() => {
        setTerm("");
        onDone();
      }}
      placeholder="Search genes..."
      label="Search genes, diseases and publications"
      testId="nav-search"
      action="/gene-search"
      suggest="all"
    />
  );
}

function NavGroup({
  group,
  open,
  active,
  onToggle,
}: {
  group: NavGroupItem;
  open: boolean;
  active: boolean;
  onToggle: () => void;
}) {
  const menuId = `nav-menu-${group.id}`;
  return (
    <li className={`nav-item nav-group${open ? " is-open" : ""}`}>
      <button
        type="button"
        className={`nav-link${active ? " is-active" : ""}`}
        aria-expanded={open}
        aria-haspopup="true"
        aria-controls={menuId}
        onClick={onToggle}
        data-testid={`nav-group-${group.id}`}
      >
        {group.label}
        <svg className="chevron" viewBox="0 0 12 12" aria-hidden="true">
          <path
            d="m3 4.5 3 3 3-3"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
          />
        </svg>
      </button>
      <ul id={menuId} className="nav-dropdown" hidden={!open} data-testid={`nav-menu-${group.id}`}>
        {group.links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              className={({ isActive }) => `nav-dropdown-link${isActive ? " is-active" : ""}`}
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** Top navigation bar (spec 1 §2.2). */
export function NavBar() {
  const location = useLocation();
  const wide = useMediaQuery(WIDE_NAV_QUERY);
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const navRef = useRef<HTMLElement>(null);

  // All dropdowns (and the mobile menu) close on a route change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the location changes
  useEffect(() => {
    setOpenGroup(null);
    setMobileOpen(false);
  }, [location.pathname, location.search]);

  // Clicking outside closes a dropdown, on wide screens only.
  useEffect(() => {
    if (!wide || openGroup === null) return;
    const onPointerDown = (event: PointerEvent) => {
      if (navRef.current && !navRef.current.contains(event.target as Node)) setOpenGroup(null);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [wide, openGroup]);

  // Escape closes the open dropdown.
  useEffect(() => {
    if (openGroup === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpenGroup(null);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [openGroup]);

  return (
    <header className="site-header">
      <nav ref={navRef} className="navbar" aria-label="Main">
        <Link to="/" className="brand" aria-label={`${siteConfig.productName} home`}>
          <span className="brand-mark" aria-hidden="true">
            <svg viewBox="0 0 32 32" aria-hidden="true">
              <circle cx="11" cy="16" r="6" fill="currentColor" opacity="0.9" />
              <circle cx="23" cy="16" r="3.5" fill="#f2b84b" />
              <path d="M17 16h2.5" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </span>
          <span>{siteConfig.productName}</span>
        </Link>
        <button
          type="button"
          className="nav-hamburger"
          aria-expanded={mobileOpen}
          aria-controls="main-menu"
          aria-label={mobileOpen ? "Close menu" : "Open menu"}
          onClick={() => setMobileOpen((value) => !value)}
          data-testid="nav-hamburger"
        >
          <span className="hamburger-lines" aria-hidden="true" />
        </button>
        <div id="main-menu" className={`nav-panel${mobileOpen ? " is-open" : ""}`} data-testid="main-menu">
          <NavSearch onDone={() => setMobileOpen(false)} />
          <ul className="nav-list">
            {NAV_ITEMS.map((item) =>
              item.kind === "link" ? (
                <li key={item.to} className="nav-item">
                  <NavLink
                    to={item.to}
                    end={item.end}
                    className={({ isActive }) => `nav-link${isActive ? " is-active" : ""}`}
                  >
                    {item.label}
                  </NavLink>
                </li>
              ) : (
                <NavGroup
                  key={item.id}
                  group={item}
                  open={openGroup === item.id}
                  active={isGroupActive(item, location.pathname)}
                  onToggle={() => setOpenGroup((current) => (current === item.id ? null : item.id))}
                />
              ),
            )}
          </ul>
        </div>
      </nav>
    </header>
  );
}
