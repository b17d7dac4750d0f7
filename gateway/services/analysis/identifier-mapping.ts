import type { DataSource } from "typeorm";
import { Gene, GeneTerm } from "../../../schema";
import type {
  AmbiguousIdentifier,
  AnalysisCandidate,
  MappedIdentifier,
} from "../../../schema/analysis-views.type";
import { identifierKinds, normaliseIdentifier, parseIdentifierList } from "../../analysis/identifiers";
import { BadInputError } from "../../errors";
import { chunks } from "../chunks";

const MAX_IDENTIFIER_LENGTH = 64;

export interface IdentifierMapping {
  mapped: MappedIdentifier[];
  ambiguous: AmbiguousIdentifier[];
  unmapped: string[];
}

/** Candidate genes of one lookup key, by match tier (lower tiers win). */
type Hits = Map<string, Map<number, { symbol: string; matchedBy: string; tier: number }>>;

const TIER = { id: 0, symbol: 1, orthologSymbol: 2, alias: 3 } as const;

/** Split, de-duplicate and bound a list; too many identifiers is a user error. */
export function boundedIdentifierList(entries: readonly string[], max: number, what: string): string[] {
  const ids = parseIdentifierList(entries.join("\n"));
  if (ids.length > max)
    throw new BadInputError(
      `Too many ${what}: ${ids.length.toLocaleString("en-US")} given, at most ${max.toLocaleString("en-US")}`,
    );
  return ids;
}

/** Map identifiers to genes: one exact match → mapped; several → ambiguous; none → unmapped. */
export async function mapIdentifiers(db: DataSource, ids: readonly string[]): Promise<IdentifierMapping> {
  const keysByKind = new Map<string, Set<string>>();
  const keyOf = (id: string) =>
    identifierKinds(id).map((kind) => ({ kind, key: normaliseIdentifier(id, kind) }));
  const usable = ids.filter((id) => id.length <= MAX_IDENTIFIER_LENGTH);
  for (const id of usable)
    for (const { kind, key } of keyOf(id)) {
      const set = keysByKind.get(kind) ?? new Set<string>();
      set.add(key);
      keysByKind.set(kind, set);
    }
  const hits: Hits = new Map();
  const hit = (key: string, geneId: number, symbol: string, matchedBy: string, tier: number) => {
    const map = hits.get(key) ?? new Map();
    const old = map.get(geneId);
    if (!old || tier < old.tier) map.set(geneId, { symbol, matchedBy, tier });
    hits.set(key, map);
  };
  const genes = db.getRepository(Gene);
  const entrez = [...(keysByKind.get("entrez") ?? [])]
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n <= 2_147_483_647);
  for (const part of chunks(entrez)) {
    const rows = await genes
      .createQueryBuilder("g")
      .select([
        "g.id AS id",
        "g.human_name AS name",
        "g.human_entrez AS h",
        "g.mouse_entrez AS m",
        "g.rat_entrez AS r",
      ])
      .where("g.human_entrez IN (:...n) OR g.mouse_entrez IN (:...n) OR g.rat_entrez IN (:...n)", {
        n: part,
      })
      .getRawMany<{ id: number; name: string; h: number | null; m: number | null; r: number | null }>();
    const wanted = new Set(part);
    for (const row of rows) {
      for (const [col, label] of [
        ["h", "human_entrez"],
        ["m", "mouse_entrez"],
        ["r", "rat_entrez"],
      ] as const) {
        const v = row[col] === null ? null : Number(row[col]);
        if (v !== null && wanted.has(v)) hit(`entrez:${v}`, Number(row.id), row.name, label, TIER.id);
      }
    }
  }
  for (const [kind, column] of [
    ["mgi", "mgi"],
    ["ensembl", "ensembl_id"],
    ["uniprot", "uniprot_id"],
  ] as const) {
    for (const part of chunks([...(keysByKind.get(kind) ?? [])])) {
      const rows = await genes
        .createQueryBuilder("g")
        .select(["g.id AS id", "g.human_name AS name", `g.${column} AS k`])
        .where(`g.${column} IN (:...keys)`, { keys: part })
        .getRawMany<{ id: number; name: string; k: string }>();
      for (const row of rows)
        hit(`${kind}:${String(row.k).toUpperCase()}`, Number(row.id), row.name, kind, TIER.id);
    }
  }
  const symbols = [...(keysByKind.get("symbol") ?? [])];
  for (const part of chunks(symbols)) {
    const terms = await db
      .getRepository(GeneTerm)
      .createQueryBuilder("t")
      .innerJoin(Gene, "g", "g.id = t.gene_id")
      .select(["t.gene_id AS id", "g.human_name AS name", "t.kind AS kind", "t.term AS term"])
      .where("t.kind IN ('symbol', 'alias') AND t.term IN (:...keys)", { keys: part })
      .getRawMany<{ id: number; name: string; kind: string; term: string }>();
    for (const row of terms)
      hit(
        `symbol:${row.term}`,
        Number(row.id),
        row.name,
        row.kind === "symbol" ? "symbol" : "alias",
        row.kind === "symbol" ? TIER.symbol : TIER.alias,
      );
    const orthologs = await genes
      .createQueryBuilder("g")
      .select(["g.id AS id", "g.human_name AS name", "g.mouse_name AS m", "g.rat_name AS r"])
      .where("LOWER(g.mouse_name) IN (:...keys) OR LOWER(g.rat_name) IN (:...keys)", { keys: part })
      .getRawMany<{ id: number; name: string; m: string | null; r: string | null }>();
    const wanted = new Set(part);
    for (const row of orthologs) {
      for (const [col, label] of [
        ["m", "mouse_symbol"],
        ["r", "rat_symbol"],
      ] as const) {
        const v = row[col]?.toLowerCase();
        if (v && wanted.has(v)) hit(`symbol:${v}`, Number(row.id), row.name, label, TIER.orthologSymbol);
      }
    }
  }
  const result: IdentifierMapping = { mapped: [], ambiguous: [], unmapped: [] };
  for (const id of ids) {
    // The best tier over every kind the identifier could be wins.
    const all: (AnalysisCandidate & { tier: number })[] = [];
    if (id.length <= MAX_IDENTIFIER_LENGTH)
      for (const { kind, key } of keyOf(id))
        for (const [geneId, h] of hits.get(`${kind}:${kind === "symbol" ? key : key.toUpperCase()}`) ?? [])
          all.push({ geneId, symbol: h.symbol, matchedBy: h.matchedBy, tier: h.tier });
    if (all.length === 0) {
      result.unmapped.push(id);
      continue;
    }
    const best = Math.min(...all.map((c) => c.tier));
    const byGene = new Map<number, AnalysisCandidate>();
    for (const c of all)
      if (c.tier === best && !byGene.has(c.geneId))
        byGene.set(c.geneId, { geneId: c.geneId, symbol: c.symbol, matchedBy: c.matchedBy });
    const candidates = [...byGene.values()].sort((a, b) => a.symbol.localeCompare(b.symbol));
    if (candidates.length === 1) result.mapped.push({ identifier: id, ...candidates[0]! });
    else result.ambiguous.push({ identifier: id, candidates });
  }
  return result;
}
