/**
 * Optional external protein-name lookup, consulted only when the local index finds nothing
 * (off unless PROTEIN_LOOKUP_URL is set). Its answer is a hint: the caller keeps only the symbols
 * that exist in the local database, and any failure (timeout, HTTP error, bad JSON) yields nothing.
 */

export const DEFAULT_PROTEIN_LOOKUP_TIMEOUT_MS = 1500;
/** Most symbols read from one external answer. */
const MAX_EXTERNAL_SYMBOLS = 200;

export interface ProteinFallbackConfig {
  /** URL template; `{name}` is replaced by the URL-encoded protein name. */
  urlTemplate: string;
  timeoutMs: number;
}

/** Resolves a protein name to candidate gene symbols; never rejects. */
export type ProteinFallback = (name: string) => Promise<string[]>;

export type WarnLogger = (message: string, detail?: Record<string, unknown>) => void;

/**
 * The fallback's settings from the environment, or null when it is off (no PROTEIN_LOOKUP_URL, or
 * one without the `{name}` placeholder, which is reported through `warn`).
 */
export function proteinFallbackConfigFromEnv(
  env: NodeJS.ProcessEnv,
  warn: WarnLogger,
): ProteinFallbackConfig | null {
  const urlTemplate = env.PROTEIN_LOOKUP_URL?.trim();
  if (!urlTemplate) return null;
  if (!urlTemplate.includes("{name}")) {
    warn("PROTEIN_LOOKUP_URL has no {name} placeholder: the external protein lookup is off");
    return null;
  }
  const timeout = Number(env.PROTEIN_LOOKUP_TIMEOUT_MS ?? DEFAULT_PROTEIN_LOOKUP_TIMEOUT_MS);
  return {
    urlTemplate,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_PROTEIN_LOOKUP_TIMEOUT_MS,
  };
}

/**
 * Gene symbols in an external answer. Understood shapes: MyGene.info's `{hits: [{symbol}]}`,
 * `{genes: [...]}`, `{data: [...]}`, or a plain array; items are strings or objects with `symbol`.
 */
export function symbolsFromExternalAnswer(body: unknown): string[] {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === "object"
      ? ((body as Record<string, unknown>).hits ??
        (body as Record<string, unknown>).genes ??
        (body as Record<string, unknown>).data)
      : undefined;
  if (!Array.isArray(list)) return [];
  const symbols: string[] = [];
  for (const item of list.slice(0, MAX_EXTERNAL_SYMBOLS)) {
    const symbol =
      typeof item === "string"
        ? item
        : item && typeof item === "object"
          ? (item as Record<string, unknown>).symbol
          : undefined;
    if (typeof symbol === "string" && symbol.trim() !== "" && !symbols.includes(symbol.trim()))
      symbols.push(symbol.trim());
  }
  return symbols;
}

export function createProteinFallback(config: ProteinFallbackConfig, warn: WarnLogger): ProteinFallback {
  return async (name) => {
    const url = config.urlTemplate.replaceAll("{name}", encodeURIComponent(name));
    try {
      const response = await fetch(url, {
        signal: AbortSignal.timeout(config.timeoutMs),
        headers: { accept: "application/json" },
      });
      if (!response.ok) {
        warn("External protein lookup failed", { status: response.status });
        return [];
      }
      return symbolsFromExternalAnswer(JSON.parse(await response.text()));
    } catch (error) {
      warn("External protein lookup failed", { error: (error as Error).message });
      return [];
    }
  };
}
