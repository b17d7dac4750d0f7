import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";

export interface ApiChapter {
  chapter: string;
  name: string;
  description: string;
  disease_count: number;
  gene_count: number;
}

export interface ApiChapterGene {
  gene_name: string;
  entrez_id: number;
  full_name: string | null;
  alias: string[];
  location: string | null;
}

export interface ApiChapterDisease {
  name: string;
  omim_id: number | null;
  description: string | null;
  inheritance: string | null;
  icd_code: string | null;
  gene_count: number;
  genes: ApiChapterGene[];
}

export interface ApiChapterDetail extends ApiChapter {
  specific_chapter: string;
  diseases: ApiChapterDisease[];
}

/** The chapters and a chapter's detail, straight from the REST API (the expected values of the tests). */
export async function apiChapters(request: APIRequestContext): Promise<ApiChapter[]> {
  const response = await request.get("/api/disease-classifications");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: ApiChapter[] }).data;
}

export async function apiChapter(request: APIRequestContext, chapter: string): Promise<ApiChapterDetail> {
  const response = await request.get(`/api/disease-classifications/chapter/${chapter}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: ApiChapterDetail }).data;
}

/** Page object of the ICD-11 classification explorer (/disease-classifications). */
export class IcdExplorerPage {
  constructor(readonly page: Page) {}

  async goto(search = ""): Promise<void> {
    await this.page.goto(`/disease-classifications${search}`);
    await expect(
      this.page.getByRole("heading", { level: 1, name: "International Classification of Diseases" }),
    ).toBeVisible();
    await expect(this.page.getByTestId("icd-chart")).toBeVisible();
  }

  bars(series: "genes" | "diseases"): Locator {
    return this.page.getByTestId("icd-chart").locator(`rect[data-testid^="bar.item.${series}."]`);
  }

  get featured(): Locator {
    return this.page.getByTestId("featured-chapter");
  }

  get allChapters(): Locator {
    return this.page.getByTestId("chapter-card");
  }

  get dialog(): Locator {
    return this.page.getByTestId("chapter-dialog");
  }

  get search(): Locator {
    return this.dialog.getByTestId("chapter-search");
  }

  get diseases(): Locator {
    return this.dialog.getByTestId("chapter-disease");
  }

  /** Waits until the dialog shows the chapter's loaded detail. */
  async expectDialogFor(chapter: ApiChapter): Promise<void> {
    await expect(this.dialog).toBeVisible();
    await expect(this.dialog.getByTestId("dialog-chapter-number")).toHaveText(`Chapter ${chapter.chapter}`);
    await expect(this.dialog.getByTestId("dialog-chapter-name")).toHaveText(chapter.name);
    await expect(this.dialog.getByTestId("dialog-disease-count")).toHaveText(
      chapter.disease_count.toLocaleString("en-US"),
    );
    await expect(this.dialog.getByTestId("dialog-gene-count")).toHaveText(
      chapter.gene_count.toLocaleString("en-US"),
    );
  }
}
