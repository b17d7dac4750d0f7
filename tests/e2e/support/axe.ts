import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import axe from "axe-core";

/** The WCAG 2.0 and 2.1 levels A and AA: what the portal is held to. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** What a scan covers: parts of the page (CSS selectors; the whole page when none), and which rules. */
export interface AxeScope {
  include?: string[];
  /** Every rule axe has (best practices too), not only the WCAG A/AA ones. */
  allRules?: true;
}

/**
 * axe-core's source, evaluated only in a frame that has no axe yet. AxeBuilder evaluates its source
 * twice per scan (analyze, then again in every frame) and a page is often scanned several times (a
 * card's tabs): each evaluation of the 0.5 MB source cost about 0.35 s of the test. Here a scan
 * evaluates it once per page, and a scanned page only checks `window.axe`.
 */
const AXE_ONCE = `window.axe === undefined && (0, eval)(${JSON.stringify(axe.source)})`;

/** Every axe violation on the page, of any impact, one paragraph per rule (empty when none). */
export async function axeReport(page: Page, scope: AxeScope = {}): Promise<string> {
  // Legacy mode runs axe in the page itself. The default opens a blank page for every scan to merge
  // frames' results across origins, which our pages do not have (no cross-origin iframe): that page
  // doubled the time of each scan (0.8-2 s more, same results).
  let builder = new AxeBuilder({ page, axeSource: AXE_ONCE }).setLegacyMode(true);
  for (const selector of scope.include ?? []) builder = builder.include(selector);
  if (!scope.allRules) {
    // Violations in full, one node of every other result type: describing each passing node (its
    // selector and markup, thousands per page for color-contrast) was about a third of a scan's CPU.
    // axe trims only what it reports, after every rule and its after-check ran (processAggregate), so
    // the violations are the same. options() replaces all options: it comes before withTags' runOnly.
    // The every-rule scans keep all result types: with `resultTypes` a heading-order report was once
    // seen to call headings in order out of order (that rule reads the other headings' results).
    builder = builder.options({ resultTypes: ["violations"] }).withTags(AXE_TAGS);
  }
  const results = await builder.analyze();
  return results.violations
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n${v.nodes
          .slice(0, 8)
          .map((n) => `    ${n.target.join(" ")} — ${n.failureSummary?.split("\n").join(" ")}`)
          .join("\n")}`,
    )
    .join("\n");
}

/** Fails with the report when axe finds any violation (no impact is let through, nothing is excluded). */
export async function expectNoAxeViolations(page: Page, where: string, scope: AxeScope = {}): Promise<void> {
  expect(await axeReport(page, scope), `axe violations on ${where}`).toBe("");
}
