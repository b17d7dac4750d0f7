/**
 * Permalinks of an analysis: the list (and a pasted background) travel in the URL fragment, deflated
 * and URL-safe base64 encoded, so a reload reproduces the analysis without the server storing anything.
 */
export const BACKGROUNDS = ["dataset", "synaptic", "consensus", "custom"] as const;
export type BackgroundKey = (typeof BACKGROUNDS)[number];

export interface AnalysisState {
  list: string;
  background: BackgroundKey;
  backgroundList: string;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array {
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/** Newline-joined identifiers → deflate-raw → URL-safe base64. */
export async function packList(list: string): Promise<string> {
  const normalised = list
    .split(/[\s,;]+/)
    .filter(Boolean)
    .join("\n");
  return toBase64Url(await pipe(new TextEncoder().encode(normalised), new CompressionStream("deflate-raw")));
}

export async function unpackList(packed: string): Promise<string> {
  return new TextDecoder().decode(await pipe(fromBase64Url(packed), new DecompressionStream("deflate-raw")));
}

/** The URL fragment of an analysis: #list=…&bg=…[&bglist=…]. */
export async function toFragment(state: AnalysisState): Promise<string> {
  const params = new URLSearchParams();
  params.set("list", await packList(state.list));
  params.set("bg", state.background);
  if (state.background === "custom") params.set("bglist", await packList(state.backgroundList));
  return `#${params.toString()}`;
}

/** The analysis a fragment describes, or null when it holds none (or is damaged). */
export async function fromFragment(hash: string): Promise<AnalysisState | null> {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const list = params.get("list");
  if (!list) return null;
  const bg = params.get("bg") ?? "dataset";
  const background = (BACKGROUNDS as readonly string[]).includes(bg) ? (bg as BackgroundKey) : "dataset";
  try {
    const backgroundList = background === "custom" ? await unpackList(params.get("bglist") ?? "") : "";
    return { list: await unpackList(list), background, backgroundList };
  } catch {
    return null;
  }
}
