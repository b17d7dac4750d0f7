import type { DataSource } from "typeorm";
import { Gene, Localisation, PaperGene } from "../../schema";
import {
  type CompartmentProtein,
  type CompartmentSummary,
  type FrequencyBand,
  frequencyBand,
} from "../../schema/compartment.type";
import { CompartmentProteinSortKey, SortDirection } from "../../schema/list-enums";
import { compareText } from "../collation";
import { BadInputError } from "../errors";
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

function matchesSearch({ gene }: CompartmentProtein, term: string): boolean {
  if (!term) return true;
  if (gene.humanName.toLowerCase().includes(term)) return true;
  for (const id of [gene.humanEntrez, gene.mouseEntrez, gene.ratEntrez]) {
    if (id !== null && id !== undefined && String(id).includes(term)) return true;
  }
  return (gene.mgi ?? "").toLowerCase().includes(term);
}

const sortValue = (row: CompartmentProtein, key: CompartmentProteinSortKey): string | number | null =>
  key === CompartmentProteinSortKey.HUMAN_NAME
    ? row.gene.humanName
    : key === CompartmentProteinSortKey.HUMAN_ENTREZ
      ? (row.gene.humanEntrez ?? null)
      : row.paperCount;

const isEmpty = (value: string | number | null) => value === null || value === "";

/** Empty values last either way. */
function compareRows(a: CompartmentProtein, b: CompartmentProtein, filter: CompartmentProteinFilter): number {
  const x = sortValue(a, filter.sortBy);
  const y = sortValue(b, filter.sortBy);
  if (isEmpty(x) || isEmpty(y)) return Number(isEmpty(x)) - Number(isEmpty(y));
  const order = typeof x === "number" && typeof y === "number" ? x - y : compareText(String(x), String(y));
  return filter.sortDir === SortDirection.DESC ? -order : order;
}

/**
 * The four synaptic compartments of the bundled release, in id order: the values the REST facade
 * documents and accepts (any case) for a compartment; the API tests check the loaded data has exactly these.
 */
export const COMPARTMENT_NAMES = ["Postsynaptic", "Presynaptic", "Synaptosome", "Synaptic_Vesicle"] as const;

/** Symbol order the same on every database (the client's default sort). */

/** Synaptic compartments (localisations) and the proteins the studies report in each. */
export class CompartmentService {
  constructor(private readonly db: DataSource) {}

  /** The compartments in id order (Postsynaptic, Presynaptic, Synaptosome, Synaptic_Vesicle). */
  localisations(): Promise<Localisation[]> {
    return this.db.getRepository(Localisation).find({ order: { id: "ASC" } });
  }

  /**
   * The localisation named `name` (any case). Anything else is a 400 listing the valid names;
   * `extra` names accepted besides the compartments (e.g. 'All') for that message; `loaded` saves a
   * statement when the caller already has the localisations.
   */
  async resolve(name: string, extra: string[] = [], loaded?: Localisation[]): Promise<Localisation> {
    const all = loaded ?? (await this.localisations());
    const found = all.find((l) => l.name.toLowerCase() === name.trim().toLowerCase());
    if (!found) {
      const names = [...extra, ...all.map((l) => l.name)];
      throw new BadInputError(`Invalid compartment. Must be one of: ${names.join(", ")}`);
    }
    return found;
  }

  /** Distinct genes per compartment, one row for each of the four compartments (0 when none). */
  async summaries(): Promise<CompartmentSummary[]> {
    const [localisations, rows] = await Promise.all([
      this.localisations(),
      this.db
        .getRepository(PaperGene)
        .createQueryBuilder("pg")
        .select("pg.localisation_id", "localisation_id")
        .addSelect("COUNT(DISTINCT pg.gene_id)", "n")
        .groupBy("pg.localisation_id")
        .getRawMany<{ localisation_id: number; n: number | string }>(),
    ]);
    const counts = new Map(rows.map((r) => [Number(r.localisation_id), Number(r.n)]));
    return localisations.map((l) => ({ compartment: l.name, proteinCount: counts.get(l.id) ?? 0 }));
  }

  /** One filtered, sorted page of a compartment's proteins (the compartment panel's table). */
  async proteinTable(compartment: string, filter: CompartmentProteinFilter, request: PageRequest) {
    const frequency = filter.frequency ?? null; // an omitted argument arrives as undefined
    const term = filter.search.trim().toLowerCase();
    // Array sort is stable: ties keep the symbol order of proteins().
    const matching = (await this.proteins(compartment))
      .filter((row) => matchesSearch(row, term) && (frequency === null || row.frequency === frequency))
      .sort((a, b) => compareRows(a, b, filter));
    // A page past the end (an old deep link) serves the last page, and says so.
    const page = Math.min(request.page, Math.max(1, Math.ceil(matching.length / request.pageSize)));
    const start = (page - 1) * request.pageSize;
    return {
      proteins: matching.slice(start, start + request.pageSize),
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
