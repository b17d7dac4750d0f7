import { readFileSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The order the API workers take files in (tests/api/databases.ts: each worker has its own databases):
 * 1. Files that use no test database (their own MariaDB servers, temporary SQLite files), the topology
 *    run first: its minute of mostly waiting overlap the other worker's files.
 * 2. Files that share the worker's gateways (sharedPortal).
 * 3. Files that start gateways of their own: those may change the release (a renamed gene, a new release
 *    switched in) and stop the shared gateways, so within a worker none of them comes before a file of 2.
 */
export default class SharedGatewaysFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const group = (file: TestSpecification) => {
      // Unit files last: quick and many, they fill the API workers' uneven ends.
      if (file.project.name !== "api") return 5;
      const text = readFileSync(file.moduleId, "utf8");
      if (!text.includes("testDatabases")) return file.moduleId.endsWith("topology.test.ts") ? 1 : 2;
      return text.includes("sharedPortal(") ? 3 : 4;
    };
    // Each file read once; the sort is stable, so the base order holds within a group.
    const groups = new Map(sorted.map((file) => [file, group(file)]));
    return [...sorted].sort((a, b) => groups.get(a)! - groups.get(b)!);
  }
}
