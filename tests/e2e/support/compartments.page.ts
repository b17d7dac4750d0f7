import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";

export interface ApiProtein {
  paperCount: number;
  frequency: string;
  gene: {
    id: number;
    humanName: string;
    humanEntrez: number | null;
    mouseEntrez: number | null;
    ratEntrez: number | null;
    mgi: string | null;
    uniprotId: string | null;
  };
}

/** One GraphQL query through the public endpoint (the expected values of a test come from the API). */
export async function graphql<T>(request: APIRequestContext, query: string, variables?: object): Promise<T> {
  const response = await request.post("/graphql", { data: { query, variables } });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

export async function apiCompartments(request: APIRequestContext) {
  const data = await graphql<{ compartments: { compartment: string; proteinCount: number }[] }>(
    request,
    "{ compartments { compartment proteinCount } }",
  );
  return data.compartments;
}

export async function apiProteins(request: APIRequestContext, compartment: string): Promise<ApiProtein[]> {
  const data = await graphql<{ compartmentProteins: ApiProtein[] }>(
    request,
    `query($c: CompartmentName!) { compartmentProteins(compartment: $c) {
      paperCount frequency gene { id humanName humanEntrez mouseEntrez ratEntrez mgi uniprotId }
    } }`,
    { c: compartment },
  );
  return data.compartmentProteins;
}

export const fmt = (n: number) => n.toLocaleString("en-US");

/** Page object of the compartment cards and the proteins panel (home page and compartments screen). */
export class CompartmentPanel {
  constructor(readonly page: Page) {}

  card(compartment: string): Locator {
    return this.page.locator(`[data-testid="compartment-card"][data-compartment="${compartment}"]`);
  }

  get panel(): Locator {
    return this.page.getByTestId("compartment-panel");
  }
  get title(): Locator {
    return this.panel.getByTestId("compartment-panel-title");
  }
  get search(): Locator {
    return this.panel.getByPlaceholder("Search by gene name, Entrez ID, or MGI ID...");
  }
  get frequency(): Locator {
    return this.panel.getByTestId("compartment-frequency");
  }
  get rows(): Locator {
    return this.panel.getByTestId("protein-row");
  }
  get range(): Locator {
    return this.panel.getByTestId("proteins-range");
  }
  get pager(): Locator {
    return this.panel.getByTestId("proteins-pager");
  }
  sortButton(column: "HumanName" | "HumanEntrez" | "paper_count"): Locator {
    return this.panel.getByTestId(`sort-${column}`);
  }

  async symbols(): Promise<string[]> {
    return this.rows.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-gene") ?? ""));
  }

  async paperCounts(): Promise<number[]> {
    return (await this.panel.getByTestId("protein-paper-count").allTextContents()).map(Number);
  }

  async open(compartment: string): Promise<void> {
    await this.card(compartment).click();
    await expect(this.panel).toHaveAttribute("data-compartment", compartment);
    // The largest compartment (thousands of rows) may take a while on a busy machine.
    await expect(this.rows.first()).toBeVisible({ timeout: 45_000 });
  }
}
