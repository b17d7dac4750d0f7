// Prints one closing line for the whole suite: "tests: N passed, N failed".
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
const [vitestFile, playwrightFile] = process.argv.slice(2);

if (vitestFile && existsSync(vitestFile)) {
  const report = JSON.parse(readFileSync(vitestFile, "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites && !report.numFailedTests ? 1 : 0);
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
} else failed += 1;

if (playwrightFile && existsSync(playwrightFile)) {
  const stats = JSON.parse(readFileSync(playwrightFile, "utf8")).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
  if ((stats.expected ?? 0) + (stats.unexpected ?? 0) === 0) failed += 1; // a browser run that ran nothing is a failure
} else failed += 1;

console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
// A missing report or a run that ran nothing fails the suite, even when the runners exited 0.
process.exit(failed > 0 ? 1 : 0);
