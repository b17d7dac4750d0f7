import type { DataSource, SelectQueryBuilder } from "typeorm";
import { BrainRegion, Gene, PaperGene, Species } from "../../schema";
import type {
  BrainRegionDistribution,
  RegionCompartment,
  RegionProtein,
  RegionProteinTablePage,
  RegionTopProtein,
  SpeciesProteinCount,
} from "../../schema/brain-region-views.type";
import { compareText } from "../collation";
import { placeholders, readRows, tableOf } from "../db/read";
import { BadInputError, NotFoundError } from "../errors";
import { readLocalisations, resolveLocalisation } from "./localisations";
import { type PageRequest, pagination } from "./paging";
import { BRAIN_REGION_DISTRIBUTION, readReleaseDocument } from "./read-models/release-documents";
import { RegionProteinIndexService } from "./region-protein-index";
import type { ReleaseWatcher } from "./release-watcher";

/** Most proteins listed per region and compartment. */
export const MAX_TOP_LIMIT = 100;

type Raw = Record<string, string | number | null>;

/**
 * The root of the region hierarchy (id 1, 'Brain') means the whole brain, as the spec reads region_id=1:
 * every study-gene link in any region, not only the samples tagged 'Brain'. The JSON row, the heatmap
 * row and the CSV of region 1 all count it so.
 */
export const isWholeBrain = (region: Pick<BrainRegion, "id" | "parentId">): boolean =>
  region.parentId === null || region.parentId === region.id;
function checkTopLimit(topLimit: number): void {
  if (!Number.isInteger(topLimit) || topLimit < 1 || topLimit > MAX_TOP_LIMIT)
    throw new BadInputError(`top_limit must be a whole number from 1 to ${MAX_TOP_LIMIT}`);
}

const key = (region: unknown, localisation: unknown) => `${Number(region)}|${Number(localisation)}`;

/**
 * Consensus proteins per brain region and compartment. Counts are over consensus genes (five or more
 * studies) and over the studies that sampled each region itself; every method runs a fixed number of
 * statements whatever the number of regions, compartments or genes.
 */
export class BrainRegionService {
  /** Each region and compartment's list, held per release for the pages of the screen's table. */
  private readonly lists: RegionProteinIndexService;

  constructor(
    private readonly db: DataSource,
    releases: ReleaseWatcher,
  ) {
    this.lists = new RegionProteinIndexService(releases, (regionId, compartment) =>
      this.proteins(regionId, compartment),
    );
  }

  /** paper_gene rows of consensus genes. */
  private consensusLinks(): SelectQueryBuilder<PaperGene> {
    return this.db
      .getRepository(PaperGene)
      .createQueryBuilder("pg")
      .innerJoin(Gene, "g", "g.id = pg.gene_id AND g.is_consensus = :yes", { yes: true });
  }

  /**
   * The distribution with at most `topLimit` top proteins per cell, from the release's document (built
   * with the release at MAX_TOP_LIMIT: one primary-key read whatever the release's size).
   */
  async distribution(topLimit: number): Promise<BrainRegionDistribution> {
    checkTopLimit(topLimit);
    const built = await readReleaseDocument<BrainRegionDistribution>(this.db, BRAIN_REGION_DISTRIBUTION);
    // Every load and the migration that brought release documents write it; a database without one
    // (hand-made, say) is answered by the statements the document is built from.
    if (!built) return this.computeDistribution(topLimit);
    return {
      ...built,
      regions: built.regions.map((row) => ({
        ...row,
        region: Object.assign(new BrainRegion(), row.region),
        compartments: row.compartments.map((cell) => ({
          ...cell,
          topProteins: cell.topProteins.slice(0, topLimit),
        })),
      })),
    };
  }

  /**
   * The distribution computed over the release's tables: a fixed number of statements, each over every
   * study-gene link of consensus genes. Run when a release is built (read-models/build.ts).
   */
  async computeDistribution(topLimit: number): Promise<BrainRegionDistribution> {
    checkTopLimit(topLimit);
    const [regions, localisations, consensus, mapped, perRegion, perCell, perSpecies, top] =
      await Promise.all([
        this.db.getRepository(BrainRegion).find(),
        readLocalisations(this.db),
        this.db.getRepository(Gene).count({ where: { isConsensus: true } }),
        this.consensusLinks()
          .select("COUNT(DISTINCT pg.gene_id)", "n")
          .addSelect("COUNT(DISTINCT pg.pmid)", "papers")
          .getRawOne<Raw>(),
        this.consensusLinks()
          .select("pg.brain_region_id", "region_id")
          .addSelect("COUNT(DISTINCT pg.gene_id)", "genes")
          .addSelect("COUNT(DISTINCT pg.pmid)", "papers")
          .groupBy("pg.brain_region_id")
          .getRawMany<Raw>(),
        this.consensusLinks()
          .select("pg.brain_region_id", "region_id")
          .addSelect("pg.localisation_id", "localisation_id")
          .addSelect("COUNT(DISTINCT pg.gene_id)", "genes")
          .addSelect("COUNT(DISTINCT pg.pmid)", "papers")
          .groupBy("pg.brain_region_id")
          .addGroupBy("pg.localisation_id")
          .getRawMany<Raw>(),
        this.consensusLinks()
          .innerJoin(Species, "s", "s.taxid = pg.species_taxid")
          .select("pg.brain_region_id", "region_id")
          .addSelect("pg.localisation_id", "localisation_id")
          .addSelect("s.name", "species")
          .addSelect("COUNT(DISTINCT pg.gene_id)", "genes")
          .groupBy("pg.brain_region_id")
          .addGroupBy("pg.localisation_id")
          .addGroupBy("s.name")
          .getRawMany<Raw>(),
        this.topProteins(topLimit, true),
      ]);
    // The whole brain: the same counts over every region (three more statements, whatever the data).
    const [wholeCells, wholeSpecies, wholeTop] = await Promise.all([
      this.consensusLinks()
        .select("pg.localisation_id", "localisation_id")
        .addSelect("COUNT(DISTINCT pg.gene_id)", "genes")
        .addSelect("COUNT(DISTINCT pg.pmid)", "papers")
        .groupBy("pg.localisation_id")
        .getRawMany<Raw>(),
      this.consensusLinks()
        .innerJoin(Species, "s", "s.taxid = pg.species_taxid")
        .select("pg.localisation_id", "localisation_id")
        .addSelect("s.name", "species")
        .addSelect("COUNT(DISTINCT pg.gene_id)", "genes")
        .groupBy("pg.localisation_id")
        .addGroupBy("s.name")
        .getRawMany<Raw>(),
      this.topProteins(topLimit, false),
    ]);
    for (const root of regions.filter(isWholeBrain)) {
      perRegion.push({ region_id: root.id, genes: mapped?.n ?? 0, papers: mapped?.papers ?? 0 });
      for (const r of wholeCells) perCell.push({ ...r, region_id: root.id });
      for (const r of wholeSpecies) perSpecies.push({ ...r, region_id: root.id, whole: 1 });
      for (const [localisation, list] of wholeTop) top.set(key(root.id, localisation.split("|")[1]), list);
    }

    const roots = new Set(regions.filter(isWholeBrain).map((r) => r.id));
    const regionCounts = new Map(perRegion.map((r) => [Number(r.region_id), r]));
    const cellCounts = new Map(perCell.map((r) => [key(r.region_id, r.localisation_id), r]));
    const species = new Map<string, SpeciesProteinCount[]>();
    for (const r of perSpecies) {
      // The whole brain's species are those over every region (pushed last), not its own samples'.
      if (roots.has(Number(r.region_id)) && !("whole" in r)) continue;
      const k = key(r.region_id, r.localisation_id);
      const list = species.get(k) ?? [];
      list.push({ speciesName: String(r.species), proteinCount: Number(r.genes) });
      species.set(k, list);
    }
    for (const list of species.values())
      list.sort((a, b) => b.proteinCount - a.proteinCount || a.speciesName.localeCompare(b.speciesName));

    regions.sort((a, b) => compareText(a.name, b.name) || a.id - b.id);
    return {
      consensusGeneCount: consensus,
      compartments: localisations.map((l) => l.name),
      totalProteinsMapped: Number(mapped?.n ?? 0),
      regions: regions.map((region) => ({
        region,
        distinctProteinCount: Number(regionCounts.get(region.id)?.genes ?? 0),
        paperCount: Number(regionCounts.get(region.id)?.papers ?? 0),
        compartments: localisations.map((l): RegionCompartment => {
          const k = key(region.id, l.id);
          return {
            name: l.name,
            proteinCount: Number(cellCounts.get(k)?.genes ?? 0),
            paperCount: Number(cellCounts.get(k)?.papers ?? 0),
            topProteins: top.get(k) ?? [],
            speciesDistribution: species.get(k) ?? [],
          };
        }),
      })),
    };
  }

  /**
   * The `limit` consensus genes reported by most studies in each region and compartment, or in each
   * compartment over every region when `byRegion` is false (region 0 in the keys); one statement.
   */
  private async topProteins(limit: number, byRegion: boolean): Promise<Map<string, RegionTopProtein[]>> {
    const region = byRegion ? "pg.brain_region_id" : "0";
    const rows = await this.db
      .createQueryBuilder()
      .select(["r.region_id AS region_id", "r.localisation_id AS localisation_id", "r.gene_id AS gene_id"])
      .addSelect(["r.symbol AS symbol", "r.n AS n"])
      .from(
        (ranked) =>
          ranked
            .select([
              "t.region_id AS region_id",
              "t.localisation_id AS localisation_id",
              "t.gene_id AS gene_id",
            ])
            .addSelect(["t.symbol AS symbol", "t.n AS n"])
            .addSelect(
              "ROW_NUMBER() OVER (PARTITION BY t.region_id, t.localisation_id ORDER BY t.n DESC, t.gene_id ASC)",
              "rn",
            )
            .from(
              (grouped) =>
                grouped
                  .select(region, "region_id")
                  .addSelect("pg.localisation_id", "localisation_id")
                  .addSelect("pg.gene_id", "gene_id")
                  .addSelect("g.human_name", "symbol")
                  .addSelect("COUNT(DISTINCT pg.pmid)", "n")
                  .from(PaperGene, "pg")
                  .innerJoin(Gene, "g", "g.id = pg.gene_id AND g.is_consensus = :yes")
                  .groupBy(byRegion ? "pg.brain_region_id" : "pg.localisation_id")
                  .addGroupBy("pg.localisation_id")
                  .addGroupBy("pg.gene_id")
                  .addGroupBy("g.human_name"),
              "t",
            ),
        "r",
      )
      .where("r.rn <= :limit")
      .setParameters({ yes: true, limit })
      .getRawMany<Raw>();
    const top = new Map<string, RegionTopProtein[]>();
    for (const r of rows) {
      const k = key(r.region_id, r.localisation_id);
      const list = top.get(k) ?? [];
      list.push({ geneId: Number(r.gene_id), symbol: String(r.symbol), paperCount: Number(r.n) });
      top.set(k, list);
    }
    for (const list of top.values()) list.sort((a, b) => b.paperCount - a.paperCount || a.geneId - b.geneId);
    return top;
  }

  /**
   * Every consensus gene reported per region and compartment, optionally for one region (404 when
   * unknown) and one compartment ('All' or absent for every compartment). Region 1 (the root) is the
   * whole brain, in its own file and in the whole dataset alike: a row per compartment and gene over
   * every region, as the heatmap's Brain row counts it.
   */
  async proteins(regionId: number | null, compartment: string | null): Promise<RegionProtein[]> {
    const [regions, localisations] = await Promise.all([
      this.db.getRepository(BrainRegion).find(),
      readLocalisations(this.db),
    ]);
    const selected = regionId === null ? null : regions.find((r) => r.id === regionId);
    if (selected === undefined) throw new NotFoundError("Brain region not found");
    // The whole brain (region 1): a row per compartment and gene over every region, tagged region 1.
    const whole = selected !== null && isWholeBrain(selected);
    const wanted =
      compartment === null || compartment.trim().toLowerCase() === "all"
        ? null
        : resolveLocalisation(compartment, localisations, ["All"]);
    const roots = regions.filter(isWholeBrain);
    /** A row per region (or, for the whole brain, per root over every region), compartment and gene. */
    const rowsOf = (root: BrainRegion | null) => {
      let query = this.consensusLinks()
        .innerJoin(Species, "s", "s.taxid = pg.species_taxid")
        .select(root ? String(root.id) : "pg.brain_region_id", "region_id")
        .addSelect("pg.localisation_id", "localisation_id")
        .addSelect("pg.gene_id", "gene_id")
        .addSelect("g.human_name", "symbol")
        .addSelect("g.human_entrez", "human_entrez")
        .addSelect("COUNT(DISTINCT pg.pmid)", "n")
        .addSelect("GROUP_CONCAT(DISTINCT s.name)", "species")
        .groupBy(root ? "pg.localisation_id" : "pg.brain_region_id")
        .addGroupBy("pg.localisation_id")
        .addGroupBy("pg.gene_id")
        .addGroupBy("g.human_name")
        .addGroupBy("g.human_entrez");
      if (!root) {
        if (selected) query = query.andWhere("pg.brain_region_id = :regionId", { regionId });
        // The root's own rows are its whole-brain rows, counted over every region.
        else if (roots.length > 0)
          query = query.andWhere("pg.brain_region_id NOT IN (:...roots)", { roots: roots.map((r) => r.id) });
      }
      if (wanted)
        query = query.andWhere("pg.localisation_id = :localisationId", { localisationId: wanted.id });
      return query.getRawMany<Raw>();
    };
    // One region: one statement; the whole dataset: every region's rows, the root's as the whole brain.
    const rows = selected
      ? await rowsOf(whole ? selected : null)
      : (await Promise.all([rowsOf(null), ...roots.map((root) => rowsOf(root))])).flat();

    const regionById = new Map(regions.map((r) => [r.id, r]));
    const localisationOrder = new Map(localisations.map((l, i) => [l.id, i]));
    const localisationName = new Map(localisations.map((l) => [l.id, l.name]));
    const proteins = rows.map((r) => {
      const region = regionById.get(Number(r.region_id))!;
      return {
        regionId: region.id,
        regionName: region.name,
        interlexId: region.interlexId,
        localisationId: Number(r.localisation_id),
        compartment: localisationName.get(Number(r.localisation_id)) ?? String(r.localisation_id),
        geneId: Number(r.gene_id),
        symbol: String(r.symbol),
        humanEntrez: r.human_entrez === null ? null : Number(r.human_entrez),
        paperCount: Number(r.n),
        species: String(r.species ?? "")
          .split(",")
          .filter(Boolean)
          .sort(),
      };
    });
    proteins.sort(
      (a, b) =>
        compareText(a.regionName, b.regionName) ||
        a.regionId - b.regionId ||
        (localisationOrder.get(a.localisationId) ?? 0) - (localisationOrder.get(b.localisationId) ?? 0) ||
        b.paperCount - a.paperCount ||
        a.geneId - b.geneId,
    );
    return proteins.map(({ localisationId: _l, ...p }) => p);
  }

  /**
   * One page of proteins(regionId, compartment), in its order: a slice of the held list and one read of
   * the page's genes. A page past the end (an old deep link) serves the last page, and says so.
   */
  async proteinTable(
    regionId: number,
    compartment: string | null,
    request: PageRequest,
  ): Promise<RegionProteinTablePage> {
    const list = await this.lists.list(regionId, compartment);
    const total = list.geneIds.length;
    const page = Math.min(request.page, Math.max(1, Math.ceil(total / request.pageSize)));
    const start = Math.min(total, (page - 1) * request.pageSize);
    const end = Math.min(total, start + request.pageSize);
    const ids = Array.from(list.geneIds.subarray(start, end));
    const genes =
      ids.length === 0
        ? []
        : await readRows<{ id: number; human_name: string; human_entrez: number | string | null }>(
            this.db,
            `SELECT id, human_name, human_entrez FROM ${tableOf(this.db, Gene)} WHERE id IN (${placeholders(ids)})`,
            ids,
          );
    const byId = new Map(genes.map((gene) => [Number(gene.id), gene]));
    const proteins: RegionProtein[] = [];
    for (let row = start; row < end; row++) {
      const gene = byId.get(list.geneIds[row]!)!;
      proteins.push({
        ...list.region!,
        compartment: list.compartments[list.compartmentOf[row]!]!,
        geneId: list.geneIds[row]!,
        symbol: String(gene.human_name),
        humanEntrez: gene.human_entrez === null ? null : Number(gene.human_entrez),
        paperCount: list.paperCounts[row]!,
        species: [...list.speciesSets[list.speciesOf[row]!]!],
      });
    }
    return { proteins, pagination: pagination({ ...request, page }, total) };
  }
}
