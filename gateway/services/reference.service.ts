import type { DataSource } from "typeorm";
import { BrainRegion, DatasetRelease, GoTerm, Localisation, Method, Ppi, Species } from "../../schema";
import type { PpiNetworkSummary } from "../../schema/network.type";

/** Small reference tables and the release record. */
export class ReferenceService {
  constructor(private readonly db: DataSource) {}

  localisations(): Promise<Localisation[]> {
    return this.db.getRepository(Localisation).find({ order: { name: "ASC" } });
  }

  species(): Promise<Species[]> {
    return this.db.getRepository(Species).find({ order: { taxid: "ASC" } });
  }

  methods(): Promise<Method[]> {
    return this.db.getRepository(Method).find({ order: { id: "ASC" } });
  }

  brainRegions(): Promise<BrainRegion[]> {
    return this.db.getRepository(BrainRegion).find({ order: { name: "ASC" } });
  }

  goTerm(goId: string): Promise<GoTerm | null> {
    return this.db.getRepository(GoTerm).findOne({ where: { goId } });
  }

  async goTermGeneIds(goId: string): Promise<number[]> {
    const rows = await this.db
      .createQueryBuilder()
      .select("gg.gene_id", "gene_id")
      .distinct(true)
      .from("go_gene", "gg")
      .where("gg.go_id = :goId", { goId })
      .orderBy("gg.gene_id")
      .getRawMany<{ gene_id: number }>();
    return rows.map((r) => Number(r.gene_id));
  }

  datasetRelease(): Promise<DatasetRelease | null> {
    return this.db.getRepository(DatasetRelease).findOne({ where: { id: 1 } });
  }

  /**
   * Size of each interaction network of the PPI table: edges per source network and the distinct
   * genes at either end. Two grouped reads of (network, gene) pairs; the union is taken here.
   */
  async ppiNetworks(): Promise<PpiNetworkSummary[]> {
    const repo = this.db.getRepository(Ppi);
    const [edges, ends] = await Promise.all([
      repo
        .createQueryBuilder("p")
        .select("p.method", "network")
        .addSelect("COUNT(*)", "n")
        .groupBy("p.method")
        .getRawMany<{ network: string; n: number | string }>(),
      Promise.all(
        (["geneA", "geneB"] as const).map((column) =>
          repo
            .createQueryBuilder("p")
            .select("p.method", "network")
            .addSelect(`p.${column}`, "gene")
            .distinct(true)
            .getRawMany<{ network: string; gene: number | string }>(),
        ),
      ),
    ]);
    const nodes = new Map<string, Set<number>>();
    for (const row of ends.flat()) {
      const set = nodes.get(row.network) ?? new Set<number>();
      nodes.set(row.network, set);
      set.add(Number(row.gene));
    }
    return edges
      .map((row) => ({
        network: row.network,
        edges: Number(row.n),
        nodes: nodes.get(row.network)?.size ?? 0,
      }))
      .sort((a, b) => a.network.localeCompare(b.network));
  }
}
