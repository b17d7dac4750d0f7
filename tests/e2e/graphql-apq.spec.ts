import { expect, test } from "./support/cookies";

test("the web's GraphQL reads are GETs by hash (automatic persisted queries); the visit mutation stays POST", async ({
  page,
}) => {
  const requests: { method: string; url: URL; body: string | null }[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/graphql")
      requests.push({ method: request.method(), url, body: request.postData() });
  });
  await page.goto("/gene-search?q=DLG4");
  await expect(page.getByText("DLG4").first()).toBeVisible();
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

  // A reload asks by hash again: answered from the gateway's cache with caching headers. The search's
  // own query is awaited: the footer's live visit counts (never cached) may answer first.
  const [cached] = await Promise.all([
    page.waitForResponse(
      (r) =>
        r.url().includes("/graphql?") &&
        new URL(r.url()).searchParams.get("operationName") === "GeneSearch" &&
        r.request().method() === "GET" &&
        r.status() === 200,
    ),
    page.reload(),
  ]);
  expect(cached.headers()["cache-control"]).toBe("public, max-age=300");
  expect(cached.headers().etag).toBeTruthy();
});
