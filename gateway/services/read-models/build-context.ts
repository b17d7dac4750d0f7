/** What each read-model builder is handed, apart from the database: kept out of build.ts so the builders it calls import it without a circle. */

/** The escaped name of a table of the release being built (its staged `__next` copy during a load). */
export type TableOf = (table: string) => string;

export interface ReadModelProgress {
  table(name: string, total: number): void;
  advance(rows: number): void;
}
