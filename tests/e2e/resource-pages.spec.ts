import { type APIRequestContext, type Page } from "@playwright/test";
import { FAQ_CATEGORIES, FAQ_ITEMS } from "../../web/src/routes/faq/faqData";
import { siteConfig } from "../../web/src/site.config";
import { expect, test } from "./support/shared-page";
import { reviewShot } from "./support/visual";

/* Expected dataset figures come from the GraphQL API of the same gateway; FAQ counts from its data module. */

async function graphql<T>(request: APIRequestContext, query: string): Promise<T> {
  const response = await request.post("/graphql", { data: { query } });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

const count = (n: number) => n.toLocaleString("en-US");

test.describe("About", () => {
  test("opening with a hash scrolls to the section; menu clicks set the hash; the active item follows scrolling", async ({
    sharedPage: page,
  }) => {
    await page.goto("/about#key-features");
    await expect(
      page.getByRole("heading", { level: 1, name: `About ${siteConfig.productName}` }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Key Features" })).toBeInViewport();
    await expect(page.getByTestId("about-menu-key-features")).toHaveAttribute("aria-current", "location");

    // Sections the site configuration leaves empty (citation, team) are neither in the menu nor on the page.
    const menu = page.getByRole("navigation", { name: "About sections" }).getByRole("link");
    await expect(menu).toHaveText([
      "About",
      "Overview",
      "Key Features",
      "Synapse Proteomes",
      "Disease Classification",
      ...(siteConfig.citation ? ["How to Cite our work"] : []),
      ...(siteConfig.researchTeam.length > 0 ? ["Research Team"] : []),
      "Contact",
    ]);

    await page.getByTestId("about-menu-synapse-proteomes").click();
    await expect(page).toHaveURL(/\/about#synapse-proteomes$/);
    await expect(page.getByRole("heading", { level: 2, name: "Synapse Proteomes" })).toBeInViewport();
    await expect(page.getByTestId("about-menu-synapse-proteomes")).toHaveAttribute(
      "aria-current",
      "location",
    );
    await expect(page.getByTestId("about-menu-key-features")).not.toHaveAttribute("aria-current", "location");

    // Scrolling (not clicking) moves the active item.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByTestId("about-menu-contact")).toHaveAttribute("aria-current", "location");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByTestId("about-menu-about")).toHaveAttribute("aria-current", "location");
    await page.evaluate(() => {
      const top = document.getElementById("key-features")!.getBoundingClientRect().top + window.scrollY;
      window.scrollTo(0, top - 60);
    });
    await expect(page.getByTestId("about-menu-key-features")).toHaveAttribute("aria-current", "location");

    if (siteConfig.contactEmail)
      await expect(page.getByTestId("contact-email")).toHaveText(siteConfig.contactEmail);
    else await expect(page.getByTestId("contact-email")).toHaveCount(0);
  });

  test("the team section shows the configured members, and nothing when none are configured", async ({
    sharedPage: page,
  }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 2, name: "Contact" })).toBeVisible();
    const members = page.getByTestId("team-member");
    await expect(members).toHaveCount(siteConfig.researchTeam.length);
    for (const [index, member] of siteConfig.researchTeam.entries())
      await expect(members.nth(index)).toContainText(member.name);
    await expect(page.getByRole("heading", { level: 2, name: "Research Team" })).toHaveCount(
      siteConfig.researchTeam.length > 0 ? 1 : 0,
    );
    await expect(page.locator("body")).not.toContainText(/Team member \d|example\.org|placeholder/i);
  });

  test("dataset figures are the API's", async ({ sharedPage: page, request }) => {
    const data = await graphql<{
      geneTable: { pagination: { total: number }; consensus: { totalInDatabase: number } };
      diseaseTable: { pagination: { total: number } };
      paperTableAll: { kind: string }[];
      compartments: { compartment: string; proteinCount: number }[];
    }>(
      request,
      `{ geneTable(pageSize: 1) { pagination { total } consensus { totalInDatabase } }
         diseaseTable(pageSize: 1) { pagination { total } }
         paperTableAll { kind } compartments { compartment proteinCount } }`,
    );
    await page.goto("/about");
    await expect(page.getByTestId("figure-genes")).toHaveText(count(data.geneTable.pagination.total));
    await expect(page.getByTestId("figure-consensus")).toHaveText(
      count(data.geneTable.consensus.totalInDatabase),
    );
    await expect(page.getByTestId("figure-diseases")).toHaveText(count(data.diseaseTable.pagination.total));
    await expect(page.getByTestId("figure-studies")).toHaveText(
      count(data.paperTableAll.filter((p) => p.kind === "proteomic").length),
    );
    for (const c of data.compartments) {
      await expect(page.locator(`[data-compartment="${c.compartment}"]`)).toContainText(
        count(c.proteinCount),
      );
    }
  });
});

test.describe("FAQ", () => {
  test("20 questions, category tabs, expand and collapse", async ({ sharedPage: page }) => {
    await page.goto("/faq");
    await expect(page.getByRole("heading", { level: 1, name: "Frequently Asked Questions" })).toBeVisible();
    const items = page.getByTestId("faq-item");
    await expect(items).toHaveCount(20);
    await expect(page.getByRole("tab")).toHaveText(
      FAQ_CATEGORIES.map((c) => new RegExp(`^${c.label.replace(/[&]/g, "\\$&")}`)),
    );

    for (const category of FAQ_CATEGORIES.filter((c) => c.key !== "all")) {
      await page.getByTestId(`faq-tab-${category.key}`).click();
      await expect(page.getByTestId(`faq-tab-${category.key}`)).toHaveAttribute("aria-selected", "true");
      const expected = FAQ_ITEMS.filter((item) => item.category === category.key);
      await expect(items).toHaveCount(expected.length);
      await expect(items.getByTestId("faq-question")).toHaveText(expected.map((item) => item.question));
    }
    await page.getByTestId("faq-tab-all").click();
    await expect(items).toHaveCount(20);

    const first = items.first();
    const toggle = first.getByTestId("faq-toggle");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(first.getByTestId("faq-answer")).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(first.getByTestId("faq-answer")).toContainText(FAQ_ITEMS[0]!.answer.slice(0, 40));
    await toggle.click();
    await expect(first.getByTestId("faq-answer")).toBeHidden();

    // The contact offer shows only with a configured address.
    if (siteConfig.contactEmail) {
      await expect(page.getByTestId("faq-contact-link")).toHaveText("Contact Us");
      await expect(page.getByTestId("faq-contact-link")).toHaveAttribute("href", "/about#contact");
    } else await expect(page.getByTestId("faq-contact-link")).toHaveCount(0);
  });

  test("search covers questions and answers case-insensitively, highlights matches, and says when nothing matches", async ({
    sharedPage: page,
  }) => {
    await page.goto("/faq");
    const items = page.getByTestId("faq-item");
    const term = "CLINVAR";
    const expected = FAQ_ITEMS.filter((item) =>
      `${item.question}\n${item.answer}`.toLowerCase().includes(term.toLowerCase()),
    );
    expect(expected.length).toBeGreaterThan(0);
    await page.getByTestId("faq-search").fill(term);
    await expect(items).toHaveCount(expected.length);
    await expect(items.locator("mark").first()).toHaveText(/^clinvar$/i);
    await expect(items.first().getByTestId("faq-answer")).toBeVisible();

    // An answer-only match is found too.
    const answerOnly = "synthetic sample data generated";
    const answerMatches = FAQ_ITEMS.filter((item) => item.answer.toLowerCase().includes(answerOnly));
    expect(answerMatches.length).toBeGreaterThan(0);
    await page.getByTestId("faq-search").fill(answerOnly);
    await expect(items).toHaveCount(answerMatches.length);
    await expect(items.first().getByTestId("faq-answer").locator("mark")).toHaveText(answerOnly);

    await page.getByTestId("faq-search").fill("zzqx-no-such-words");
    await expect(items).toHaveCount(0);
    await expect(page.getByTestId("faq-empty")).toHaveText(
      "No FAQs match your search criteria. Please try different keywords.",
    );
  });
});

test.describe("Publication information", () => {
  test("shows the source paper and this release's figures beside the paper's", async ({
    sharedPage: page,
    request,
  }) => {
    const data = await graphql<{
      geneTable: { pagination: { total: number } };
      compartments: { compartment: string; proteinCount: number }[];
      ppiNetworks: { network: string; nodes: number; edges: number }[];
    }>(
      request,
      "{ geneTable(pageSize: 1) { pagination { total } } compartments { compartment proteinCount } ppiNetworks { network nodes edges } }",
    );
    await page.goto("/publication");
    const paper = page.getByTestId("source-paper");
    await expect(paper).toContainText("synaptome.db");
    await expect(paper).toContainText("Bioinformatics Advances");
    await expect(paper).toContainText("November 2022");
    await expect(page.getByTestId("paper-link")).toHaveAttribute(
      "href",
      "https://bioconductor.org/packages/synaptome.db",
    );
    await expect(page.getByTestId("paper-link")).toHaveAttribute("target", "_blank");

    const stats = page.getByTestId("stats-table");
    await expect(stats.locator("thead th")).toHaveText(["Figure", "Reported in the paper", "This release"]);
    const value = (row: string) => page.getByTestId(row).getByTestId("release-value");
    const compartment = (name: string) => data.compartments.find((c) => c.compartment === name)!.proteinCount;
    await expect(value("stat-proteins")).toHaveText(count(data.geneTable.pagination.total));
    await expect(value("stat-postsynaptic")).toHaveText(count(compartment("Postsynaptic")));
    await expect(value("stat-presynaptic")).toHaveText(count(compartment("Presynaptic")));
    await expect(value("stat-synaptosome")).toHaveText(count(compartment("Synaptosome")));
    await expect(value("stat-vesicle")).toHaveText(count(compartment("Synaptic_Vesicle")));
    await expect(page.getByTestId("stat-postsynaptic")).toContainText("5,560");

    const network = (pattern: RegExp) => data.ppiNetworks.find((n) => pattern.test(n.network))!;
    const pre = network(/presynaptic/i);
    const post = network(/psd/i);
    await expect(value("ppi-presynaptic")).toHaveText(
      `${count(pre.nodes)} nodes / ${count(pre.edges)} edges`,
    );
    await expect(value("ppi-postsynaptic")).toHaveText(
      `${count(post.nodes)} nodes / ${count(post.edges)} edges`,
    );
    await expect(page.getByTestId("ppi-postsynaptic")).toContainText("4,817 nodes / 27,788 edges");

    await expect(page.getByTestId("implementation-features").locator("li")).toHaveCount(5);
    const resources = page.getByTestId("external-resources").getByRole("link");
    await expect(resources).toHaveCount(3);
    for (const link of await resources.all()) await expect(link).toHaveAttribute("href", /^https:\/\//);
  });
});

test.describe("Cookies policy", () => {
  test("states the date, the cookie kinds, what this portal stores and the privacy contact", async ({
    sharedPage: page,
  }) => {
    await page.goto("/cookies-policy");
    await expect(page.getByRole("heading", { level: 1, name: "Cookies Policy" })).toBeVisible();
    await expect(page.getByTestId("cookies-updated")).toHaveText("Last updated: March 12, 2025");
    for (const heading of [
      "Essential cookies",
      "Analytics cookies",
      "Preference cookies",
      "Third-party analytics",
      "How to manage cookies and local storage",
      ...(siteConfig.contactEmail ? ["Privacy contact"] : []),
    ]) {
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    const stored = page.getByTestId("cookies-stored-table");
    await expect(stored.locator("tbody tr")).toHaveCount(2);
    await expect(stored).toContainText("cookiesAccepted");
    await expect(stored).toContainText(siteConfig.visitorIdKey);
    if (siteConfig.contactEmail) {
      await expect(page.getByTestId("cookies-contact-email")).toHaveText(siteConfig.contactEmail);
      await expect(page.getByTestId("cookies-contact-email")).toHaveAttribute(
        "href",
        `mailto:${siteConfig.contactEmail}`,
      );
    } else await expect(page.getByTestId("cookies-contact-email")).toHaveCount(0);
    // What the policy says is what the browser holds: only those keys in local storage, no cookies.
    const keys = await page.evaluate(() => Object.keys(window.localStorage));
    for (const key of keys) expect(["cookiesAccepted", siteConfig.visitorIdKey]).toContain(key);
    expect(await page.context().cookies()).toEqual([]);
  });
});

async function shoot(page: Page, name: string) {
  await reviewShot(page, name, { fullPage: true });
}

for (const width of [1366, 390] as const) {
  test.describe(`resource page screenshots at ${width}px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 900 : 844 } });

    test("about, faq, publication, cookies policy", async ({ sharedPage: page }) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto("/about");
      await expect(page.getByTestId("figure-genes")).toBeVisible();
      await shoot(page, `about-${width}`);
      await page.goto("/faq");
      await page.getByTestId("faq-search").fill("consensus");
      await expect(page.getByTestId("faq-item").first()).toBeVisible();
      await shoot(page, `faq-${width}`);
      await page.goto("/publication");
      await expect(page.getByTestId("stat-proteins").getByTestId("release-value")).not.toHaveText("—");
      await shoot(page, `publication-${width}`);
      await page.goto("/cookies-policy");
      await expect(page.getByTestId("cookies-updated")).toBeVisible();
      await shoot(page, `cookies-policy-${width}`);
      expect(errors, "console errors on the page").toEqual([]);
    });
  });
}
