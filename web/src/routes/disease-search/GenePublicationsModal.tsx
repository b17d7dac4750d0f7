import { useEffect, useId, useMemo, useRef, useState } from "react";
import { genePapersQuery } from "../../components/genePapers.queries";
import { Highlight } from "../../components/Highlight";
import { HighlightToggle } from "../../components/HighlightToggle";
import { PubMedLink } from "../../components/PubMedLink";
import { Spinner } from "../../components/Spinner";
import { SyntheticTag } from "../../components/SyntheticTag";
import type { GenePapersQuery } from "../../gql/graphql";
import { firstPageRequest, useAllPages } from "../../hooks/useAllPages";
import { countOf } from "../../lib/plural";
import "../../components/dialog.css";
import { SearchField } from "../../components/SearchField";

type StudyRow = NonNullable<GenePapersQuery["gene"]>["paperConnection"]["edges"][number]["paper"] & {
  isSynthetic: boolean;
};

export interface ModalGene {
  id: number;
  humanName: string;
}

/** 'Publications for {gene}' (spec 1 §2.7): filter, 'x of y publications', highlight, Close. */
export function GenePublicationsModal({ gene, onClose }: { gene: ModalGene; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const [filter, setFilter] = useState("");
  const [highlight, setHighlight] = useState(true);
  // The gene page's Publications tab query: one document, and the cache shares its pages.
  const studies = useAllPages(
    firstPageRequest(genePapersQuery, { id: gene.id }),
    (data) => data.gene?.paperConnection,
  );
  const { loading, error } = studies;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  // One entry per study (the gene's rows repeat per brain region and compartment).
  const papers = useMemo(() => {
    const unique = new Map<number, StudyRow>();
    for (const { paper, isSynthetic } of studies.items ?? [])
      if (!unique.has(paper.pmid)) unique.set(paper.pmid, { ...paper, isSynthetic });
    return [...unique.values()].sort((a, b) => b.year - a.year || a.pmid - b.pmid);
  }, [studies.items]);
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? papers.filter((paper) =>
        [paper.title, paper.name, paper.pmid].some((value) =>
          String(value ?? "")
            .toLowerCase()
            .includes(needle),
        ),
      )
    : papers;
  const failed = Boolean(error);

  return (
    <dialog
      ref={dialogRef}
      className="modal"
      aria-labelledby={headingId}
      onClose={onClose}
      onCancel={onClose}
      data-testid="gene-publications-modal"
    >
      <div className="modal-body">
        <header className="modal-header">
          <h2 id={headingId}>
            Publications for <em>{gene.humanName}</em>
          </h2>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            onClick={onClose}
            aria-label="Close dialog"
          >
            ×
          </button>
        </header>
        <div className="modal-tools">
          <SearchField
            label="Filter publications"
            className="input"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder="Filter publications by title, or PubMed ID..."
            data-testid="modal-filter"
          />
          <HighlightToggle on={highlight} onChange={setHighlight} testId="modal-highlight" />
        </div>
        {loading && !studies.items ? (
          <Spinner label="Loading publications..." />
        ) : (
          <>
            <p className="muted small" data-testid="modal-count">
              {shown.length} of {countOf(papers.length, "publication")}
            </p>
            {failed && (
              <p className="empty-text" data-testid="modal-empty">
                No publications found
              </p>
            )}
            {!failed && papers.length === 0 && (
              <p className="empty-text" data-testid="modal-empty">
                No publications available for this gene.
              </p>
            )}
            {papers.length > 0 && shown.length === 0 && (
              <p className="empty-text" data-testid="modal-empty">
                No publications match your filter criteria.
              </p>
            )}
            {shown.length > 0 && (
              <ul className="modal-list" data-testid="modal-list">
                {shown.map((paper) => (
                  <li key={paper.pmid} className="modal-item" data-testid="modal-paper">
                    <p className="modal-item-title">
                      <Highlight text={paper.title?.trim() || paper.name} term={filter} enabled={highlight} />
                      {paper.isSynthetic && <SyntheticTag />}
                    </p>
                    <p className="small muted">
                      PubMed ID: <PubMedLink pmid={paper.pmid} /> · Year {paper.year}
                      {paper.title?.trim() && paper.title.trim() !== paper.name && (
                        <>
                          {" · "}
                          <Highlight text={paper.name} term={filter} enabled={highlight} />
                        </>
                      )}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} data-testid="modal-close">
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}
