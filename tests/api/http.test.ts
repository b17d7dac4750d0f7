import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SQL_STATS_HEADER } from "../../gateway/db/query-counter";
import { WRITE_RATE_LIMIT } from "../../gateway/http/security";
import { testDatabases } from "./databases";
import { type RunningPortal, startPortal } from "./portal";

describe.each(testDatabases.slice(0, 1))("HTTP behaviour on $kind", (db) => {
  let api: RunningPortal;
  beforeAll(async () => {
    api = await startPortal(db);
  });
  afterAll(async () => {
    await api?.close();
  });

  it("sends security headers with a Content-Security-Policy", async () => {
    const response = await api.get("/api/gene/search?q=DLG4");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("sends the same security headers on every kind of answer: page, asset, API, cached repeat, 304, error, GraphQL", async () => {
    const html = await (await api.get("/")).text();
    const entry = html.match(/<script type="module" crossorigin src="([^"]+)"/)?.[1];
    expect(entry).toMatch(/^\/assets\//);
    const first = await api.get("/api/gene/search?q=DLG4");
    const answers = [
      await api.get("/"),
      await api.get("/explorer"),
      await api.get(entry!),
      first,
      await api.get("/api/gene/search?q=DLG4"), // from the response cache
      await fetch(`${api.baseUrl}/api/gene/search?q=DLG4`, {
        headers: { "if-none-match": first.headers.get("etag")! },
      }),
      await api.get("/api/no-such-endpoint"),
      await api.get(`/api/gene/search?q=${"x".repeat(5000)}`),
      await fetch(`${api.baseUrl}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: "{ __typename }" }),
      }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 304, 404, 414, 200]);
    for (const answer of answers) {
      expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(answer.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    }
  });

  it("compresses large responses", async () => {
    const response = await fetch(`${api.baseUrl}/api/gene/1/tab/syngo`, {
      headers: { "accept-encoding": "gzip" },
    });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(((await response.json()) as { data: unknown[] }).data.length).toBeGreaterThan(10);
  });

  it("answers a repeat view with 304 from the ETag, before any SQL runs", async () => {
    const first = await api.get("/api/gene/search?q=DLG4");
    const tag = first.headers.get("etag");
    expect(tag).toMatch(/^"[\w.-]+-0\.1\.0-[\w-]{16}"$/);
    expect(first.headers.get("cache-control")).toBe("public, max-age=300");
    const again = await fetch(`${api.baseUrl}/api/gene/search?q=DLG4`, {
      headers: { "if-none-match": tag!, [SQL_STATS_HEADER]: "1" },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("x-sql-queries")).toBe("0");
    const other = await api.get("/api/gene/search?q=CAMK2A");
    expect(other.headers.get("etag")).not.toBe(tag);
  });

  it("counts SQL statements only for requests that ask (x-sql-stats: 1)", async () => {
    // A disease search runs SQL (a gene search is answered from memory: the search index and the held genes).
    const url = `${api.baseUrl}/api/disease/search?q=autism&pageSize=3`;
    const plain = await fetch(url);
    expect(plain.status).toBe(200);
    expect(plain.headers.get("x-sql-queries")).toBeNull();
    const counted = await fetch(`${url}&counted=1`, { headers: { [SQL_STATS_HEADER]: "1" } });
    expect(Number(counted.headers.get("x-sql-queries"))).toBeGreaterThan(0);
    // Asked for again after a count has ended: counting still works when the storage was turned off.
    const again = await fetch(`${url}&counted=2`, { headers: { [SQL_STATS_HEADER]: "1" } });
    expect(again.headers.get("x-sql-queries")).toBe(counted.headers.get("x-sql-queries"));
  });

  it("never caches live statistics", async () => {
    const response = await api.get("/api/stats/visits");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("etag")).toBeNull();
  });

  it("limits visit writes per client with standard RateLimit headers, REST and GraphQL alike", async () => {
    const post = () =>
      fetch(`${api.baseUrl}/api/stats/record-visit`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ path: "/", visitorId: "rate-limit-test" }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < WRITE_RATE_LIMIT.max; i++) statuses.push((await post()).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("ratelimit-limit")).toBe(String(WRITE_RATE_LIMIT.max));
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    expect(await refused.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/^Too many requests/),
    });

    const mutation = 'mutation { recordVisit(path: "/", visitorId: "rate-limit-test") }';
    const accepted: number[] = [];
    for (let i = 0; i < WRITE_RATE_LIMIT.max; i++) accepted.push((await api.graphql(mutation)).status);
    expect(accepted.every((s) => s === 200)).toBe(true);
    const last = await api.graphql(mutation);
    expect(last.status).toBe(429);
    expect(last.body.errors?.[0]?.extensions?.code).toBe("RATE_LIMITED");
    // Reads are never limited.
    expect((await api.get("/api/consensus/genes")).status).toBe(200);
  });

  it("refuses an oversized body with the error envelope", async () => {
    const response = await fetch(`${api.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: `{ __typename }${" ".repeat(70_000)}` }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ success: false });
  });

  describe("the web app's pages (reads the web build: npm run build)", () => {
    it("sends a screen prerendered, compressed, never cached, marked as a sample dataset", async () => {
      const response = await fetch(`${api.baseUrl}/gene-search?q=DLG4`, {
        headers: { "accept-encoding": "br" },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("content-encoding")).toBe("br");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      const html = await response.text();
      expect(html).toMatch(/<html data-sample-dataset /); // the bundled release has synthetic rows
      expect(html).toMatch(/<title>Gene Search[^<]*<\/title>/);
      expect(html).toMatch(/<h1[^>]*>Gene Search<\/h1>/);
    });

    it("renders a screen's address with a query string for that query, so the browser can hydrate it", async () => {
      const searchBox = (html: string) => html.match(/<input[^>]*class="search-box-input"[^>]*>/)?.[0] ?? "";
      const bare = await (await api.get("/gene-search")).text();
      expect(searchBox(bare)).toContain('value=""');
      for (const term of ["DLG4", '<b>"Shank3" & co</b>']) {
        const page = await (await api.get(`/gene-search?q=${encodeURIComponent(term)}`)).text();
        const escaped = term
          .replace(/&/g, "&amp;")
          .replace(/</g, "&lt;")
          .replace(/>/g, "&gt;")
          .replace(/"/g, "&quot;");
        expect(searchBox(page)).toContain(`value="${escaped}"`);
        expect(page).not.toContain("<b>");
        // The same page around #root: stylesheets, the app's chunks, the title and the sample mark.
        expect(page.slice(0, page.indexOf('<div id="root">'))).toBe(
          bare.slice(0, bare.indexOf('<div id="root">')),
        );
      }
      // An address that is not a prerendered screen keeps the empty shell, query string or not.
      expect(await (await api.get("/explorer?query=%7B%7D")).text()).toContain('<div id="root"></div>');
    });

    it("matches screens without regard to case or a trailing slash; the explorer gets the plain shell", async () => {
      const screen = await api.get("/Gene-Search/");
      expect(screen.status).toBe(200);
      expect(await screen.text()).toMatch(/<h1[^>]*>Gene Search<\/h1>/);
      const explorer = await api.get("/explorer");
      expect(explorer.status).toBe(200);
      expect(await explorer.text()).toContain('<div id="root"></div>');
    });

    it("answers a path that is no route 404 with the server-rendered Not Found screen for that path", async () => {
      for (const url of ["/no/such/page", "/gene-searchx?q=DLG4", "/genes"]) {
        const unknown = await api.get(url);
        expect(unknown.status, url).toBe(404);
        expect(unknown.headers.get("content-type")).toBe("text/html; charset=utf-8");
        const html = await unknown.text();
        expect(html).toContain("<title>Page Not Found</title>");
        expect(html).toMatch(/<h1[^>]*>Page Not Found<\/h1>/);
        expect(html).toContain(`There is no page at <code>${url.split("?")[0]}</code>`);
        // The app's scripts are linked: the browser hydrates the Not Found screen.
        expect(html).toMatch(/<script type="module" crossorigin src="\/assets\//);
      }
    });

    it("answers a page address over the limit 414 with the portal's static error page, the API in JSON", async () => {
      const page = await api.get(`/gene-search?q=${"x".repeat(5000)}`);
      expect(page.status).toBe(414);
      expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
      const html = await page.text();
      expect(html).toContain("<title>Address Too Long</title>");
      expect(html).toMatch(/<h1[^>]*>Address Too Long<\/h1>/);
      expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/[^"]+\.css">/);
      expect(html).not.toContain("<script");
      expect(html).not.toContain('"success"');
      const longPath = await api.get(`/${"p".repeat(5000)}`);
      expect(longPath.status).toBe(414);
      expect(await longPath.text()).toContain("Address Too Long");
      const rest = await api.get(`/api/gene/search?q=${"x".repeat(5000)}`);
      expect(rest.status).toBe(414);
      expect(await rest.json()).toEqual({
        success: false,
        message: "The query string is too long (4096 characters at most)",
      });
    });

    it("sends assets precompressed and immutable; a missing asset is a 404, not a page", async () => {
      const html = await (await api.get("/")).text();
      const entry = html.match(/<script type="module" crossorigin src="([^"]+)"/)?.[1];
      expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
      const asset = await fetch(`${api.baseUrl}${entry}`, { headers: { "accept-encoding": "br" } });
      expect(asset.headers.get("content-encoding")).toBe("br");
      expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect((await asset.text()).length).toBeGreaterThan(1000);
      const missing = await api.get("/assets/index-missing.js");
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ success: false, message: "Not found" });
    });
  });
});
