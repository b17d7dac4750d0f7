import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resultsMarkdown, runTopology } from "../../deploy/topology";

describe("the production topology under load (nginx, two gateways, MariaDB primary and replica)", () => {
  it("loses no request and no acknowledged visit, and never mixes releases, while each part is killed, rolled, switched or restarted", async () => {
    const report = await runTopology({ log: (line) => console.log(`[topology] ${line}`) });
    writeFileSync(path.join(__dirname, "../../deploy/RESULTS.md"), resultsMarkdown(report));
    console.log(JSON.stringify(report, null, 2));
    for (const step of report.steps) {
      expect(step.error, step.step).toBeUndefined();
      expect(step.requests, step.step).toBeGreaterThan(0);
      expect(step.non2xx - step.documented503, `${step.step}: ${JSON.stringify(step.statuses)}`).toBe(0);
      expect(step.mixedReleases, `${step.step}: ${report.mixedExamples.join("; ")}`).toBe(0);
      // No acknowledged visit is lost.
      expect(step.visitsStored, step.step).toBeGreaterThanOrEqual(step.visitsAcknowledged);
    }
    // nginx resends a POST to the next gateway when the first fails it (non_idempotent, deploy/nginx.conf),
    // after the first may have stored it; each visit's own id (visitId, unique) makes the resend store nothing.
    const acknowledged = report.steps.reduce((sum, s) => sum + s.visitsAcknowledged, 0);
    const stored = report.steps.reduce((sum, s) => sum + s.visitsStored, 0);
    expect(stored - acknowledged, "visits stored twice").toBe(0);
    expect(report.visitsOnReplica).toBe(report.visitsOnPrimary);
  }, 900_000);
});
