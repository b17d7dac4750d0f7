import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The WCAG 2.0 and 2.1 levels A and AA: what the portal is held to. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Every axe violation on the page, of any impact, one paragraph per rule (empty when none). */
export async function axeReport(page: Page): Promise<string> {
  // All result types: with `resultTypes: ["violations"]` axe's heading-order rule, which reads the
  // other headings' results, reports headings in order as out of order.
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
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
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  expect(await axeReport(page), `axe violations on ${where}`).toBe("");
}
