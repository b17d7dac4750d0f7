// Prints the closing lines of the whole suite: the ten slowest test files (so that growth is seen at every
// run), what failed (by name, with the first line of its error), then "tests: N passed, N failed".
// CI keeps only the tail of the output, so the names must come last.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const [vitestFile, playwrightFile] = process.argv.slice(2);
const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ""))
    .split("\n")
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 300) ?? "";
const relative = (file) => path.relative(process.cwd(), file);
/** Seconds each test file took: vitest's from its start to its end, Playwright's its tests' summed. */
const fileSeconds = new Map();
const addSeconds = (file, ms) => fileSeconds.set(file, (fileSeconds.get(file) ?? 0) + ms / 1000);

if (vitestFile && existsSync(vitestFile)) {
  const report = JSON.parse(readFileSync(vitestFile, "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites && !report.numFailedTests ? 1 : 0);
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const file of report.testResults ?? []) {
    if (file.startTime && file.endTime) addSeconds(relative(file.name), file.endTime - file.startTime);
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failedTests)
      failures.push(
        `vitest ${relative(file.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
      );
    // A hook (beforeAll, afterAll) or an import that failed: the file's own message, its tests skipped.
    if (file.status === "failed" && failedTests.length === 0)
      failures.push(`vitest ${relative(file.name)} (hook or import): ${firstLine(file.message)}`);
  }
} else failed += 1;

/** Playwright's JSON nests suites (files, describes); each spec holds its tests (one per project): their failures and times. */
function readPlaywrightSuite(suite, titles) {
  for (const child of suite.suites ?? []) readPlaywrightSuite(child, [...titles, child.title]);
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? []) {
      for (const result of test.results ?? [])
        addSeconds(path.join("tests/e2e", spec.file), result.duration ?? 0);
      if (test.status === "unexpected") {
        const error = test.results?.find((result) => result.error)?.error?.message;
        failures.push(
          `playwright ${[...titles, spec.title].filter(Boolean).join(" › ")}: ${firstLine(error)}`,
        );
      }
    }
}

if (playwrightFile && existsSync(playwrightFile)) {
  const report = JSON.parse(readFileSync(playwrightFile, "utf8"));
  const stats = report.stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
  if ((stats.expected ?? 0) + (stats.unexpected ?? 0) === 0) failed += 1; // a browser run that ran nothing is a failure
  for (const suite of report.suites ?? []) readPlaywrightSuite(suite, [suite.title]);
  for (const error of report.errors ?? []) failures.push(`playwright (run): ${firstLine(error.message)}`);
} else failed += 1;

const slowest = [...fileSeconds].sort((a, b) => b[1] - a[1]).slice(0, 10);
if (slowest.length)
  console.log(
    `slowest test files:\n${slowest.map(([file, s]) => `  ${s.toFixed(1).padStart(7)} s  ${file}`).join("\n")}`,
  );
if (failures.length) console.log(`failed:\n${failures.map((line) => `  - ${line}`).join("\n")}`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
// A missing report or a run that ran nothing fails the suite, even when the runners exited 0.
process.exit(failed > 0 ? 1 : 0);
