import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { DataPackageStats, type ExportCsv } from "../../gateway/rest/data-package";
import type { ResourceStats } from "../../gateway/services/data-package-stats";
import { exportDefinitions } from "../../gateway/services/export.service";

/**
 * The descriptor's own measurement, when no archive measured the release and none is stored: every
 * file read through the CSV path's stream once, its bytes hashed and counted, then stored. (The API
 * test of the data package measures through the archive; openapi.test.ts stores a measurement first.)
 */
describe("the data package's first measurement of a release", () => {
  /** Each export's CSV, a chunk per line: a header and `index + 1` data rows (each file differs). */
  const csvOf = (name: string) => {
    const index = exportDefinitions.findIndex((d) => d.name === name);
    const lines = ["Header", ...Array.from({ length: index + 1 }, (_, row) => `${name},${row}`)];
    return lines.map((line) => Buffer.from(`${line}\n`));
  };
  const expected = (name: string): ResourceStats => {
    const bytes = Buffer.concat(csvOf(name));
    return {
      hash: createHash("sha256").update(bytes).digest("hex"),
      bytes: bytes.length,
      rows: csvOf(name).length - 1,
    };
  };
  const source = () => {
    const opened: string[] = [];
    const exportCsv: ExportCsv = async (name) => {
      opened.push(name);
      const lines = csvOf(name);
      return { stream: Readable.from(lines), rows: () => lines.length - 1 };
    };
    const writes: [string, Map<string, ResourceStats>][] = [];
    let stored: [string, Map<string, ResourceStats>] | null = null;
    const store = {
      read: async (key: string) => (stored?.[0] === key ? stored[1] : null),
      write: async (key: string, stats: Map<string, ResourceStats>) => {
        writes.push([key, stats]);
        stored = [key, stats];
      },
    };
    return { exportCsv, opened, store, writes };
  };

  it("measures every file's bytes as streamed, once for concurrent requests, and stores it", async () => {
    const { exportCsv, opened, store, writes } = source();
    const stats = new DataPackageStats(exportCsv, store);
    const [first, second] = await Promise.all([stats.get("release-1"), stats.get("release-1")]);
    expect(second).toBe(first);
    expect(opened).toEqual(exportDefinitions.map((d) => d.name));
    expect(Object.fromEntries(first)).toEqual(
      Object.fromEntries(exportDefinitions.map((d) => [d.name, expected(d.name)])),
    );
    expect(writes).toEqual([["release-1", first]]);
    // Measured once per release: a later request reads nothing again.
    expect(await stats.get("release-1")).toBe(first);
    expect(opened).toHaveLength(exportDefinitions.length);
  });

  it("reads a stored measurement instead of measuring, and measures a release of its own again", async () => {
    const { exportCsv, opened, store } = source();
    const kept = new Map([["genes", { hash: "0".repeat(64), bytes: 1, rows: 1 }]]);
    await store.write("release-1", kept);
    const stats = new DataPackageStats(exportCsv, store);
    expect(await stats.get("release-1")).toEqual(kept);
    expect(opened).toEqual([]);
    const other = await stats.get("release-2");
    expect(other.get("genes")).toEqual(expected("genes"));
    expect(opened).toHaveLength(exportDefinitions.length);
  });
});
