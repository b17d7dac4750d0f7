import { readFile } from "node:fs/promises";
import { apiCompartments, apiProteins, CompartmentPanel, fmt } from "./support/compartments.page";
import { expect, test } from "./support/shared-page";
import { reviewShot } from "./support/visual";

test.describe("Synapse compartments screen", () => {
  test("shows the four cards with the API's counts on both routes; an unknown compartment in the address shows the server's message", async ({
    sharedPage: page,
    request,
  }) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(msg.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    const counts = await apiCompartments(request);
    for (const route of ["/synaptic-compartments", "/synapse-localization"]) {
      await page.goto(route);
      await expect(page).toHaveTitle("Synapse Compartments");
      await expect(page.getByRole("heading", { level: 1, name: "Synapse Compartments" })).toBeVisible();
      const cards = page.getByTestId("compartment-card");
      await expect(cards).toHaveCount(4);
      // Card order and display names: Synaptic_Vesicle is shown as 'Synaptic Vesicles'.
      await expect(cards.locator(".compartment-card-name")).toHaveText([
        "Presynaptic",
        "Postsynaptic",
        "Synaptic Vesicles",
        "Synaptosome",
      ]);
      const panel = new CompartmentPanel(page);
      for (const c of counts) {
        await expect(panel.card(c.compartment).getByTestId("compartment-count")).toHaveText(
          fmt(c.proteinCount),
        );
      }
      await expect(page.getByTestId("compartment-panel")).toHaveCount(0);
    }
    await new CompartmentPanel(page).open("Synaptosome");
    expect(errors).toEqual([]);

    // An unknown compartment in the address shows the server's message.
    await page.goto("/synaptic-compartments?c=Nowhere");
    const error = page.getByTestId("proteins-error");
    await expect(error).toContainText("Error loading proteins");
    await expect(error).toContainText("Invalid compartment. Must be one of:");
    await expect(page.getByTestId("compartment-cards")).toBeVisible();
  });

  test("the panel searches, filters, sorts, pages, shows details and downloads", async ({
    sharedPage: page,
    request,
  }) => {
    const proteins = await apiProteins(request, "Presynaptic");
    await page.goto("/synaptic-compartments");
    const p = new CompartmentPanel(page);
    await p.open("Presynaptic");
    await expect(page).toHaveURL(/[?&]c=Presynaptic\b/);

    // Title with the count, default sort HumanName ascending, hint and tooltip.
    await expect(p.title).toHaveText(`Presynaptic Proteins (${fmt(proteins.length)})`);
    const byName = [...proteins].sort((a, b) => a.gene.humanName.localeCompare(b.gene.humanName));
    expect(await p.symbols()).toEqual(byName.slice(0, 20).map((x) => x.gene.humanName));
    await expect(p.panel.getByText("Click on column headers to sort the table")).toBeVisible();
    await expect(p.panel.getByTestId("paper-count-tooltip")).toHaveAttribute(
      "title",
      "Click on the Gene ID to view more information about the papers.",
    );
    await expect(p.range).toHaveText(`Showing 1 to 20 of ${fmt(proteins.length)} results`);

    // The sliding pager: at most 5 page buttons, centred on the current page.
    const pageButtons = p.pager.getByRole("button", { name: /^Page \d+$/ });
    await expect(pageButtons).toHaveCount(5);
    await p.pager.getByRole("button", { name: "Page 4" }).click();
    await expect(p.range).toHaveText(`Showing 61 to 80 of ${fmt(proteins.length)} results`);
    await expect(pageButtons).toHaveText(["2", "3", "4", "5", "6"]);
    await p.pager.getByRole("button", { name: "Next page" }).click();
    await expect(p.range).toHaveText(`Showing 81 to 100 of ${fmt(proteins.length)} results`);
    await expect(page).toHaveURL(/[?&]page=5\b/);

    // Sorting resets to page 1; the active column flips, another column sorts ascending.
    await p.sortButton("paper_count").click();
    await expect(p.range).toHaveText(/^Showing 1 to 20 of/);
    const counts = proteins.map((x) => x.paperCount);
    expect((await p.paperCounts())[0]).toBe(Math.min(...counts));
    await p.sortButton("paper_count").click();
    await expect(p.panel.getByTestId("protein-paper-count").first()).toHaveText(String(Math.max(...counts)));
    await expect(p.sortButton("paper_count").locator("..")).toHaveAttribute("aria-sort", "descending");
    const desc = await p.paperCounts();
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    await p.sortButton("HumanName").click();
    await expect(p.sortButton("HumanName").locator("..")).toHaveAttribute("aria-sort", "ascending");
    expect(await p.symbols()).toEqual(byName.slice(0, 20).map((x) => x.gene.humanName));

    // Frequency filter (exact band) on page 3 goes back to page 1.
    await p.pager.getByRole("button", { name: "Page 3" }).click();
    await expect(p.range).toHaveText(/^Showing 41 to 60 of/);
    const band = proteins.filter((x) => x.frequency === "4-9");
    expect(band.length).toBeGreaterThan(0);
    await p.frequency.selectOption({ label: "4-9" });
    await expect(p.title).toHaveText(`Presynaptic Proteins (${fmt(band.length)})`);
    await expect(p.range).toHaveText(
      `Showing 1 to ${Math.min(20, band.length)} of ${fmt(band.length)} results`,
    );
    const badges = p.panel.getByTestId("frequency-badge");
    for (const b of await badges.all()) {
      await expect(b).toHaveText("4-9");
      await expect(b).toHaveClass(/is-blue/);
    }
    await p.frequency.selectOption({ label: "All frequencies" });

    // Text search: gene name (any case) or Entrez / MGI substrings.
    const term = "syn";
    const expected = proteins.filter(
      (x) => x.gene.humanName.toLowerCase().includes(term) || (x.gene.mgi ?? "").toLowerCase().includes(term),
    );
    expect(expected.length).toBeGreaterThan(0);
    await p.search.fill(term.toUpperCase());
    await expect(p.title).toHaveText(`Presynaptic Proteins (${fmt(expected.length)})`);
    const entrez = proteins.find((x) => x.gene.humanEntrez !== null)!;
    await p.search.fill(String(entrez.gene.humanEntrez));
    await expect(
      p.panel.locator(`[data-testid="protein-row"][data-gene="${entrez.gene.humanName}"]`),
    ).toBeVisible();
    await p.search.fill("zzzz-no-such-gene");
    await expect(p.panel.getByTestId("proteins-empty")).toHaveText("No proteins match your search criteria.");
    await p.search.fill("");

    // Details: independent per row, identifiers and links.
    const [first, second] = byName;
    const rowOf = (name: string) => p.panel.locator(`[data-testid="protein-row"][data-gene="${name}"]`);
    await rowOf(first!.gene.humanName).getByTestId("protein-details-toggle").click();
    await rowOf(second!.gene.humanName).getByTestId("protein-details-toggle").click();
    await expect(p.panel.getByTestId("protein-details")).toHaveCount(2);
    await rowOf(first!.gene.humanName).getByTestId("protein-details-toggle").click();
    const details = p.panel.getByTestId("protein-details");
    await expect(details).toHaveCount(1);
    await expect(details).toContainText("Additional Identifiers");
    await expect(details).toContainText(String(second!.gene.mouseEntrez ?? "N/A"));
    await expect(details).toContainText(second!.gene.mgi ?? "N/A");
    await expect(details.getByTestId("protein-gene-detail")).toHaveAttribute(
      "href",
      `/gene/${encodeURIComponent(second!.gene.humanName)}`,
    );
    await expect(details.getByRole("link", { name: /Human Protein Atlas/ })).toHaveAttribute(
      "href",
      /proteinatlas\.org/,
    );
    await expect(
      rowOf(second!.gene.humanName).getByRole("link", { name: second!.gene.humanName }),
    ).toHaveAttribute("href", `/gene/${encodeURIComponent(second!.gene.humanName)}`);

    // Download CSV: the file name the server gives and the header row.
    const csv = await request.get("/api/proteins/compartment/Presynaptic/csv");
    const served = /filename="?([^";]+)"?/.exec(csv.headers()["content-disposition"] ?? "")?.[1];
    expect(served).toMatch(/\.csv$/);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      p.panel.getByTestId("compartment-download").click(),
    ]);
    expect(download.suggestedFilename()).toBe(served);
    const text = await readFile((await download.path())!, "utf8");
    expect(text.split(/\r?\n/)[0]).toBe(
      "Gene ID,Gene Symbol,Human Entrez,Mouse Entrez,Rat Entrez,MGI,Paper Count,Frequency",
    );
    expect(text.trim().split(/\r?\n/)).toHaveLength(proteins.length + 1);

    // The API button shows the panel's query and REST URL.
    await p.panel.getByTestId("api-compartment-proteins").click();
    await expect(page.getByTestId("api-compartment-proteins-rest-url")).toContainText(
      "/api/proteins/compartment/Presynaptic",
    );
    await page.keyboard.press("Escape");

    // Close clears the selection and the address.
    await p.panel.getByTestId("compartment-panel-close").click();
    await expect(p.panel).toHaveCount(0);
    await expect(page).toHaveURL(/\/synaptic-compartments$/);
  });

  test("a deep link restores the view after a reload", async ({ sharedPage: page, request }) => {
    const proteins = await apiProteins(request, "Synaptosome");
    const band = proteins.filter((x) => x.frequency === "2-3");
    expect(band.length).toBeGreaterThan(40);
    await page.goto("/synaptic-compartments?c=Synaptosome&freq=2-3&sort=paper_count&dir=desc&page=2");
    const p = new CompartmentPanel(page);
    for (let i = 0; i < 2; i++) {
      // The largest compartment (thousands of rows) may take a while on a busy machine.
      await expect(p.title).toHaveText(`Synaptosome Proteins (${fmt(band.length)})`, { timeout: 45_000 });
      await expect(p.frequency).toHaveValue("2-3");
      await expect(p.sortButton("paper_count").locator("..")).toHaveAttribute("aria-sort", "descending");
      await expect(p.range).toHaveText(`Showing 21 to 40 of ${fmt(band.length)} results`);
      await expect(p.card("Synaptosome")).toHaveAttribute("aria-pressed", "true");
      const desc = await p.paperCounts();
      expect(desc).toEqual([...desc].sort((a, b) => b - a));
      await page.reload();
    }
    // Back goes to the previous state of the address.
    await p.card("Presynaptic").click();
    // The sort is kept; the search, filter and page start afresh.
    await expect(page).toHaveURL(/\?c=Presynaptic&sort=paper_count&dir=desc$/);
    await page.goBack();
    await expect(p.title).toHaveText(`Synaptosome Proteins (${fmt(band.length)})`);
  });

  test("a filter and a search made before the page renders the first both apply; the box follows Back", async ({
    sharedPage: page,
    request,
  }) => {
    const proteins = await apiProteins(request, "Presynaptic");
    const both = proteins.filter(
      (x) =>
        x.frequency === "4-9" &&
        (x.gene.humanName.toLowerCase().includes("syn") || (x.gene.mgi ?? "").toLowerCase().includes("syn")),
    );
    expect(both.length).toBeGreaterThan(0);
    await page.goto("/synaptic-compartments?c=Presynaptic");
    const p = new CompartmentPanel(page);
    await expect(p.title).toHaveText(`Presynaptic Proteins (${fmt(proteins.length)})`);

    // The two changes with only microtasks between them: the router writes the address in those,
    // React renders the navigation in a later task, so the search starts from an unrendered filter
    // (what a busy machine does to a reader who filters and types at once).
    const addressBetween = await page.evaluate(async () => {
      const select = document.querySelector<HTMLSelectElement>('[data-testid="compartment-frequency"]')!;
      const box = document.querySelector<HTMLInputElement>('[data-testid="compartment-search"]')!;
      select.value = "4-9";
      select.dispatchEvent(new Event("change", { bubbles: true }));
      for (let i = 0; i < 1000 && !location.search.includes("freq="); i++) await Promise.resolve();
      const between = location.search;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(box, "SYN");
      box.dispatchEvent(new Event("input", { bubbles: true }));
      return between;
    });
    expect(addressBetween).toBe("?c=Presynaptic&freq=4-9");
    await expect(page).toHaveURL(/\?c=Presynaptic&q=SYN&freq=4-9$/);
    await expect(p.title).toHaveText(`Presynaptic Proteins (${fmt(both.length)})`);
    await expect(p.frequency).toHaveValue("4-9");
    await expect(p.search).toHaveValue("SYN");

    // Typing replaced the filter's entry, so Back is the panel as it opened, box emptied.
    await page.goBack();
    await expect(p.title).toHaveText(`Presynaptic Proteins (${fmt(proteins.length)})`);
    await expect(p.search).toHaveValue("");
    await expect(p.frequency).toHaveValue("all");
  });

  // Its own page: it holds the app's scripts on their way in, which a page that already has them
  // in its HTTP cache would not fetch.
  test("a frequency chosen in the server's page before the app has hydrated it is kept and applied", async ({
    page,
    request,
  }) => {
    const band = (await apiProteins(request, "Presynaptic")).filter((x) => x.frequency === "2-3");
    expect(band.length).toBeGreaterThan(0);
    // The app's scripts are held until the reader has chosen in the server's markup.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const p = new CompartmentPanel(page);
    // Not awaited yet: the navigation waits for the app, which waits for its scripts.
    const loaded = page.goto("/synaptic-compartments?c=Presynaptic");
    await expect(p.frequency).toHaveValue("all");
    await p.frequency.selectOption({ label: "2-3" });
    expect(await page.locator("html").getAttribute("data-app-ready")).toBeNull();
    release();
    await loaded;
    await expect(page).toHaveURL(/[?&]freq=2-3(&|$)/);
    await expect(p.frequency).toHaveValue("2-3");
    await expect(p.title).toHaveText(`Presynaptic Proteins (${fmt(band.length)})`);
    await expect(p.range).toHaveText(
      `Showing 1 to ${Math.min(20, band.length)} of ${fmt(band.length)} results`,
    );
    await expect(p.panel.getByTestId("frequency-badge")).toHaveText(
      Array(Math.min(20, band.length)).fill("2-3"),
    );
  });

  for (const width of [1366, 390]) {
    test(`screenshot with the panel open at ${width}px`, async ({ sharedPage: page }) => {
      await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
      await page.goto("/synaptic-compartments?c=Postsynaptic");
      const p = new CompartmentPanel(page);
      await expect(p.rows.first()).toBeVisible();
      await p.rows.first().getByTestId("protein-details-toggle").click();
      await expect(p.panel.getByTestId("protein-details")).toBeVisible();
      // No horizontal overflow of the page itself.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // The table fits the panel: nothing to scroll sideways.
      const tableOverflow = await p.panel
        .locator(".table-wrap")
        .evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(tableOverflow).toBeLessThanOrEqual(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await reviewShot(page, `compartments-panel-${width}`, { fullPage: true });
    });
  }
});
