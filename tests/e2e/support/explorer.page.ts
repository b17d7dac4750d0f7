import { expect, type Locator, type Page, type Response } from "@playwright/test";

/** Page object of the GraphQL explorer (GraphiQL with Monaco editors). */
export class ExplorerPage {
  constructor(readonly page: Page) {}

  async goto(search = ""): Promise<void> {
    await this.page.goto(`/explorer${search}`);
    await expect(this.page.getByRole("heading", { level: 1, name: "GraphQL Explorer" })).toBeVisible();
    await this.waitForEditors();
  }

  async waitForEditors(): Promise<void> {
    // Monaco is loaded lazily; its lines appear once the editors exist.
    await expect(this.queryEditor.locator(".view-lines")).toBeVisible();
    await expect(this.variablesEditor.locator(".view-lines")).toBeAttached();
  }

  get examples(): Locator {
    return this.page.getByTestId("explorer-examples");
  }

  example(id: string): Locator {
    return this.page.getByTestId(`example-${id}`);
  }

  get queryEditor(): Locator {
    return this.page.locator(".graphiql-query-editor");
  }

  get variablesEditor(): Locator {
    return this.page.locator(".graphiql-editor-tool .graphiql-editor").first();
  }

  /** The variables editor's text without whitespace (its lines only, not their numbers). */
  async compactVariables(): Promise<string> {
    return ((await this.variablesEditor.locator(".view-lines").textContent()) ?? "").replace(/\s/g, "");
  }

  /** The rendered (visible) lines of the result pane. */
  get result(): Locator {
    return this.page.locator(".graphiql-response .view-lines");
  }

  /**
   * The visible result text without whitespace: Monaco wraps long lines and pads
   * the wrapped part, and JSON keys hold no whitespace, so this can be matched.
   */
  async compactResult(): Promise<string> {
    return ((await this.result.textContent()) ?? "").replace(/\s/g, "");
  }

  get runButton(): Locator {
    return this.page.locator(".graphiql-execute-button");
  }

  get docs(): Locator {
    return this.page.locator(".graphiql-doc-explorer");
  }

  /** GraphiQL's sidebar button that opens (or closes) the documentation pane. */
  get docsButton(): Locator {
    return this.page
      .locator(".graphiql-sidebar")
      .getByRole("button", { name: /^(Show|Hide) Documentation Explorer$/ });
  }

  async openDocs(): Promise<void> {
    await this.page
      .locator(".graphiql-sidebar")
      .getByRole("button", { name: "Show Documentation Explorer" })
      .click();
    await expect(this.docs).toBeVisible();
  }

  /** The first line of the query editor as Monaco draws it (its lines are not in document order). */
  firstQueryLine(): Locator {
    return this.queryEditor
      .locator(".view-line")
      .filter({ hasText: /^\s*query\s/ })
      .first();
  }

  /** Clicks run and returns the /graphql response of the named operation. */
  async run(operationName: string): Promise<Response> {
    const response = this.page.waitForResponse(
      (r) =>
        r.url().endsWith("/graphql") &&
        r.request().method() === "POST" &&
        String(r.request().postDataJSON()?.query ?? "").includes(`query ${operationName}`),
    );
    await this.runButton.click();
    return response;
  }
}
