import type { Mutation } from "../../schema";
import type { PaperGeneRow } from "../../schema/paper-views.type";
import type { DiseaseListArgs, DiseaseService, GroupPage } from "./disease.service";
import { HeldPerRelease, inBatches, pickHeld, withinHoldBudget } from "./held-per-release";
import type { ListMode, ListTotals } from "./list-query";
import type { PageRequest } from "./paging";
import type { PaperGeneArgs, PaperMutationArgs, PaperService } from "./paper.service";
import type { ReleaseSizeService } from "./release-size.service";
import type { ReleaseTables } from "./release-tables";
import type { ReleaseWatcher } from "./release-watcher";

type Counts = { total: number; consensus: number };
type PaperGeneRows = Omit<PaperGeneRow, "gene">;

/** A parent's whole list in page order, each row flagged by its gene's consensus status. */
interface FlaggedList<T> {
  rows: T[];
  consensus: boolean[];
  totals: ListTotals;
}

interface Lists {
  diseaseGenes: Map<string, FlaggedList<number>>;
  diseaseMutations: Map<string, FlaggedList<number>>;
  diseasePapers: Map<string, FlaggedList<number>>;
  paperGenes: Map<number, FlaggedList<PaperGeneRows>>;
  paperMutations: Map<number, FlaggedList<number>>;
  diseaseGeneCounts: Map<string, Counts>;
  diseaseMutationCounts: Map<string, Counts>;
  diseasePaperCounts: Map<string, number>;
  paperGeneCounts: Map<number, Counts>;
  paperMutationCounts: Map<number, Counts>;
  paperLocalizations: Map<number, string[]>;
  mutations: Map<number, Mutation>;
}

const NO_ROWS: ListTotals = { total: 0, matching: 0, consensus: 0 };

/** The rows of one page of a list in a mode, as ROW_NUMBER() over the mode's rows numbers them. */
function pageOf<T>(list: FlaggedList<T>, mode: ListMode, request: PageRequest | null): T[] {
  const rows =
    mode === "all" ? list.rows : list.rows.filter((_, i) => list.consensus[i] === (mode === "consensus"));
  if (!request) return rows;
  const start = (request.page - 1) * request.pageSize;
  return rows.slice(start, start + request.pageSize);
}

/**
 * The lists a disease page and a study page open with (no filter text: genes, mutations and studies
 * of a disease; gene rows and mutations of a study, in any consensus mode) and their counts, read once
 * per release with the services' own statements for every parent at once and held in memory, so a
 * cold disease or study page costs no SQL. A filtered list (a term, a compartment) still reads SQL:
 * it is the rarer request and its rows depend on the text. The mode filter keeps the rows of the
 * whole list whose gene is (or is not) consensus, in the same order: each list's ORDER BY ends on a
 * unique key, so ROW_NUMBER() over a mode's rows numbers them as that subsequence.
 */
export class HeldLists extends HeldPerRelease<Lists | null> {
  constructor(
    releases: ReleaseWatcher,
    private readonly diseases: DiseaseService,
    private readonly papers: PaperService,
    private readonly tables: ReleaseTables,
    private readonly sizes: ReleaseSizeService,
    /** What a read waits for first (HeldPerRelease): the search index of the same switch. */
    after?: () => Promise<unknown>,
  ) {
    super(releases, after);
  }

  diseaseGenePages(hdoids: readonly string[], args: DiseaseListArgs): Map<string, GroupPage> | null {
    return this.pages(args.term === "" ? this.live()?.diseaseGenes : undefined, hdoids, args);
  }

  diseaseMutationPages(hdoids: readonly string[], args: DiseaseListArgs): Map<string, GroupPage> | null {
    return this.pages(args.term === "" ? this.live()?.diseaseMutations : undefined, hdoids, args);
  }

  diseasePaperPages(hdoids: readonly string[], args: DiseaseListArgs): Map<string, GroupPage> | null {
    // A disease's studies have no consensus status: every mode lists them all.
    return this.pages(args.term === "" ? this.live()?.diseasePapers : undefined, hdoids, {
      ...args,
      mode: "all",
    });
  }

  paperMutationPages(pmids: readonly number[], args: PaperMutationArgs): Map<number, GroupPage> | null {
    return this.pages(args.term === "" ? this.live()?.paperMutations : undefined, pmids, args);
  }

  paperGenePages(
    pmids: readonly number[],
    args: PaperGeneArgs,
  ): Map<number, { rows: PaperGeneRows[]; totals: ListTotals }> | null {
    const held = this.live();
    if (!held || args.term !== "" || args.localization !== "") return null;
    return new Map(
      pmids.map((pmid) => {
        const list = held.paperGenes.get(pmid);
        return [
          pmid,
          list
            ? { rows: pageOf(list, args.mode, args.request), totals: list.totals }
            : { rows: [], totals: NO_ROWS },
        ];
      }),
    );
  }

  diseaseGeneCounts = (hdoids: readonly string[]) => this.counts("diseaseGeneCounts", hdoids);
  diseaseMutationCounts = (hdoids: readonly string[]) => this.counts("diseaseMutationCounts", hdoids);
  diseasePaperCounts = (hdoids: readonly string[]) => this.counts("diseasePaperCounts", hdoids);
  paperGeneCounts = (pmids: readonly number[]) => this.counts("paperGeneCounts", pmids);
  paperMutationCounts = (pmids: readonly number[]) => this.counts("paperMutationCounts", pmids);
  paperLocalizations = (pmids: readonly number[]) => this.counts("paperLocalizations", pmids);

  /** Mutations by id: null unless every id is held (one outside every list is read from SQL). */
  mutations(ids: readonly number[]): Map<number, Mutation> | null {
    const held = this.live();
    return held && pickHeld(held.mutations, ids, true);
  }

  /** Per-parent values; a parent without one is left out, as the GROUP BY leaves it out. */
  private counts<T extends Exclude<keyof Lists, "mutations">>(
    which: T,
    keys: readonly (Lists[T] extends Map<infer K, unknown> ? K : never)[],
  ): Lists[T] | null {
    const held = this.live();
    return held && (pickHeld(held[which] as Map<unknown, unknown>, keys) as Lists[T]);
  }

  private pages<K>(
    lists: Map<K, FlaggedList<number>> | undefined,
    keys: readonly K[],
    args: { mode: ListMode; request: PageRequest | null },
  ): Map<K, GroupPage> | null {
    if (!lists) return null;
    return new Map(
      keys.map((key) => {
        const list = lists.get(key);
        return [
          key,
          list
            ? { ids: pageOf(list, args.mode, args.request), totals: list.totals }
            : { ids: [], totals: NO_ROWS },
        ];
      }),
    );
  }

  protected async read(release: string): Promise<Lists | null> {
    const tables = ["disease_gene", "mutation", "paper_gene", "paper_mutation"] as const;
    if (!withinHoldBudget(await this.sizes.ofRelease(release), tables)) return null;
    return this.readLists(release);
  }

  private async readLists(release: string): Promise<Lists> {
    const { genes, diseases, papers } = await this.tables.ofRelease(release);
    const all = { term: "", mode: "all" as const, localization: "", request: null };
    const hdoids = [...diseases.keys()];
    const pmids = [...papers.keys()];
    const d = this.diseases;
    const p = this.papers;
    const [
      diseaseGenePages,
      diseaseMutationPages,
      diseasePaperPages,
      paperGenePages,
      paperMutationPages,
      diseaseGeneCounts,
      diseaseMutationCounts,
      diseasePaperCounts,
      paperGeneCounts,
      paperMutationCounts,
      paperLocalizations,
    ] = await Promise.all([
      // Batches keep each statement a request's size (a study lists about a thousand gene rows).
      inBatches(hdoids, (batch) => d.genePages(batch, all), 250),
      inBatches(hdoids, (batch) => d.mutationPages(batch, all), 250),
      inBatches(hdoids, (batch) => d.paperPages(batch, all), 250),
      inBatches(pmids, (batch) => p.genePages(batch, all), 2),
      inBatches(pmids, (batch) => p.mutationPages(batch, all), 2),
      inBatches(hdoids, (batch) => d.geneCounts(batch), 250),
      inBatches(hdoids, (batch) => d.mutationCounts(batch), 250),
      inBatches(hdoids, (batch) => d.paperCounts(batch), 250),
      inBatches(pmids, (batch) => p.geneCounts(batch), 2),
      inBatches(pmids, (batch) => p.mutationCounts(batch), 2),
      inBatches(pmids, (batch) => p.localizations(batch), 2),
    ]);
    const mutationIds = new Set<number>();
    for (const pages of [diseaseMutationPages, paperMutationPages])
      for (const page of pages.values()) for (const id of page.ids) mutationIds.add(id);
    const mutations = await inBatches([...mutationIds], (batch) => d.mutationsByIds(batch));
    const geneIsConsensus = (id: number | undefined) =>
      id === undefined ? false : genes.get(id)?.isConsensus === true;
    const flagged = <K>(pages: Map<K, GroupPage>, consensusOf: (id: number) => boolean) =>
      new Map(
        [...pages].map(([key, page]) => [
          key,
          { rows: page.ids, consensus: page.ids.map(consensusOf), totals: page.totals },
        ]),
      );
    const mutationConsensus = (id: number) => geneIsConsensus(mutations.get(id)?.geneId);
    return {
      diseaseGenes: flagged(diseaseGenePages, (id) => geneIsConsensus(id)),
      diseaseMutations: flagged(diseaseMutationPages, mutationConsensus),
      diseasePapers: flagged(diseasePaperPages, () => false), // no consensus status (see diseasePaperPages)
      paperGenes: new Map(
        [...paperGenePages].map(([pmid, page]) => [
          pmid,
          { rows: page.rows, consensus: page.rows.map((r) => r.isConsensus), totals: page.totals },
        ]),
      ),
      paperMutations: flagged(paperMutationPages, mutationConsensus),
      diseaseGeneCounts,
      diseaseMutationCounts,
      diseasePaperCounts,
      paperGeneCounts,
      paperMutationCounts,
      paperLocalizations,
      mutations,
    };
  }
}
