/**
 * Dataset figures quoted in the text of the About and Publication pages, computed from the
 * loaded release rather than typed in (spec 2 §1 gives the source paper's figures).
 */

export interface StudyFlags {
  kind: string;
  isSynthetic: boolean;
}

export interface StudyCounts {
  /** Synapse proteomics studies, real and synthetic sample ones. */
  proteomic: number;
  proteomicReal: number;
  proteomicSample: number;
  /** Genetic (mutation) studies. */
  genetic: number;
  geneticReal: number;
  geneticSample: number;
}

/** Studies by kind ('proteomic'; anything else counts as genetic) and by real / synthetic sample. */
export function countStudies(studies: readonly StudyFlags[]): StudyCounts {
  const counts: StudyCounts = {
    proteomic: 0,
    proteomicReal: 0,
    proteomicSample: 0,
    genetic: 0,
    geneticReal: 0,
    geneticSample: 0,
  };
  for (const study of studies) {
    if (study.kind === "proteomic") {
      counts.proteomic += 1;
      if (study.isSynthetic) counts.proteomicSample += 1;
      else counts.proteomicReal += 1;
    } else {
      counts.genetic += 1;
      if (study.isSynthetic) counts.geneticSample += 1;
      else counts.geneticReal += 1;
    }
  }
  return counts;
}

/** Share of `part` in `whole` as a whole percentage ('36%'); '0%' when whole is 0. */
export function percentOf(part: number, whole: number): string {
  if (whole <= 0) return "0%";
  return `${Math.round((part / whole) * 100)}%`;
}

export interface CompartmentCount {
  compartment: string;
  proteinCount: number;
}

/** The protein count of a compartment by name (case-insensitive), or null when the release lacks it. */
export function compartmentCount(rows: readonly CompartmentCount[], name: string): number | null {
  const row = rows.find((r) => r.compartment.toLowerCase() === name.toLowerCase());
  return row ? row.proteinCount : null;
}

/** 'Synaptic_Vesicle' → 'Synaptic Vesicle'. */
export function compartmentLabel(name: string): string {
  return name.replace(/_/g, " ");
}

export interface NetworkSize {
  network: string;
  nodes: number;
  edges: number;
}

/**
 * The interaction network of a compartment ('presynaptic' or 'postsynaptic') among the PPI
 * table's source networks: BioNAR's PPI_Presynaptic and its post-synaptic density (PSD) network.
 */
export function networkFor(
  networks: readonly NetworkSize[],
  compartment: "presynaptic" | "postsynaptic",
): NetworkSize | null {
  const pattern = compartment === "presynaptic" ? /presynaptic/i : /(^|[^a-z])psd|postsynaptic/i;
  return networks.find((n) => pattern.test(n.network)) ?? null;
}
