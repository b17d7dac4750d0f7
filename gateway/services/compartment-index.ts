import type { DataSource } from "typeorm";
import { Gene, Localisation, PaperGene } from "../../schema";
import { CompartmentProteinSortKey, SortDirection } from "../../schema/list-enums";
import { compareText } from "../collation";
import { readRows, tableOf } from "../db/read";
import { HeldPerRelease } from "./held-per-release";
import { readLocalisations } from "./localisations";
import type { ReleaseWatcher } from "./release-watcher";

/** Between the fields of a row's search text: no search term can hold it, so a match lies in one field. */
const FIELD_SEPARATOR = "\u0001";

/**
 * One compartment's proteins as the panel's table reads them: each gene once, in symbol order, with its
 * study count there and the text its search looks in. Typed arrays and one string a row: at 10x data
 * the four compartments hold about 160,000 rows.
 */
export class CompartmentProteinIndex {
  /** The orders asked for so far, by sort key and direction: positions into the rows. */
  private readonly orders = new Map<string, Int32Array>();

  constructor(
    readonly geneIds: Int32Array,
    readonly paperCounts: Int32Array,
    /** The human Entrez id of each row, NaN when it has none (an empty value: last in either order). */
    private readonly humanEntrez: Float64Array,
    private readonly symbols: readonly string[],
    /** Lower-case symbol, the three Entrez ids and the lower-case MGI id, FIELD_SEPARATOR between them. */
    private readonly searchText: readonly string[],
  ) {}

  get size(): number {
    return this.geneIds.length;
  }

  /** Whether row `i` has `term` (lower case, trimmed) in its symbol, an Entrez id or its MGI id. */
  matches(i: number, term: string): boolean {
    return term === "" || (!term.includes(FIELD_SEPARATOR) && this.searchText[i]!.includes(term));
  }

  /**
   * The rows in the table's order for `key` and `direction`: a stable sort of the symbol order, empty
   * values (a gene without a human Entrez id) last either way. Made the first time it is asked for.
   */
  order(key: CompartmentProteinSortKey, direction: SortDirection | null): Int32Array {
    const descending = direction === SortDirection.DESC;
    const name = `${key}:${descending}`;
    let order = this.orders.get(name);
    if (!order) {
      const rows = Array.from({ length: this.size }, (_, i) => i);
      const sign = descending ? -1 : 1;
      // As the table's rule: empty values last, else by value (symbols as every database collates them
      // here), reversed for DESC; ties keep the symbol order.
      const byValue: (a: number, b: number) => number =
        key === CompartmentProteinSortKey.HUMAN_NAME
          ? (a, b) => compareText(this.symbols[a]!, this.symbols[b]!)
          : key === CompartmentProteinSortKey.HUMAN_ENTREZ
            ? (a, b) => this.humanEntrez[a]! - this.humanEntrez[b]!
            : (a, b) => this.paperCounts[a]! - this.paperCounts[b]!;
      const empty = (i: number) =>
        key === CompartmentProteinSortKey.HUMAN_NAME
          ? this.symbols[i] === ""
          : key === CompartmentProteinSortKey.HUMAN_ENTREZ && Number.isNaN(this.humanEntrez[i]);
      rows.sort((a, b) => {
        const [x, y] = [empty(a), empty(b)];
        if (x || y) return Number(x) - Number(y) || a - b;
        return sign * byValue(a, b) || a - b;
      });
      order = Int32Array.from(rows);
      this.orders.set(name, order);
    }
    return order;
  }
}

/**
 * Every compartment's protein index, by compartment name (as stored): read for the live release when
 * first asked for (three statements), then held until a release switch. A page of the panel's table is
 * then a walk over one compartment's rows in memory and one read of its genes, where it used to count
 * and load the whole compartment for every page, search and sort (756 ms a page at 10x data).
 */
/** The compartments in id order, and each one's index by its name (every compartment has one). */
export interface HeldCompartments {
  localisations: Localisation[];
  indexes: ReadonlyMap<string, CompartmentProteinIndex>;
}

export class CompartmentIndexService extends HeldPerRelease<HeldCompartments> {
  constructor(
    private readonly db: DataSource,
    releases: ReleaseWatcher,
  ) {
    super(releases);
  }

  /** The live release's compartments and their indexes: no statement once read. */
  compartments(): Promise<HeldCompartments> {
    return this.liveOrRead();
  }

  protected async read(): Promise<HeldCompartments> {
    const [localisations, counts, genes] = await Promise.all([
      readLocalisations(this.db),
      readRows<{ localisation_id: number; gene_id: number; n: number | string }>(
        this.db,
        `SELECT localisation_id, gene_id, COUNT(DISTINCT pmid) AS n FROM ${tableOf(this.db, PaperGene)}
          GROUP BY localisation_id, gene_id`,
      ),
      readRows<{
        id: number;
        human_name: string;
        human_entrez: number | null;
        mouse_entrez: number | null;
        rat_entrez: number | null;
        mgi: string | null;
      }>(
        this.db,
        `SELECT id, human_name, human_entrez, mouse_entrez, rat_entrez, mgi FROM ${tableOf(this.db, Gene)}
          WHERE id IN (SELECT gene_id FROM ${tableOf(this.db, PaperGene)})`,
      ),
    ]);
    // The symbol order of CompartmentService.proteins(): by symbol as every database collates it here, then id.
    genes.sort((a, b) => compareText(a.human_name, b.human_name) || a.id - b.id);
    const rank = new Map(genes.map((gene, i) => [Number(gene.id), i]));
    const byLocalisation = new Map<number, { gene: number; n: number }[]>();
    for (const row of counts) {
      const list = byLocalisation.get(Number(row.localisation_id)) ?? [];
      const gene = rank.get(Number(row.gene_id));
      if (gene === undefined) continue; // a link to no gene: none is listed, as the join lists none
      list.push({ gene, n: Number(row.n) });
      byLocalisation.set(Number(row.localisation_id), list);
    }
    const indexes = new Map<string, CompartmentProteinIndex>();
    for (const localisation of localisations) {
      const rows = (byLocalisation.get(Number(localisation.id)) ?? []).sort((a, b) => a.gene - b.gene);
      const gene = (row: { gene: number }) => genes[row.gene]!;
      const text = (value: number | string | null) => (value === null ? "" : String(value));
      indexes.set(
        localisation.name,
        new CompartmentProteinIndex(
          Int32Array.from(rows, (row) => Number(gene(row).id)),
          Int32Array.from(rows, (row) => row.n),
          Float64Array.from(rows, (row) =>
            gene(row).human_entrez === null ? Number.NaN : Number(gene(row).human_entrez),
          ),
          rows.map((row) => gene(row).human_name),
          rows.map((row) => {
            const g = gene(row);
            return [
              g.human_name.toLowerCase(),
              text(g.human_entrez),
              text(g.mouse_entrez),
              text(g.rat_entrez),
              (g.mgi ?? "").toLowerCase(),
            ].join(FIELD_SEPARATOR);
          }),
        ),
      );
    }
    return { localisations, indexes };
  }
}
