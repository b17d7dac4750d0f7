import { expect, test } from "./support/cookies";
import { GeneSearchPage } from "./support/gene-search.page";
import { isAnswerOf } from "./support/graphql-request";

test("the web's GraphQL reads are GETs by hash (automatic persisted queries); the visit mutation stays POST", async ({
  page,
}) => {
  const requests: { method: string; url: URL; body: string | null }[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/graphql")
      requests.push({ method: request.method(), url, body: request.postData() });
  });
  // The visit is recorded when the page is idle: awaited as the event it is (the page, arriving with its
  // results, can be network-idle before it).
  const visit = page.waitForRequest(
    (r) => r.method() === "POST" && /"operationName":"RecordVisit"/.test(r.postData() ?? ""),
  );
  await page.goto("/gene-search?q=DLG4");
  await expect(page.getByText("DLG4").first()).toBeVisible();
  await visit;
  await page.waitForLoadState("networkidle");

  const reads = requests.filter((r) => r.method === "GET");
  expect(reads.length).toBeGreaterThan(0);
  for (const read of reads) {
    const extensions = JSON.parse(read.url.searchParams.get("extensions") ?? "{}");
    expect(extensions.persistedQuery?.sha256Hash).toMatch(/^[0-9a-f]{64}$/);
  }
  // A POST registers a query's text under its hash, or is the visit mutation (hash first, text if unknown).
  for (const post of requests.filter((r) => r.method === "POST")) {
    const body = JSON.parse(post.body ?? "{}");
    expect(body.extensions?.persistedQuery?.sha256Hash).toMatch(/^[0-9a-f]{64}$/);
    if (body.operationName !== "RecordVisit") expect(String(body.query)).toMatch(/^\s*query /);
  }
  expect(
    requests.some((r) => r.method === "POST" && /"operationName":"RecordVisit"/.test(r.body ?? "")),
  ).toBe(true);

  // The search's own query is not among them: the page arrived with its results and their cache
  // (gateway/http/web-pages.ts). A search made in the page asks by hash (the server may first learn
  // the text by POST); made again after a reload, its GET is answered from the gateway's cache with
  // caching headers. The search's own answer is awaited: the footer's live visit counts (never cached)
  // may answer first.
  expect(reads.some((r) => r.url.searchParams.get("operationName") === "GeneSearch")).toBe(false);
  const gs = new GeneSearchPage(page);
  const searchInPage = async () => {
    await gs.goto();
    const answer = page.waitForResponse((r) => isAnswerOf(r, "GeneSearch"));
    await gs.searchInput.fill("DLG4");
    await gs.searchInput.press("Enter");
    return answer;
  };
  await searchInPage();
  const cached = await searchInPage();
  expect(cached.request().method()).toBe("GET");
  expect(cached.headers()["cache-control"]).toBe("public, max-age=300");
  expect(cached.headers().etag).toBeTruthy();
});
