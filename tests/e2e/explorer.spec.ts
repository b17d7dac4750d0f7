import { Kind, parse } from "graphql";
import { EXAMPLES, exampleVariablesText } from "../../web/src/routes/explorer/examples";
import { ExplorerPage } from "./support/explorer.page";
import { GeneSearchPage } from "./support/gene-search.page";
import { expect, test } from "./support/shared-page";
import { reviewShot } from "./support/visual";

/** The host:port of this worker's gateway (the config gives each worker its own), as a pattern. */
function hostPattern(baseURL: string | undefined): string {
  return new URL(baseURL!).host.replace(/\./g, "\\.");
}

/** The operation name and the first response key (alias or field) of an example. */
function describeExample(query: string): { operation: string; rootKey: string } {
  const [definition] = parse(query).definitions;
  if (definition?.kind !== Kind.OPERATION_DEFINITION || !definition.name) throw new Error("No named query");
  const [first] = definition.selectionSet.selections;
  if (first?.kind !== Kind.FIELD) throw new Error("The first selection is not a field");
  return { operation: definition.name.value, rootKey: (first.alias ?? first.name).value };
}

/**
 * The review screenshots of the explorer with a result (support/visual.ts reviewShot), taken at the end
 * of the test that already has the explorer open at that width rather than on a page loaded for them.
 */
async function reviewShotsWithResult(explorer: ExplorerPage, width: 1366 | 390): Promise<void> {
  await explorer.page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
  await explorer.example("icd11-chapter").click();
  await explorer.run("Icd11ChapterDiseases");
  await expect.poll(() => explorer.compactResult()).toContain('{"data":{"icd11Chapter":');
  await reviewShot(explorer.page, `explorer-${width}`);
  await reviewShot(explorer.page, `explorer-full-${width}`, { fullPage: true });
}

test.describe("GraphQL explorer", () => {
  // Reached through the menu, as a visitor does; a direct load of /explorer (server-rendered, hydrated, run)
  // is all-routes.spec.ts's at both widths.
  test("opened from the Resources menu at 1366 px, the first screen runs as it stands, beside a readable editor; the docs and the examples", async ({
    sharedPage: page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto("/");
    await page.getByTestId("nav-group-resources").click();
    await page.getByTestId("nav-menu-resources").getByRole("link", { name: "GraphQL Explorer" }).click();
    await expect(page).toHaveURL(/\/explorer$/);
    await expect(page).toHaveTitle("GraphQL Explorer");

    const explorer = new ExplorerPage(page);
    await explorer.waitForEditors();
    await expect(explorer.runButton).toBeVisible();
    // The first example is the default query.
    await expect(explorer.queryEditor).toContainText("query GeneDiseasesAndMutations");
    const [first] = EXAMPLES;
    const { operation, rootKey } = describeExample(first!.query);
    // The query and the variables it needs (DLG4's id), in the editors before anything is clicked.
    await expect(explorer.queryEditor).toContainText(`query ${operation}`);
    await expect
      .poll(() => explorer.compactVariables())
      .toBe(exampleVariablesText(first!).replace(/\s/g, ""));
    await expect(page.getByTestId("explorer-narrow-note")).toBeHidden();

    // The documentation pane is closed, and the editor shows the whole first line of the query.
    await expect(explorer.docs).toHaveCount(0);
    await expect(explorer.docsButton).toHaveAccessibleName("Show Documentation Explorer");
    const editorBox = (await explorer.queryEditor.boundingBox())!;
    expect(editorBox.width, "the query editor's width").toBeGreaterThan(480);
    const firstLine = explorer.firstQueryLine();
    expect(await firstLine.evaluate((line) => line.textContent?.replace(/\u00a0/g, " "))).toBe(
      first!.query.split("\n")[0],
    );
    const textRight = await firstLine.evaluate((line) =>
      Math.max(
        ...Array.from(line.querySelectorAll("span span"), (span) => span.getBoundingClientRect().right),
      ),
    );
    const visibleRight = await explorer.queryEditor
      .locator(".monaco-scrollable-element")
      .first()
      .evaluate((element) => element.getBoundingClientRect().right);
    expect(textRight, "the first line ends inside the visible editor").toBeLessThanOrEqual(visibleRight);

    // Run (GraphiQL's execute button): data, no errors.
    const response = await explorer.run(operation);
    const body = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown };
    expect(body.errors).toBeUndefined();
    expect(body.data?.[rootKey]).toBeTruthy();
    await expect.poll(() => explorer.compactResult()).toMatch(new RegExp(`^\\{"data":\\{"${rootKey}":`));
    expect(await explorer.compactResult()).not.toContain('"errors"');

    await reviewShotsWithResult(explorer, 1366);

    // The documentation opens on demand, with GraphiQL's own button (closed at first: the editor has the width).
    await explorer.openDocs();
    await expect(explorer.docs.locator(".graphiql-doc-explorer-title")).toHaveText("Docs");
    await expect(explorer.docs).toContainText("Root Types");
    await explorer.docs.getByRole("link", { name: "Query" }).first().click();
    await expect(explorer.docs).toContainText("geneSearch");
    await expect(explorer.examples.getByRole("button")).toHaveCount(EXAMPLES.length);
  });

  test("at 390 px it is linked from the mobile menu, says it wants a wider screen, and the first screen still runs", async ({
    sharedPage: page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await page.getByTestId("nav-hamburger").click();
    await page.getByTestId("nav-group-resources").click();
    await page.getByTestId("nav-menu-resources").getByRole("link", { name: "GraphQL Explorer" }).click();
    await expect(page).toHaveURL(/\/explorer$/);
    await expect(page.getByRole("heading", { level: 1, name: "GraphQL Explorer" })).toBeVisible();
    await expect(page.getByTestId("main-menu")).not.toHaveClass(/is-open/);

    const explorer = new ExplorerPage(page);
    await explorer.waitForEditors();
    await expect(page.getByTestId("explorer-narrow-note")).toBeVisible();
    await expect(page.getByTestId("explorer-narrow-note")).toContainText("wider screen");
    await expect(explorer.docs).toHaveCount(0);
    // Nothing on the page is wider than the screen: it scrolls down, not sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const response = await explorer.run(describeExample(EXAMPLES[0]!.query).operation);
    expect(((await response.json()) as { errors?: unknown }).errors).toBeUndefined();
    await expect.poll(() => explorer.compactResult()).toMatch(/^\{"data":/);
    expect(await explorer.compactResult()).not.toContain('"errors"');

    await reviewShotsWithResult(explorer, 390);
  });

  test("runs every example query without errors, and Ctrl+Enter right after switching examples runs the example shown", async ({
    sharedPage: page,
  }) => {
    test.setTimeout(180_000);
    const explorer = new ExplorerPage(page);
    await explorer.goto();

    for (const example of EXAMPLES) {
      const { operation, rootKey } = describeExample(example.query);
      await explorer.example(example.id).click();
      await expect(explorer.example(example.id)).toHaveAttribute("aria-pressed", "true");
      await expect(explorer.queryEditor).toContainText(`query ${operation}`);
      // The example's own variables are in the variables editor (none for an example without).
      await expect
        .poll(() => explorer.compactVariables(), { message: example.id })
        .toBe(exampleVariablesText(example).replace(/\s/g, ""));

      const response = await explorer.run(operation);
      expect(response.status(), `${example.id}: ${await response.text()}`).toBe(200);
      const body = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown };
      expect(body.errors, `${example.id} errors`).toBeUndefined();
      expect(body.data?.[rootKey], `${example.id} data.${rootKey}`).not.toBeUndefined();

      // The result pane starts with the data of this example's first field, and shows no errors.
      await expect
        .poll(() => explorer.compactResult(), { message: example.id })
        .toMatch(new RegExp(`^\\{"data":\\{"${rootKey}":`));
      expect(await explorer.compactResult(), example.id).not.toContain('"errors"');
    }

    // Ctrl+Enter right after switching examples runs the example shown, by its own name.
    for (const [first, second] of [
      ["gene-papers", "compartment-genes"],
      ["icd11-chapter", "gene-diseases-mutations"],
    ] as const) {
      const { operation, rootKey } = describeExample(EXAMPLES.find((e) => e.id === second)!.query);
      const previous = describeExample(EXAMPLES.find((e) => e.id === first)!.query).operation;
      // The run of either example (not the page's visit mutation).
      const sent = page.waitForRequest((r) => {
        if (!r.url().endsWith("/graphql") || r.method() !== "POST") return false;
        const query = String(r.postDataJSON()?.query ?? "");
        return query.includes(`query ${operation}`) || query.includes(`query ${previous}`);
      });
      await explorer.example(first).click();
      await explorer.example(second).click();
      await page.keyboard.press("Control+Enter");
      const request = await sent;
      const body = request.postDataJSON() as { query: string; operationName?: string };
      expect(body.query).toContain(`query ${operation}`);
      expect(body.operationName).toBe(operation);
      // The pane already holds an earlier result: wait for this run's answer, then its data.
      await request.response();
      await expect.poll(() => explorer.compactResult()).not.toContain('"errors"');
      await expect.poll(() => explorer.compactResult()).toMatch(new RegExp(`^\\{"data":\\{"${rootKey}":`));
    }
  });

  test("works under a strict Content-Security-Policy, with everything from this origin", async ({
    page,
    baseURL,
  }) => {
    const host = new URL(baseURL!).host;
    const violations: string[] = [];
    const foreign: string[] = [];
    const workers: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    page.on("pageerror", (error) => violations.push(`page error: ${error.message}`));
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (![host, ""].includes(url.host) && url.protocol !== "data:") foreign.push(request.url());
    });
    page.on("worker", (worker) => workers.push(worker.url()));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.error(`Content Security Policy violation: ${event.effectiveDirective} ${event.blockedURI}`);
      });
    });
    // The gateway's own policy, as every page gets it: no eval, no CDN, workers from this origin.
    const policy = (await page.request.get("/explorer")).headers()["content-security-policy"] ?? "";
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "worker-src 'self'",
      "object-src 'none'",
    ])
      expect(policy).toContain(directive);
    expect(policy).not.toContain("unsafe-eval");

    const explorer = new ExplorerPage(page);
    await explorer.goto();
    await explorer.openDocs();
    await expect(explorer.docs).toContainText("Root Types");
    const example = EXAMPLES.find((e) => e.id === "autocomplete")!;
    await explorer.example(example.id).click();
    const response = await explorer.run(describeExample(example.query).operation);
    expect(((await response.json()) as { errors?: unknown }).errors).toBeUndefined();
    await expect.poll(() => explorer.compactResult()).toContain('{"data":{"autocomplete":[');

    // Monaco's workers (editor, GraphQL language service) are bundled files of this origin.
    await expect.poll(() => workers.length).toBeGreaterThanOrEqual(2);
    for (const url of workers)
      expect(url).toMatch(new RegExp(`^http://${hostPattern(baseURL)}/assets/[\\w.-]+\\.js$`));
    expect(foreign).toEqual([]);
    expect(violations).toEqual([]);
  });

  test("preloads a query and its variables from the address; a linked query without variables opens with none, not those of the visit before", async ({
    sharedPage: page,
  }) => {
    const explorer = new ExplorerPage(page);
    const query = "query VisitCounter {\n  visitStats {\n    totalVisits\n  }\n}";
    await explorer.goto(`?query=${encodeURIComponent(query)}&variables=${encodeURIComponent('{"x": 1}')}`);
    await expect(explorer.queryEditor).toContainText("query VisitCounter");
    await expect(explorer.variablesEditor).toContainText('"x": 1');
    const preloaded = await explorer.run("VisitCounter");
    expect(((await preloaded.json()) as { errors?: unknown }).errors).toBeUndefined();
    await expect.poll(() => explorer.compactResult()).toContain('"visitStats":{"totalVisits":');

    // The visit before (just above) had variables; a linked query without any opens with none.
    await explorer.goto(`?query=${encodeURIComponent(query)}`);
    await expect(explorer.queryEditor).toContainText("query VisitCounter");
    await expect.poll(() => explorer.compactVariables()).toBe("");
    const response = await explorer.run("VisitCounter");
    expect(((await response.json()) as { errors?: unknown }).errors).toBeUndefined();
    await expect.poll(() => explorer.compactResult()).toContain('"visitStats":{"totalVisits":');
  });

  test("API button of DLG4's diseases tab shows its query, REST URL and explorer link", async ({
    sharedPage: page,
    request,
    baseURL,
  }) => {
    const gs = new GeneSearchPage(page);
    await gs.goto("DLG4");
    const card = await gs.expand("DLG4");
    const panel = await gs.openTab(card, "diseases");
    await expect(panel.getByTestId("disease-card")).toHaveCount(22);

    await panel.getByTestId("api-diseases").click();
    const dialog = panel.getByTestId("api-diseases-dialog");
    await expect(dialog).toBeVisible();
    const queryText = dialog.getByTestId("api-diseases-query");
    await expect(queryText).toContainText("query GeneDiseases($id: Int!, $page: Int!, $pageSize: Int!)");
    await expect(queryText).toContainText("gene(id: $id)");
    await expect(queryText).toContainText("diseaseConnection(page: $page, pageSize: $pageSize) {");
    await expect(queryText).toContainText("hdoid");
    // The tab reads the whole list through the paged connection, a page of 100 at a time.
    await expect(dialog.getByTestId("api-diseases-variables")).toHaveText(/"id": 1\b/);
    await expect(dialog.getByTestId("api-diseases-variables")).toHaveText(/"pageSize": 100\b/);
    const rest = dialog.getByTestId("api-diseases-rest-url");
    await expect(rest).toHaveText(new RegExp(`^GET http://${hostPattern(baseURL)}/api/gene/1/tab/diseases$`));

    // The REST URL answers with the same rows as the table.
    const restUrl = (await rest.textContent())!.replace(/^GET /, "");
    const restBody = (await (await request.get(restUrl)).json()) as { success: boolean; data: unknown[] };
    expect(restBody.success).toBe(true);
    expect(restBody.data).toHaveLength(22);

    await dialog.getByTestId("api-diseases-open-explorer").click();
    await expect(page).toHaveURL(/\/explorer\?query=query%20GeneDiseases/);
    await expect(page).toHaveTitle("GraphQL Explorer");
    const explorer = new ExplorerPage(page);
    await explorer.waitForEditors();
    await expect(explorer.queryEditor).toContainText(
      "query GeneDiseases($id: Int!, $page: Int!, $pageSize: Int!) {",
    );
    await expect(explorer.variablesEditor).toContainText('"id": 1');
    const response = await explorer.run("GeneDiseases");
    const body = (await response.json()) as {
      data: { gene: { diseaseConnection: { totalCount: number; edges: unknown[] } } };
      errors?: unknown;
    };
    expect(body.errors).toBeUndefined();
    expect(body.data.gene.diseaseConnection.totalCount).toBe(22);
    expect(body.data.gene.diseaseConnection.edges).toHaveLength(22);
    await expect
      .poll(() => explorer.compactResult())
      .toMatch(/^\{"data":\{"gene":\{"id":1,"diseaseConnection":\{"totalCount":22,/);
  });

  test("the search results, then each of the six gene tabs, have an API button with its own query and REST URL", async ({
    sharedPage: page,
    request,
  }) => {
    const tabs = [
      { tab: "papers", operation: "GenePapers", rest: "papers" },
      { tab: "diseases", operation: "GeneDiseases", rest: "diseases" },
      { tab: "mutations", operation: "GeneMutations", rest: "mutations" },
      { tab: "omim", operation: "GeneOmim", rest: "omim" },
      { tab: "go", operation: "GeneGoTerms", rest: "syngo" },
      { tab: "syngo", operation: "GeneSyngo", rest: "syngoportal" },
    ] as const;
    const gs = new GeneSearchPage(page);
    await gs.goto("DLG4");
    await expect(gs.card("DLG4")).toBeVisible();
    // The search results' API button: the search query and REST URL; Escape gives the focus back.
    await page.getByTestId("api-search").click();
    const searchDialog = page.getByTestId("api-search-dialog");
    await expect(searchDialog.getByTestId("api-search-query")).toContainText("query GeneSearch(");
    await expect(searchDialog.getByTestId("api-search-variables")).toContainText('"q": "DLG4"');
    await expect(searchDialog.getByTestId("api-search-rest-url")).toHaveText(
      /\/api\/gene\/search\?q=DLG4&page=1&pageSize=10$/,
    );
    await page.keyboard.press("Escape");
    await expect(searchDialog).toBeHidden();
    await expect(page.getByTestId("api-search")).toBeFocused();

    const card = await gs.expand("DLG4");
    for (const { tab, operation, rest } of tabs) {
      const panel = await gs.openTab(card, tab);
      await panel.getByTestId(`api-${tab}`).click();
      const dialog = panel.getByTestId(`api-${tab}-dialog`);
      await expect(dialog, tab).toBeVisible();
      await expect(dialog.getByTestId(`api-${tab}-query`), tab).toContainText(
        // Every tab but OMIM and SynGO (short lists) reads a paged connection.
        operation === "GeneOmim" || operation === "GeneSyngo"
          ? `query ${operation}($id: Int!)`
          : `query ${operation}($id: Int!, $page: Int!, $pageSize: Int!)`,
      );
      await expect(dialog.getByTestId(`api-${tab}-variables`), tab).toHaveText(/"id": 1\b/);
      const restUrl = dialog.getByTestId(`api-${tab}-rest-url`);
      await expect(restUrl, tab).toHaveText(new RegExp(`/api/gene/1/tab/${rest}$`));
      const answer = await request.get(`/api/gene/1/tab/${rest}`);
      expect(answer.status(), tab).toBe(200);
      expect(((await answer.json()) as { success: boolean }).success, tab).toBe(true);
      await page.keyboard.press("Escape");
      await expect(dialog, tab).toBeHidden();
    }
  });
});

for (const width of [1366, 390] as const) {
  test.describe(`explorer screenshots at ${width}px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 900 : 844 } });

    // The explorer with a result: its shots are taken at the end of the tests at 1366 and 390 px above.
    test("API dialog", async ({ sharedPage: page }) => {
      const gs = new GeneSearchPage(page);
      await gs.goto("DLG4");
      const panel = await gs.openTab(await gs.expand("DLG4"), "diseases");
      await expect(panel.getByTestId("disease-card").first()).toBeVisible();
      await panel.getByTestId("api-diseases").scrollIntoViewIfNeeded();
      await reviewShot(page, `api-buttons-${width}`);
      await panel.getByTestId("api-diseases").click();
      await expect(panel.getByTestId("api-diseases-dialog")).toBeVisible();
      await reviewShot(page, `api-dialog-${width}`);
    });
  });
}
