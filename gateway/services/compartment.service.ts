import { type DataSource, In } from "typeorm";
import { Gene, Localisation, PaperGene } from "../../schema";
import {
  type CompartmentProtein,
  type CompartmentSummary,
  type FrequencyBand,
  frequencyBand,
} from "../../schema/compartment.type";
import type { CompartmentProteinSortKey, SortDirection } from "../../schema/list-enums";
import { compareText } from "../collation";
import type { CompartmentIndexService } from "./compartment-index";
import { readLocalisations, resolveLocalisation } from "./localisations";
import { type PageRequest, pagination } from "./paging";

/** What the proteins table of a compartment is filtered and sorted by. */
export interface CompartmentProteinFilter {
  /** Case-insensitive substring of the symbol or MGI id, or a substring of a human/mouse/rat Entrez id. */
  search: string;
  /** One frequency band, or null for all. */
  frequency: FrequencyBand | null;
  sortBy: CompartmentProteinSortKey;
  sortDir: SortDirection | null;
}

/**
 * The four synaptic compartments of the bundled release, in id order: the values the REST facade
 * documents and accepts (any case) for a compartment; the API tests check the loaded data has exactly these.
 */
export const COMPARTMENT_NAMES = ["Postsynaptic", "Presynaptic", "Synaptosome", "Synaptic_Vesicle"] as const;

/** Synaptic compartments (localisations) and the proteins the studies report in each. */
export class CompartmentService {
  constructor(
    private readonly db: DataSource,
    private readonly index: CompartmentIndexService,
  ) {}

  /** The compartments in id order (Postsynaptic, Presynaptic, Synaptosome, Synaptic_Vesicle). */
  localisations(): Promise<Localisation[]> {
    return readLocalisations(this.db);
  }

  /** The localisation named `name` (any case); anything else is a 400 listing the valid names. */
  async resolve(name: string): Promise<Localisation> {
    return resolveLocalisation(name, await this.localisations());
  }

  /** Distinct genes per compartment, one row for each of the four compartments (0 when none). */
  async summaries(): Promise<CompartmentSummary[]> {
    const { localisations, indexes } = await this.index.compartments();
    return localisations.map((l) => ({ compartment: l.name, proteinCount: indexes.get(l.name)!.size }));
  }

  /**
   * One filtered, sorted page of a compartment's proteins (the compartment panel's table): a walk over
   * the compartment's index in the order asked for, then one read of the page's genes.
   */
  async proteinTable(compartment: string, filter: CompartmentProteinFilter, request: PageRequest) {
    // The compartments are held with their indexes: a page reads no statement but its genes.
    const { localisations, indexes } = await this.index.compartments();
    const index = indexes.get(resolveLocalisation(compartment, localisations).name)!;
    const frequency = filter.frequency ?? null; // an omitted argument arrives as undefined
    const term = filter.search.trim().toLowerCase();
    const matching: number[] = [];
    for (const row of index.order(filter.sortBy, filter.sortDir))
      if (
        index.matches(row, term) &&
        (frequency === null || frequencyBand(index.paperCounts[row]!) === frequency)
      )
        matching.push(row);
    // A page past the end (an old deep link) serves the last page, and says so.
    const page = Math.min(request.page, Math.max(1, Math.ceil(matching.length / request.pageSize)));
    const start = (page - 1) * request.pageSize;
    const rows = matching.slice(start, start + request.pageSize);
    const ids = rows.map((row) => index.geneIds[row]!);
    const genes = ids.length > 0 ? await this.db.getRepository(Gene).findBy({ id: In(ids) }) : [];
    const byId = new Map(genes.map((gene) => [gene.id, gene]));
    return {
      proteins: rows.map((row) => {
        const paperCount = index.paperCounts[row]!;
        return { gene: byId.get(index.geneIds[row]!)!, paperCount, frequency: frequencyBand(paperCount) };
      }),
      pagination: pagination({ ...request, page }, matching.length),
    };
  }

  /** Every gene reported in a compartment with its study count there, by symbol. Two statements whatever the size. */
  async proteins(compartment: string): Promise<CompartmentProtein[]> {
    const localisation = await this.resolve(compartment);
    const counts = await this.db
      .getRepository(PaperGene)
      .createQueryBuilder("pg")
      .select("pg.gene_id", "gene_id")
      .addSelect("COUNT(DISTINCT pg.pmid)", "n")
      .where("pg.localisation_id = :id", { id: localisation.id })
      .groupBy("pg.gene_id")
      .getRawMany<{ gene_id: number; n: number | string }>();
    const paperCounts = new Map(counts.map((r) => [Number(r.gene_id), Number(r.n)]));
    const genes = await this.db
      .getRepository(Gene)
      .createQueryBuilder("g")
      .where("g.id IN (SELECT x.gene_id FROM paper_gene x WHERE x.localisation_id = :id)", {
        id: localisation.id,
      })
      .getMany();
    // Sorted here, not in SQL: MySQL and SQLite collate differently.
    genes.sort((a, b) => compareText(a.humanName, b.humanName) || a.id - b.id);
    return genes.map((gene) => {
      const paperCount = paperCounts.get(gene.id) ?? 0;
      return { gene, paperCount, frequency: frequencyBand(paperCount) };
    });
  }
}
