import "./syntheticTag.css";
export const SYNTHETIC_TITLE = "Synthetic sample row — not real research data";

/** A small grey tag marking synthetic sample rows. */
export function SyntheticTag({ title = SYNTHETIC_TITLE }: { title?: string }) {
  return (
    <span className="tag-synthetic" title={title} data-testid="synthetic-tag">
      sample
    </span>
  );
}
