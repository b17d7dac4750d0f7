import { type Page } from "@playwright/test";
import { expect, test } from "./support/shared-page";
import { expectRowCount } from "./support/table-rows";
import { reviewShot } from "./support/visual";

interface SchemaResponse {
  data: {
    databaseSchema: {
      kinds: { key: string; label: string }[];
      tables: {
        name: string;
        kind: string;
        rowCount: number;
        columns: { name: string; primary: boolean }[];
      }[];
      relations: { fromTable: string; fromColumn: string; toTable: string; toColumn: string }[];
    };
  };
}

async function fetchSchema(page: Page) {
  const response = await page.request.post("/graphql", {
    data: {
      query:
        "{ databaseSchema { kinds { key label } tables { name kind rowCount columns { name primary } } relations { fromTable fromColumn toTable toColumn } } }",
    },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as SchemaResponse).data.databaseSchema;
}

for (const width of [1366, 390] as const) {
  test.describe(`ER diagram at ${width}px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 900 : 844 } });

    test("draws every table and reference of the live schema, with the legend and a text list", async ({
      sharedPage: page,
    }) => {
      const errors: string[] = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      page.on("pageerror", (e) => errors.push(e.message));
      const schema = await fetchSchema(page);
      await page.goto("/SynapticERDiagram");
      await expect(page).toHaveTitle("Synaptic Proteomic Database - ER Diagram");
      await expect(
        page.getByRole("heading", { level: 1, name: "Synaptic Proteomic Database - ER Diagram" }),
      ).toBeVisible();
      const legend = page.getByTestId("er-legend");
      for (const label of [
        "Core tables",
        "Junction tables",
        "External CSV source",
        "API integration",
        "Gene Ontology tables",
      ]) {
        await expect(legend).toContainText(label);
      }
      const svg = page.getByTestId("er-svg");
      await expect(svg).toBeVisible();
      await expect(svg.locator("g.er-box")).toHaveCount(schema.tables.length);
      for (const table of schema.tables) {
        await expect(svg.locator(`g.er-box[data-table="${table.name}"]`)).toHaveCount(1);
        // Primary keys are marked in the box.
        if (table.columns.some((c) => c.primary)) {
          await expect(svg.locator(`g.er-box[data-table="${table.name}"] .er-key-pk`).first()).toHaveText(
            "PK",
          );
        }
      }
      await expect(page.getByTestId("er-edges").locator("g.er-edge")).toHaveCount(schema.relations.length);
      for (const r of schema.relations) {
        await expect(
          page.locator(`[data-relation="${r.fromTable}.${r.fromColumn}->${r.toTable}.${r.toColumn}"]`),
        ).toHaveCount(1);
      }
      // Text alternative: one row per table, with its row count.
      const list = page.getByTestId("er-table-list");
      for (const table of schema.tables) {
        const row = list.getByTestId(`er-row-${table.name}`);
        await expect(row).toContainText(table.name);
        await expectRowCount(row.locator('td[data-label="Rows"]'), table);
      }
      // The drawing scrolls inside its frame on a phone; the page itself does not overflow.
      const scroll = page.getByTestId("er-scroll");
      const overflow = await scroll.evaluate((el) => el.scrollWidth > el.clientWidth);
      expect(overflow).toBe(width < 600);
      const pageOverflow = await page.evaluate(
        () => document.documentElement.scrollWidth > window.innerWidth,
      );
      expect(pageOverflow).toBe(false);
      // Hovering a table brings its lines to the front.
      if (width > 600) {
        await svg.locator('g.er-box[data-table="paper_gene"]').hover();
        const own = schema.relations.filter(
          (r) => r.fromTable === "paper_gene" || r.toTable === "paper_gene",
        );
        await expect(svg.locator(".er-edges.is-highlighted g.er-edge")).toHaveCount(own.length);
        await page.mouse.move(1, 1);
      }
      await reviewShot(page, `er-diagram-${width}`, { fullPage: width > 600 });
      if (width < 600) {
        await list.getByTestId("er-row-gene").scrollIntoViewIfNeeded();
        await reviewShot(page, "er-diagram-list-390");
      }
      if (width > 600)
        await reviewShot(svg, "er-diagram-svg", {
          style: "header, .site-nav, .navbar { visibility: hidden !important; }",
        });
      expect(errors).toEqual([]);
    });
  });
}
