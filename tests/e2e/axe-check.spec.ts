import { axeReport } from "./support/axe";
import { expect, test } from "./support/test";

/**
 * The accessibility check itself (support/axe.ts) fails on a violation, also on a page it has already
 * scanned (where axe-core is evaluated once and reused), and scans a page reloaded since.
 */
test("the axe check reports a violation put on a page it has scanned", async ({ page }) => {
  await page.goto("/about");
  expect(await axeReport(page)).toBe("");
  await page.evaluate(() => {
    const image = document.createElement("img");
    image.src = "/favicon.svg";
    document.querySelector("main")!.append(image);
  });
  expect(await axeReport(page)).toMatch(/^critical image-alt: /);
  await page.reload();
  expect(await axeReport(page)).toBe("");
});
