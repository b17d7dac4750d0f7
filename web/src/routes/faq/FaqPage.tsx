import { useEffect, useId, useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { Highlight } from "../../components/Highlight";
import { Tabs, tabId, tabPanelId } from "../../components/Tabs";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { ALL_FAQ_CATEGORIES, countFaqsByCategory, filterFaqs } from "../../lib/faqFilter";
import { siteConfig } from "../../site.config";
import { FAQ_CATEGORIES, FAQ_ITEMS, type FaqItem } from "./faqData";
import "../../components/searchClear.css";
import "./faq.css";
import { countOf } from "../../lib/plural";
import { SEARCH_MAX_LENGTH } from "../../lib/searchInput";

type CategoryKey = (typeof FAQ_CATEGORIES)[number]["key"];

/** FAQ (spec 2 §2.7): category tabs, a search over questions and answers, expandable answers. */
export default function FaqPage() {
  useDocumentTitle(
    "Frequently Asked Questions",
    `Answers to common questions about ${siteConfig.productName}: its data and sources, its searches, downloads, citing it and using its API.`,
  );
  const [category, setCategory] = useState<CategoryKey>(ALL_FAQ_CATEGORIES);
  const [term, setTerm] = useState("");
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const searchId = useId();

  const items = useMemo(() => filterFaqs(FAQ_ITEMS, category, term), [category, term]);
  const counts = useMemo(() => countFaqsByCategory(FAQ_ITEMS, term), [term]);
  const needle = term.trim();

  // While searching, the matching answers are shown open so the highlighted matches are visible.
  useEffect(() => {
    if (needle) setOpen(new Set(filterFaqs(FAQ_ITEMS, ALL_FAQ_CATEGORIES, needle).map((item) => item.id)));
    else setOpen(new Set());
  }, [needle]);

  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="page page-narrow" data-testid="faq-page">
      <header className="page-header">
        <h1>Frequently Asked Questions</h1>
        <p className="page-subtitle">
          Answers about {siteConfig.productName}: its data, its searches, downloads and the API.
        </p>
      </header>

      <search className="faq-search">
        <label htmlFor={searchId} className="faq-search-label">
          Search the questions and answers
        </label>
        <div className="faq-search-field">
          <input
            id={searchId}
            type="search"
            maxLength={SEARCH_MAX_LENGTH}
            className="input"
            placeholder="Search FAQs..."
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            autoComplete="off"
            data-testid="faq-search"
          />
          {term && (
            <button
              type="button"
              className="faq-search-clear"
              aria-label="Clear search"
              onClick={() => setTerm("")}
            >
              ×
            </button>
          )}
        </div>
      </search>

      <Tabs
        idPrefix="faq"
        label="FAQ categories"
        active={category}
        onSelect={setCategory}
        items={FAQ_CATEGORIES.map((c) => ({
          key: c.key,
          label: c.label,
          badge: counts.get(c.key) ?? 0,
          testId: `faq-tab-${c.key}`,
        }))}
      />

      <div
        role="tabpanel"
        id={tabPanelId("faq", category)}
        aria-labelledby={tabId("faq", category)}
        className="faq-panel"
      >
        <p className="muted small" aria-live="polite" data-testid="faq-count">
          {countOf(items.length, "question")}
          {needle ? ` matching “${needle}”` : ""}
        </p>
        {items.length === 0 ? (
          <p className="empty-text" data-testid="faq-empty">
            No FAQs match your search criteria. Please try different keywords.
          </p>
        ) : (
          <ul className="faq-list">
            {items.map((item) => (
              <FaqEntry
                key={item.id}
                item={item}
                term={needle}
                open={open.has(item.id)}
                onToggle={() => toggle(item.id)}
              />
            ))}
          </ul>
        )}
      </div>

      {/* Only a configured contact address is offered (web/src/site.config.ts). */}
      {siteConfig.contactEmail && (
        <section className="faq-contact" aria-labelledby="faq-contact-title">
          <h2 id="faq-contact-title">Still have a question?</h2>
          <p>Our team will be glad to help.</p>
          <Link to="/about#contact" className="btn btn-primary" data-testid="faq-contact-link">
            Contact Us
          </Link>
        </section>
      )}
    </div>
  );
}

function FaqEntry({
  item,
  term,
  open,
  onToggle,
}: {
  item: FaqItem;
  term: string;
  open: boolean;
  onToggle: () => void;
}) {
  const answerId = `faq-answer-${item.id}`;
  const label = FAQ_CATEGORIES.find((c) => c.key === item.category)?.label;
  return (
    <li className={`faq-item${open ? " is-open" : ""}`} data-testid="faq-item" data-category={item.category}>
      <h2 className="faq-question">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={answerId}
          onClick={onToggle}
          data-testid="faq-toggle"
        >
          <span data-testid="faq-question">
            <Highlight text={item.question} term={term} />
          </span>
          <span className="faq-chevron" aria-hidden="true">
            {open ? "−" : "+"}
          </span>
        </button>
      </h2>
      <div id={answerId} className="faq-answer" hidden={!open} data-testid="faq-answer">
        <p>
          <Highlight text={item.answer} term={term} />
        </p>
        {item.links && item.links.length > 0 && (
          <p className="faq-links">
            {item.links.map((link) => (
              <Link key={link.to} to={link.to}>
                {link.label}
              </Link>
            ))}
          </p>
        )}
        <p className="faq-category muted small">{label}</p>
      </div>
    </li>
  );
}
