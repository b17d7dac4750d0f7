import type { DataSource } from "typeorm";
import { DiseaseGene, Gene, Localisation, PaperGene, Ppi } from "../../schema";
import {
  type GeneNetwork,
  type NetworkEdge,
  NetworkMode,
  type NetworkNode,
} from "../../schema/analysis-views.type";
import { MAX_ANALYSIS_IDENTIFIERS } from "../analysis/identifiers";
import { BadInputError } from "../errors";
import type { AnalysisService } from "./analysis";
import { boundedIdentifierList } from "./analysis/identifier-mapping";
import { chunks } from "./chunks";

/** What a browser can draw legibly; larger neighbourhoods are cut, and the response says so. */
export const NETWORK_CAP = { maxNodes: 300, maxEdges: 2000 } as const;

export interface NetworkRequest {
  geneIds?: number[] | null;
  identifiers?: string[] | null;
  compartment?: string | null;
  mode: NetworkMode;
  /** Downloads: the whole network, without the drawing cap (bounded by the PPI table). */
  uncapped?: boolean | null;
}

const fmt = (n: number) => n.toLocaleString("en-US");

/** Protein interaction networks from the dataset's PPI table (edges stored once, gene_a < gene_b). */
export class NetworkService {
  constructor(
    private readonly db: DataSource,
    private readonly analysis: AnalysisService,
  ) {}

  /** The seed genes of a request, and the identifiers that matched no single gene. */
  private async seeds(request: NetworkRequest): Promise<{ ids: number[]; unmatched: string[] }> {
    const given = [request.geneIds?.length, request.identifiers?.length, request.compartment].filter(
      Boolean,
    ).length;
    if (given !== 1) throw new BadInputError("Give exactly one of geneIds, identifiers or compartment");
    if (request.geneIds?.length) {
      if (request.geneIds.length > MAX_ANALYSIS_IDENTIFIERS)
        throw new BadInputError(`Too many genes: at most ${fmt(MAX_ANALYSIS_IDENTIFIERS)}`);
      const ids: number[] = [];
      for (const part of chunks([...new Set(request.geneIds)])) {
        const rows = await this.db
          .getRepository(Gene)
          .createQueryBuilder("g")
          .select("g.id", "id")
          .where("g.id IN (:...part)", { part })
          .getRawMany<{ id: number }>();
        ids.push(...rows.map((r) => Number(r.id)));
      }
      return { ids, unmatched: [] };
    }
    if (request.identifiers?.length) {
      const list = boundedIdentifierList(request.identifiers, MAX_ANALYSIS_IDENTIFIERS, "identifiers");
      const mapping = await this.analysis.mapIdentifiers(list);
      return {
        ids: [...new Set(mapping.mapped.map((m) => m.geneId))],
        unmatched: [...mapping.unmapped, ...mapping.ambiguous.map((a) => a.identifier)],
      };
    }
    const compartment = String(request.compartment).trim();
    const known = await this.db
      .getRepository(Localisation)
      .createQueryBuilder("l")
      .where("LOWER(l.name) = :name", { name: compartment.toLowerCase() })
      .getOne();
    if (!known) throw new BadInputError(`Unknown compartment: ${compartment}`);
    const rows = await this.db
      .getRepository(PaperGene)
      .createQueryBuilder("pg")
      .select("pg.gene_id", "id")
      .distinct(true)
      .where("pg.localisation_id = :id", { id: known.id })
      .getRawMany<{ id: number }>();
    return { ids: rows.map((r) => Number(r.id)), unmatched: [] };
  }

  async network(request: NetworkRequest): Promise<GeneNetwork> {
    const { ids: seedIds, unmatched } = await this.seeds(request);
    const seeds = new Set(seedIds);
    // Every edge touching a seed (induced) or joining two seeds (limited), looked up in bounded chunks.
    const edgeRows = new Map<string, { a: number; b: number; type: string; method: string }>();
    for (const part of chunks(seedIds)) {
      const rows = await this.db
        .getRepository(Ppi)
        .createQueryBuilder("e")
        .select(["e.gene_a AS a", "e.gene_b AS b", "e.type AS type", "e.method AS method"])
        .where("e.gene_a IN (:...part) OR e.gene_b IN (:...part)", { part })
        .getRawMany<{ a: number; b: number; type: string; method: string }>();
      for (const r of rows) {
        const a = Number(r.a);
        const b = Number(r.b);
        if (request.mode === NetworkMode.LIMITED && !(seeds.has(a) && seeds.has(b))) continue;
        const [lo, hi] = a < b ? [a, b] : [b, a];
        edgeRows.set(`${lo}-${hi}`, { a: lo, b: hi, type: r.type, method: r.method });
      }
    }
    let edges = [...edgeRows.values()];
    if (request.mode === NetworkMode.INDUCED) {
      // Induced: the seeds, their partners, and every interaction among them (partner–partner edges too).
      const nodeSet = new Set(seedIds);
      for (const e of edges) {
        nodeSet.add(e.a);
        nodeSet.add(e.b);
      }
      const partners = [...nodeSet].filter((id) => !seeds.has(id));
      for (const part of chunks(partners)) {
        const rows = await this.db
          .getRepository(Ppi)
          .createQueryBuilder("e")
          .select(["e.gene_a AS a", "e.gene_b AS b", "e.type AS type", "e.method AS method"])
          .where("e.gene_a IN (:...part)", { part })
          .getRawMany<{ a: number; b: number; type: string; method: string }>();
        for (const r of rows) {
          const a = Number(r.a);
          const b = Number(r.b);
          if (nodeSet.has(b) && !edgeRows.has(`${a}-${b}`))
            edgeRows.set(`${a}-${b}`, { a, b, type: r.type, method: r.method });
        }
      }
      edges = [...edgeRows.values()];
    }
    const allNodes = new Set<number>(seedIds);
    for (const e of edges) {
      allNodes.add(e.a);
      allNodes.add(e.b);
    }
    const degree = new Map<number, number>();
    const seedLinks = new Map<number, number>();
    for (const e of edges) {
      degree.set(e.a, (degree.get(e.a) ?? 0) + 1);
      degree.set(e.b, (degree.get(e.b) ?? 0) + 1);
      if (seeds.has(e.a)) seedLinks.set(e.b, (seedLinks.get(e.b) ?? 0) + 1);
      if (seeds.has(e.b)) seedLinks.set(e.a, (seedLinks.get(e.a) ?? 0) + 1);
    }
    // Keep seeds first (most connected first), then partners linked to the most seeds.
    const ranked = [...allNodes].sort(
      (x, y) =>
        Number(seeds.has(y)) - Number(seeds.has(x)) ||
        (seedLinks.get(y) ?? 0) - (seedLinks.get(x) ?? 0) ||
        (degree.get(y) ?? 0) - (degree.get(x) ?? 0) ||
        x - y,
    );
    const cap = request.uncapped ? { maxNodes: Infinity, maxEdges: Infinity } : NETWORK_CAP;
    const kept = new Set(ranked.slice(0, cap.maxNodes));
    const keptEdges = edges
      .filter((e) => kept.has(e.a) && kept.has(e.b))
      .sort(
        (x, y) =>
          Number(seeds.has(y.a)) +
            Number(seeds.has(y.b)) -
            (Number(seeds.has(x.a)) + Number(seeds.has(x.b))) ||
          (degree.get(y.a) ?? 0) +
            (degree.get(y.b) ?? 0) -
            ((degree.get(x.a) ?? 0) + (degree.get(x.b) ?? 0)) ||
          x.a - y.a ||
          x.b - y.b,
      )
      .slice(0, cap.maxEdges);
    const nodeIds = ranked.filter((id) => kept.has(id));
    const info = await this.nodeInfo(nodeIds);
    const shownDegree = new Map<number, number>();
    for (const e of keptEdges) {
      shownDegree.set(e.a, (shownDegree.get(e.a) ?? 0) + 1);
      shownDegree.set(e.b, (shownDegree.get(e.b) ?? 0) + 1);
    }
    const nodes: NetworkNode[] = nodeIds.map((id) => {
      const g = info.get(id);
      return {
        geneId: id,
        symbol: g?.symbol ?? String(id),
        isSeed: seeds.has(id),
        isConsensus: g?.isConsensus ?? false,
        diseaseCount: g?.diseaseCount ?? 0,
        degree: shownDegree.get(id) ?? 0,
      };
    });
    const symbol = (id: number) => info.get(id)?.symbol ?? String(id);
    const edgeList: NetworkEdge[] = keptEdges.map((e) => ({
      source: e.a,
      target: e.b,
      sourceSymbol: symbol(e.a),
      targetSymbol: symbol(e.b),
      type: e.type,
      method: e.method,
    }));
    const truncated = nodes.length < allNodes.size || edgeList.length < edges.length;
    let message: string | null = null;
    if (truncated) {
      const cutSeeds = seedIds.length > NETWORK_CAP.maxNodes;
      message =
        `Showing ${fmt(nodes.length)} of ${fmt(allNodes.size)} genes and ${fmt(edgeList.length)} of ${fmt(edges.length)} interactions ` +
        `(the cap is ${fmt(NETWORK_CAP.maxNodes)} genes and ${fmt(NETWORK_CAP.maxEdges)} interactions). ` +
        (cutSeeds
          ? "The most connected of the given genes were kept. Narrow it with a shorter gene list"
          : "The given genes and the partners linked to most of them were kept. Narrow it") +
        (request.mode === NetworkMode.INDUCED
          ? ", or switch to limited mode (interactions among the given genes only)."
          : ".") +
        " The downloads hold the whole network.";
    }
    return {
      mode: request.mode,
      nodes,
      edges: edgeList,
      seedCount: seedIds.length,
      totalNodes: allNodes.size,
      totalEdges: edges.length,
      truncated,
      message,
      maxNodes: NETWORK_CAP.maxNodes,
      maxEdges: NETWORK_CAP.maxEdges,
      unmatched,
    };
  }

  private async nodeInfo(
    ids: number[],
  ): Promise<Map<number, { symbol: string; isConsensus: boolean; diseaseCount: number }>> {
    const out = new Map<number, { symbol: string; isConsensus: boolean; diseaseCount: number }>();
    for (const part of chunks(ids)) {
      const rows = await this.db
        .getRepository(Gene)
        .createQueryBuilder("g")
        .select(["g.id AS id", "g.human_name AS name", "g.is_consensus AS c"])
        .where("g.id IN (:...part)", { part })
        .getRawMany<{ id: number; name: string; c: number | boolean }>();
      for (const r of rows)
        out.set(Number(r.id), { symbol: r.name, isConsensus: Boolean(Number(r.c)), diseaseCount: 0 });
      const counts = await this.db
        .getRepository(DiseaseGene)
        .createQueryBuilder("dg")
        .select("dg.gene_id", "id")
        .addSelect("COUNT(*)", "n")
        .where("dg.gene_id IN (:...part)", { part })
        .groupBy("dg.gene_id")
        .getRawMany<{ id: number; n: number | string }>();
      for (const r of counts) {
        const g = out.get(Number(r.id));
        if (g) g.diseaseCount = Number(r.n);
      }
    }
    return out;
  }
}
