import "./proteinNameTag.css";
/** Marks a gene listed only because the protein-name lookup of the term found it. */
export function ProteinNameTag({ term }: { term: string }) {
  return (
    <span
      className="badge badge-protein-name"
      title={`Listed because its protein name matches “${term}”`}
      data-testid="protein-name-tag"
    >
      protein name
    </span>
  );
}
