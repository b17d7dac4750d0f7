import type { Page, Response } from "@playwright/test";
import { siteConfig } from "../../web/src/site.config";
import { apiCompartments, CompartmentPanel, fmt, graphql } from "./support/compartments.page";
import { COOKIE_CONSENT_KEY } from "./support/cookies";
import { expect, test } from "./support/shared-page";
import { test as base } from "./support/test";
import { reviewShot } from "./support/visual";

const SECTIONS = [
  "hero",
  "search-tiles",
  "catalogues",
  "overview",
  "features",
  "proteome",
  "chapters",
  // Sections the deploying lab has not configured (web/src/site.config.ts) are not rendered.
  ...(siteConfig.researchTeam.length > 0 ? ["team"] : []),
  ...(siteConfig.funders.length > 0 ? ["funders"] : []),
  "cta",
  "counters",
];

interface Overview {
  studies: number;
  syntheticStudies: number;
  proteins: number;
  consensusGenes: number;
  consensusMinStudies: number;
  diseaseLinkedGenes: number;
  diseaseLinkedPercentage: number;
  linkedDisorders: number;
  omimPhenotypes: number;
}

interface Chapter {
  chapter: string;
  name: string;
  diseaseCount: number;
  geneCount: number;
}

const storedChoice = (page: Page) => page.evaluate((key) => localStorage.getItem(key), COOKIE_CONSENT_KEY);

test.describe("Home page", () => {
  test("shows every section in order with the product title; every figure equals the API's; a compartment card opens the proteins panel below it, and close hides it", async ({
    sharedPage: page,
    request,
  }) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(msg.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/");
    await expect(page).toHaveTitle("SynaptopathyDB - A Comprehensive Resource for Synaptopathy Research");
    await expect(page.getByTestId("cookie-dialog")).toHaveCount(0);
    await expect(page.getByTestId("search-tiles").getByRole("link")).toHaveText([
      /Gene Search/,
      /Disease Search/,
      /Publication Search/,
    ]);
    const order = await page
      .locator("[data-section]")
      .evaluateAll((els) => els.map((el) => el.getAttribute("data-section")));
    expect(order).toEqual(SECTIONS);
    await expect(page.getByTestId("catalogue-links").getByRole("link")).toHaveText([
      /Synapse Proteome Catalog/,
      /Diseases Catalog/,
      /Publications Catalog/,
    ]);
    await page.getByTestId("proteome-list-button").click();
    await expect(page).toHaveURL(/\/gene-table$/);
    await page.goBack();
    // Team, funders and citation come from the site configuration: the repository's is empty, and an
    // empty section is not rendered at all (no placeholder names, links or DOI).
    await expect(page.getByTestId("team-members").getByRole("listitem")).toHaveCount(
      siteConfig.researchTeam.length,
    );
    await expect(page.getByTestId("funders").getByRole("link")).toHaveCount(siteConfig.funders.length);
    await expect(page.getByTestId("how-to-cite")).toHaveCount(siteConfig.citation ? 1 : 0);
    await expect(page.locator("body")).not.toContainText(/to be configured|placeholder/i);
    await expect(page.getByTestId("chapter-card").first()).toBeVisible();
    await expect(page.getByTestId("visitor-counter-value")).toBeVisible();
    expect(errors).toEqual([]);

    // Every figure equals the API's.
    const { datasetOverview: o } = await graphql<{ datasetOverview: Overview }>(
      request,
      `{ datasetOverview { studies syntheticStudies proteins consensusGenes consensusMinStudies
         diseaseLinkedGenes diseaseLinkedPercentage linkedDisorders omimPhenotypes } }`,
    );
    const figure = (name: string) => page.locator(`[data-figure="${name}"]`);
    await expect(figure("studies")).toHaveText(fmt(o.studies));
    await expect(figure("syntheticStudies")).toHaveText(fmt(o.syntheticStudies));
    await expect(figure("proteins")).toHaveText(fmt(o.proteins));
    await expect(figure("consensusGenes")).toHaveText(fmt(o.consensusGenes));
    await expect(figure("consensusMinStudies")).toHaveText(fmt(o.consensusMinStudies));
    await expect(figure("diseaseLinkedGenes")).toHaveText(fmt(o.diseaseLinkedGenes));
    await expect(figure("diseaseLinkedPercentage")).toHaveText(`${Math.round(o.diseaseLinkedPercentage)}%`);
    await expect(figure("linkedDisorders")).toHaveText(fmt(o.linkedDisorders));
    await expect(figure("omimPhenotypes")).toHaveText(fmt(o.omimPhenotypes));
    // Synthetic studies are said to be synthetic.
    await expect(page.getByTestId("overview-synthetic")).toContainText("synthetic sample studies");

    const p = new CompartmentPanel(page);
    const counts = await apiCompartments(request);
    for (const c of counts) {
      await expect(p.card(c.compartment).getByTestId("compartment-count")).toHaveText(fmt(c.proteinCount));
    }

    // A compartment card opens the proteins panel below it, and close hides it.
    const vesicles = counts.find((c) => c.compartment === "Synaptic_Vesicle")!;
    await expect(p.card("Synaptic_Vesicle")).toContainText("Synaptic Vesicles");
    await p.open("Synaptic_Vesicle");
    await expect(p.title).toHaveText(`Synaptic Vesicles Proteins (${fmt(vesicles.proteinCount)})`);
    await expect(p.card("Synaptic_Vesicle")).toHaveAttribute("aria-pressed", "true");
    await expect(p.panel.getByTestId("compartment-download")).toHaveAttribute(
      "data-url",
      "/api/proteins/compartment/Synaptic_Vesicle/csv",
    );
    // The home page keeps the panel out of the address.
    await expect(page).toHaveURL(/\/$/);
    await p.panel.getByTestId("compartment-panel-close").click();
    await expect(p.panel).toHaveCount(0);
  });

  test("the counters show formatted numbers and link to the dashboard; an ICD-11 chapter card opens the classification explorer on that chapter", async ({
    sharedPage: page,
    request,
  }) => {
    await page.goto("/");
    const formatted = /^\d{1,3}(,\d{3})*$/;
    await expect(page.getByTestId("api-counter-value")).toHaveText(formatted);
    await expect(page.getByTestId("visitor-counter-value")).toHaveText(formatted);
    const { apiUsage } = await graphql<{ apiUsage: { totalCalls: number } }>(
      page.request,
      "{ apiUsage { totalCalls } }",
    );
    // The page read the counter before this request; the counter only grows.
    const shown = Number((await page.getByTestId("api-counter-value").textContent())!.replace(/,/g, ""));
    expect(shown).toBeLessThanOrEqual(apiUsage.totalCalls);
    await page.getByTestId("api-counter").click();
    await expect(page).toHaveURL(/\/api-counter-dashboard$/);

    // Back on the home page, the chapter cards.
    await page.goBack();
    const { icd11Chapters } = await graphql<{ icd11Chapters: Chapter[] }>(
      request,
      "{ icd11Chapters { chapter name diseaseCount geneCount } }",
    );
    const expected = icd11Chapters
      .filter((c) => c.diseaseCount >= 5 && c.geneCount >= 5 && /^\d+$/.test(c.chapter))
      .sort((a, b) => b.geneCount - a.geneCount)
      .slice(0, 4);
    expect(expected.length).toBeGreaterThan(0);
    const cards = page.getByTestId("chapter-card");
    await expect(cards).toHaveCount(expected.length);
    expect(await cards.evaluateAll((els) => els.map((el) => el.getAttribute("data-chapter")))).toEqual(
      expected.map((c) => c.chapter),
    );
    const first = expected[0]!;
    await expect(cards.first()).toContainText(first.name);
    await expect(cards.first().getByTestId("chapter-genes")).toHaveText(`${fmt(first.geneCount)} genes`);
    await cards.first().click();
    await expect(page).toHaveURL(new RegExp(`/disease-classifications\\?chapter=${first.chapter}$`));
    const state = await page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr);
    expect(state).toEqual({ selectedChapter: first.chapter });
  });

  test("each screen records its visit when the page is idle, again on each route change", async ({
    sharedPage: page,
  }) => {
    // The mutation is sent by hash first: a gateway that has not seen its text yet (this test run alone)
    // answers PERSISTED_QUERY_NOT_FOUND and the client sends it again with the text, the same visitId.
    const visitOf = (path: string) =>
      page.waitForResponse(
        async (r) =>
          r.url().endsWith("/graphql") &&
          (r.request().postData() ?? "").includes(`"path":"${path}"`) &&
          !(await r.text()).includes("PERSISTED_QUERY_NOT_FOUND"),
      );
    // Each page view sends its own id (visitId), which makes a resend of it count once.
    const visitIdOf = (response: Response) =>
      (JSON.parse(response.request().postData() ?? "{}") as { variables?: { visitId?: string } }).variables
        ?.visitId;
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const home = visitOf("/");
    await page.goto("/");
    const recorded = await home;
    expect(recorded.request().postData()).toContain("RecordVisit");
    expect(await recorded.json()).toEqual({ data: { recordVisit: true } });
    expect(visitIdOf(recorded)).toMatch(UUID);
    const about = visitOf("/about");
    await page.getByRole("link", { name: "About", exact: true }).first().click();
    const aboutRecorded = await about;
    expect(await aboutRecorded.json()).toEqual({ data: { recordVisit: true } });
    expect(visitIdOf(aboutRecorded)).toMatch(UUID);
    expect(visitIdOf(aboutRecorded)).not.toBe(visitIdOf(recorded));
  });

  // Its own page and context: the clipboard permissions it grants would stay on the shared page.
  test("a configured citation copies and shows 'Copied' before reverting; none is shown unconfigured", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/");
    await expect(page.getByTestId("chapter-card").first()).toBeVisible();
    if (!siteConfig.citation) {
      await expect(page.getByTestId("how-to-cite")).toHaveCount(0);
      await expect(page.locator("body")).not.toContainText("How to Cite");
      return;
    }
    const button = page.getByTestId("how-to-cite").getByTestId("copy-citation");
    await expect(button).toHaveText("Copy citation");
    await button.click();
    await expect(button).toHaveText("Copied");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const shown = (await page.getByTestId("cite-text").textContent())!.replace(/\s+/g, " ").trim();
    expect(copied.replace(/\s+/g, " ")).toBe(shown.replace(/ \(opens in a new tab\)/, ""));
    await expect(button).toHaveText("Copy citation");
  });

  for (const width of [1366, 390]) {
    test(`full-page screenshot at ${width}px`, async ({ sharedPage: page }) => {
      await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
      await page.goto("/");
      await expect(page.getByTestId("chapter-card").first()).toBeVisible();
      await expect(page.locator('[data-figure="studies"]')).toBeVisible();
      await expect(page.getByTestId("visitor-counter-value")).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await reviewShot(page, `home-full-${width}`, { fullPage: true });
    });
  }
});

// Without a stored choice (the plain Playwright test: no pre-set cookie choice).
base.describe("Cookie consent dialog", () => {
  const paths: { name: string; act: (page: Page) => Promise<void>; stored: string }[] = [
    { name: "Accept", act: (page) => page.getByTestId("cookie-accept").click(), stored: "true" },
    { name: "Decline", act: (page) => page.getByTestId("cookie-decline").click(), stored: "false" },
    { name: "the close button", act: (page) => page.getByTestId("cookie-close").click(), stored: "false" },
    { name: "the backdrop", act: (page) => page.mouse.click(5, 5), stored: "false" },
    { name: "Escape", act: (page) => page.keyboard.press("Escape"), stored: "false" },
  ];
  for (const path of paths) {
    base(`${path.name} stores '${path.stored}' and hides the dialog`, async ({ page }) => {
      await page.goto("/");
      const dialog = page.getByTestId("cookie-dialog");
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("heading", { name: /Cookies/ })).toBeVisible();
      expect(await storedChoice(page)).toBeNull();
      // Focus is inside the modal.
      await expect(page.getByTestId("cookie-accept")).toBeFocused();
      await path.act(page);
      await expect(dialog).toHaveCount(0);
      expect(await storedChoice(page)).toBe(path.stored);
      // A stored choice keeps the dialog closed on the next visit.
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: "SynaptopathyDB" })).toBeVisible();
      await expect(page.getByTestId("cookie-dialog")).toHaveCount(0);
    });
  }
});
