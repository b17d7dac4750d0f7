import type { APIRequestContext } from "@playwright/test";
import { DetailSearchPage } from "./support/detail-search.page";
import { GeneSearchPage } from "./support/gene-search.page";
import { SearchBoxObject } from "./support/search-box.page";
import { expect, test } from "./support/shared-page";

/*
 * Issue 22: a protein-name lookup adds its genes to the normal search, in one ranked list, on the
 * gene search page, in the navigation box and in the disease gene filter. Expected lists are read
 * from the REST API of the same gateway; the rule itself is pinned by tests/api/search-rule.test.ts.
 */

interface SearchBody {
  data: { HumanName: string; protein_derived: boolean }[];
  pagination: { total: number };
}

async function geneSearch(request: APIRequestContext, q: string): Promise<SearchBody> {
  const response = await request.get(`/api/gene/search?q=${encodeURIComponent(q)}&pageSize=10`);
  expect(response.status()).toBe(200);
  return (await response.json()) as SearchBody;
}

test.describe("one ranked gene list", () => {
  for (const q of ["CAMK2", "SYN", "DLG4", "kinase"])
    test(`the gene search page shows the server's list for ${q}, with the count it states`, async ({
      sharedPage: page,
      request,
    }) => {
      const expected = await geneSearch(request, q);
      const gs = new GeneSearchPage(page);
      await gs.goto(q);
      await expect(gs.cards).toHaveCount(expected.data.length);
      expect(await gs.cards.evaluateAll((cards) => cards.map((c) => c.getAttribute("data-gene")))).toEqual(
        expected.data.map((g) => g.HumanName),
      );
      const total = expected.pagination.total;
      await expect(page.getByTestId("results-count")).toContainText(
        `${total.toLocaleString("en")} gene${total === 1 ? "" : "s"} found for`,
      );
      for (const [i, gene] of expected.data.entries())
        await expect(gs.cards.nth(i).getByTestId("protein-name-tag")).toHaveCount(
          gene.protein_derived ? 1 : 0,
        );
    });

  test("CAMK2 lists the whole family; SYN puts the synapsins first; DLG4 is first for DLG4", async ({
    sharedPage: page,
  }) => {
    const gs = new GeneSearchPage(page);
    const shown = () => gs.cards.evaluateAll((cards) => cards.map((c) => c.getAttribute("data-gene")));
    await gs.goto("CAMK2");
    await expect(gs.cards.first()).toBeVisible();
    expect(await shown()).toEqual(
      expect.arrayContaining(["CAMK2A", "CAMK2B", "CAMK2D", "CAMK2G", "CAMK2N2"]),
    );
    await gs.goto("SYN");
    await expect(gs.cards.first()).toBeVisible();
    expect((await shown()).slice(0, 3)).toEqual(["SYN1", "SYN2", "SYN3"]);
    await gs.goto("DLG4");
    await expect(gs.cards.first()).toHaveAttribute("data-gene", "DLG4");
  });

  test("a protein name's genes carry the 'protein name' tag", async ({ sharedPage: page, request }) => {
    const expected = await geneSearch(request, "synaptophysin");
    expect(expected.data[0]).toMatchObject({ HumanName: "SYP", protein_derived: true });
    const gs = new GeneSearchPage(page);
    await gs.goto("synaptophysin");
    await expect(gs.card("SYP").getByTestId("protein-name-tag")).toHaveText("protein name");
    await expect(page.getByTestId("protein-status")).toHaveText(
      "Protein name “synaptophysin” also matches 1 gene: SYP (included in the results).",
    );
  });

  test("the navigation box suggests DLG4 first and its submit shows DLG4 first", async ({
    sharedPage: page,
  }) => {
    await page.goto("/");
    const nav = await SearchBoxObject.nav(page);
    await nav.input.fill("DLG4");
    await expect(nav.options.first()).toBeVisible();
    await expect(nav.options.first()).toContainText("DLG4");
    // LLGL1 (an alias DLG4) may join the list, never above DLG4.
    const texts = await nav.options.allTextContents();
    const llgl1 = texts.findIndex((t) => t.includes("LLGL1"));
    expect(llgl1 === -1 || llgl1 > 0).toBe(true);
    await nav.input.press("Enter");
    await page.waitForURL((url) => url.pathname === "/gene-search" && url.searchParams.get("q") === "DLG4");
    await expect(new GeneSearchPage(page).cards.first()).toHaveAttribute("data-gene", "DLG4");
  });

  test("the epilepsy gene filter lists the SCN family for SCN, and says what it searched when nothing matches", async ({
    sharedPage: page,
    request,
  }) => {
    const hdoid = "DOID:1826";
    const api = (await (
      await request.get(`/api/disease/genes/filter?hdoid=${hdoid}&term=SCN&mode=all&pageSize=20`)
    ).json()) as { data: { humanName: string }[]; pagination: { total: number; totalFiltered: number } };
    expect(api.data.map((g) => g.humanName)).toContain("SCN1A");

    const ds = DetailSearchPage.disease(page);
    await ds.goto(`q=${hdoid}`);
    const card = await ds.expand(hdoid);
    const panel = card.getByTestId("panel-genes");
    await panel.getByTestId("genes-mode").selectOption("all");
    await panel.getByTestId("genes-filter").fill("SCN");
    await expect(panel.getByTestId("genes-summary")).toContainText(
      `${api.pagination.totalFiltered} gene${api.pagination.totalFiltered === 1 ? "" : "s"} matching “SCN”`,
    );
    await expect(panel.getByTestId("gene-link")).toHaveText(api.data.map((g) => g.humanName));
    await expect(panel.getByTestId("protein-status")).toContainText("Protein name “SCN” also matches");

    await panel.getByTestId("genes-filter").fill("zzqqxx");
    await expect(panel.getByTestId("tab-empty")).toHaveText(
      `No genes match “zzqqxx” among the ${api.pagination.total.toLocaleString("en")} genes of this disease.`,
    );
  });
});
