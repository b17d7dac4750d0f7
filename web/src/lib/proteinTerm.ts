/**
 * A term is a protein-style name when it has only letters, digits and hyphens,
 * is not all digits, and is at least 3 characters long (spec 1 §5).
 */
export const PROTEIN_TERM_MIN_LENGTH = 3;

export function isProteinStyleTerm(term: string | null | undefined): boolean {
  const value = (term ?? "").trim();
  if (value.length < PROTEIN_TERM_MIN_LENGTH) return false;
  if (!/^[A-Za-z0-9-]+$/.test(value)) return false;
  if (/^[0-9]+$/.test(value)) return false;
  return true;
}
