import type { MigrationInterface } from "typeorm";

/**
 * Once wrote the documents a gateway reads at start into release_document. Documents are derived data,
 * built by the code of the day (seeds/derived-data.ts), so it changes nothing now; it stays so that a
 * database that ran it and one that did not agree on the migrations run.
 */
export class StartDocuments1764460800000 implements MigrationInterface {
  name = "StartDocuments1764460800000";

  async up(): Promise<void> {
    // No schema change.
  }

  async down(): Promise<void> {
    // No schema change.
  }
}
