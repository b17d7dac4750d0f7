import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resultsMarkdown, runTopology } from "../../deploy/topology";
import { testDatabases } from "./databases";

// Replication is MariaDB's: the topology test runs with the MySQL half of the suite (its own private
// servers, not TEST_MYSQL_URL's). It needs the build (dist/, web/dist) and nginx (scripts/ensure-test-services.sh).
describe.each(testDatabases.filter((db) => db.kind === "mysql"))("production topology ($kind)", () => {
  it("loses no request, visit or release consistency through gateway, replica and primary restarts and a release switch", async () => {
    const report = await runTopology({ log: (line) => console.log(`[topology] ${line}`) });
    writeFileSync(path.resolve(__dirname, "../../deploy/RESULTS.md"), resultsMarkdown(report));

    expect(report.releases).toHaveLength(2); // the switch really served another release
    // Every step: no failed answer but the documented 503s (primary down), no mixed answer, no lost visit.
    expect(
      report.steps.map((s) => ({
        step: s.step,
        error: s.error,
        unexpectedNon2xx: s.non2xx - s.documented503,
        statuses: s.statuses,
        mixedReleases: s.mixedReleases,
        visitsLost: s.visitsAcknowledged - s.visitsStored,
      })),
    ).toEqual(
      report.steps.map((s) => ({
        step: s.step,
        error: undefined,
        unexpectedNon2xx: 0,
        statuses: s.documented503 > 0 ? { 503: s.documented503 } : {},
        mixedReleases: 0,
        visitsLost: 0,
      })),
    );
    for (const s of report.steps) expect(s.requests).toBeGreaterThan(50); // the load really ran
    expect(report.visitsOnReplica).toBe(report.visitsOnPrimary);
  }, 900_000);
});
