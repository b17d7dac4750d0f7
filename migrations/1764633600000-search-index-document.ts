import type { MigrationInterface } from "typeorm";

/**
 * Once wrote the search index into release_document. The index is derived data, built by the code of
 * the day (seeds/derived-data.ts), so it changes nothing now; it stays so that a database that ran it
 * and one that did not agree on the migrations run.
 */
export class SearchIndexDocument1764633600000 implements MigrationInterface {
  name = "SearchIndexDocument1764633600000";

  async up(): Promise<void> {
    // No schema change.
  }

  async down(): Promise<void> {
    // No schema change.
  }
}
