import { readFileSync } from "node:fs";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import {
  type CitationInput,
  citationBibtex,
  citationOf,
  citationRis,
  citationText,
} from "../../schema/citation";
import { releaseDateOf } from "../../schema/linked-data";
import { siteConfig } from "../../web/src/site.config";
import { expectNoAxeViolations } from "./support/axe";
import { graphql } from "./support/compartments.page";
import { expect, test } from "./support/shared-page";
import { reviewShot } from "./support/visual";

/** The loaded release, as the Cite dialog names it. */
async function loadedRelease(request: APIRequestContext) {
  const { datasetRelease } = await graphql<{
    datasetRelease: { version: string; built: string | null; loadedAt: string; hasSyntheticData: boolean };
  }>(request, "{ datasetRelease { version built loadedAt hasSyntheticData } }");
  return {
    portalName: siteConfig.productName,
    version: datasetRelease.version,
    date: releaseDateOf(datasetRelease),
    sample: datasetRelease.hasSyntheticData,
  };
}

/** What the dialog should cite: the record at its canonical URL on this origin, read today (the browser's UTC day). */
async function expectedCitation(
  page: Page,
  request: APIRequestContext,
  record: string | null,
  path: string,
): Promise<CitationInput> {
  const accessed = await page.evaluate(() => new Date().toISOString().slice(0, 10));
  return citationOf({ record, url: new URL(path, page.url()).href, accessed }, await loadedRelease(request));
}

/** The citation as the dialog shows it. */
const shownText = async (dialog: Locator) => (await dialog.getByTestId("cite-text").textContent()) ?? "";

test.describe("Cite on a gene's page", () => {
  for (const width of [1366, 390]) {
    test(`at ${width} px: BibTeX with the canonical URL and release, copied and downloaded; Escape gives focus back; WCAG 2.1 AA clean`, async ({
      sharedPage: page,
      request,
    }) => {
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/gene/DLG4");
      const cite = page.getByTestId("gene-card").getByTestId("cite");
      await expect(cite).toHaveAccessibleName("Cite");
      await cite.click();

      const dialog = page.getByRole("dialog", { name: "Cite DLG4" });
      await expect(dialog).toBeVisible();
      // Focus moved into the dialog.
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      const expected = await expectedCitation(page, request, "DLG4", "/gene/DLG4");
      await expect(dialog.getByRole("tab", { name: "Text" })).toHaveAttribute("aria-selected", "true");
      expect(await shownText(dialog)).toBe(citationText(expected));

      await dialog.getByRole("tab", { name: "BibTeX" }).click();
      await expect(dialog.getByTestId("cite-text")).toHaveAttribute("data-format", "bibtex");
      const bibtex = await shownText(dialog);
      expect(bibtex).toBe(citationBibtex(expected));
      expect(bibtex).toContain(`url = {${new URL("/gene/DLG4", page.url()).href}}`);
      expect(bibtex).toContain(`version = {${expected.releaseVersion}}`);
      // The bundled release has synthetic rows: the citation says it is a sample.
      expect(bibtex.includes("(sample dataset)")).toBe((await loadedRelease(request)).sample);

      const copy = dialog.getByTestId("cite-copy");
      await expect(copy).toHaveText("Copy BibTeX");
      await copy.click();
      await expect(copy).toHaveText("Copied");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(bibtex);

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        dialog.getByTestId("cite-download").click(),
      ]);
      expect(download.suggestedFilename()).toBe(
        `${siteConfig.productName}_${expected.releaseVersion.replace(/\W+/g, "_")}_DLG4.bib`,
      );
      expect(readFileSync(await download.path(), "utf8")).toBe(bibtex);

      // The format tabs are keyboard operable.
      await dialog.getByRole("tab", { name: "BibTeX" }).focus();
      await page.keyboard.press("ArrowRight");
      await expect(dialog.getByRole("tab", { name: "RIS" })).toBeFocused();
      expect(await shownText(dialog)).toBe(citationRis(expected));

      await expectNoAxeViolations(page, `the Cite dialog of /gene/DLG4 at ${width} px`);
      await reviewShot(page, `cite-gene-${width}`);

      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(cite).toBeFocused();
    });
  }

  test("the server's page holds the closed button only: the citation is made in the browser", async ({
    request,
  }) => {
    const html = await (await request.get("/gene/DLG4")).text();
    expect(html).toMatch(/<button[^>]*data-testid="cite"/);
    expect(html).not.toContain("cite-dialog");
    expect(html).not.toContain("@misc{");
  });
});

test("Cite on /data cites the release itself at origin + /data", async ({ sharedPage: page, request }) => {
  await page.goto("/data");
  const cite = page.getByTestId("data-page").getByTestId("cite");
  await cite.click();
  const expected = await expectedCitation(page, request, null, "/data");
  const dialog = page.getByRole("dialog", { name: `Cite release ${expected.releaseVersion}` });
  await expect(dialog).toBeVisible();
  expect(expected.title).toMatch(new RegExp(`^${siteConfig.productName} release `));
  expect(await shownText(dialog)).toBe(citationText(expected));
  expect(await shownText(dialog)).toContain(`${new URL("/data", page.url()).href} (accessed`);
  await dialog.getByRole("tab", { name: "RIS" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByTestId("cite-download").click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/_data\.ris$/);
  expect(readFileSync(await download.path(), "utf8")).toBe(citationRis(expected));
  await expectNoAxeViolations(page, "the Cite dialog of /data");
  await reviewShot(page, "cite-data");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(cite).toBeFocused();
});

/** The other record pages: each cites its record at its canonical address. */
const RECORDS = [
  { path: "/disease/DOID:1826", testId: "disease-page", record: /^Epilepsy.*\(DOID:1826\)$/ },
  { path: "/study/10862698", testId: "paper-page", record: /^Study HUSI_2000 \(2000\)$/ },
  { path: "/brain-region/hippocampus", testId: "region-page", record: /^Hippocampus \(brain region\)$/ },
  { path: "/icd-chapter/08", testId: "chapter-page", record: /^ICD-11 chapter 08: / },
  { path: "/compartment/postsynaptic", testId: "compartment-page", record: /^Postsynaptic compartment$/ },
] as const;

test("every other record page cites its record at its canonical address", async ({ sharedPage: page }) => {
  for (const { path, testId, record } of RECORDS) {
    await page.goto(path);
    const cite = page.getByTestId(testId).getByTestId("cite");
    await cite.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { level: 2 })).toHaveText(/^Cite /);
    const heading = (await dialog.getByRole("heading", { level: 2 }).textContent())!.replace(/^Cite /, "");
    expect(heading, path).toMatch(record);
    const text = await shownText(dialog);
    expect(text, path).toContain(`${heading} in ${siteConfig.productName}, release `);
    expect(text, path).toContain(` ${new URL(path, page.url()).href} (accessed `);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(cite).toBeFocused();
  }
});
