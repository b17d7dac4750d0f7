/** The dataset's OMIM inheritance codes, spelled out. */
const INHERITANCE: Record<string, string> = {
  AD: "Autosomal dominant",
  AR: "Autosomal recessive",
  XL: "X-linked",
  Mi: "Mitochondrial",
};

/**
 * 'Mitochondrial (Mi)': the term a reader knows, with the code the CSV files hold. Shared by the web's
 * pages and the gateway's chapter search, which matches what the reader sees.
 */
export function formatInheritance(code: string | null | undefined): string {
  const trimmed = code?.trim() ?? "";
  const name = INHERITANCE[trimmed];
  return name ? `${name} (${trimmed})` : trimmed;
}
