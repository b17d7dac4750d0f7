import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MCP_TOOL_NAMES } from "../../gateway/mcp/tools";
import { ENTITY_PAGE_PREFIXES } from "../../schema/entity-address";
import { testDatabases } from "./databases";
import { type RunningPortal, sharedPortal } from "./portal";

describe.each(testDatabases)("/llms.txt on $kind", (db) => {
  let api: RunningPortal;
  let text: string;
  let contentType: string | null;

  beforeAll(async () => {
    api = await sharedPortal(db);
    const response = await api.get("/llms.txt");
    expect(response.status).toBe(200);
    contentType = response.headers.get("content-type");
    text = await response.text();
  });
  afterAll(async () => {
    await api?.close();
  });

  it("is plain text in the llms.txt layout: an H1, a summary quote, then sections of links", () => {
    expect(contentType).toBe("text/plain; charset=utf-8");
    const lines = text.split("\n");
    expect(lines[0]).toMatch(/^# \S/);
    expect(lines.filter((line) => line.startsWith("# "))).toHaveLength(1);
    expect(lines.find((line) => line !== "" && !line.startsWith("# "))).toMatch(/^> \S/);
    const sections = lines.filter((line) => line.startsWith("## ")).map((line) => line.slice(3));
    expect(sections).toEqual(["Screens", "Record pages", "APIs", "Data package", "MCP tools", "Optional"]);
  });

  it("names the OpenAPI document, GraphQL, the data package and every MCP tool", () => {
    expect(text).toContain(`(${api.baseUrl}/api/openapi.json)`);
    expect(text).toContain("/graphql");
    expect(text).toContain(`(${api.baseUrl}/api/datapackage.json)`);
    expect(text).toContain(`(${api.baseUrl}/api/datapackage.zip)`);
    expect(text).toContain(`POST ${api.baseUrl}/mcp`);
    for (const name of MCP_TOOL_NAMES) expect(text).toContain(`- ${name} (`);
  });

  it("names the address pattern of every kind of record page, and the sitemap", () => {
    for (const prefix of Object.values(ENTITY_PAGE_PREFIXES))
      expect(text).toMatch(new RegExp(`^- ${api.baseUrl}/${prefix}/\\{[^}]+\\}: `, "m"));
    expect(text).toContain(`(${api.baseUrl}/sitemap.xml)`);
    // Their JSON-LD, and the catalog's on / and /data, by content negotiation.
    expect(text).toMatch(/address answers that JSON-LD alone/);
    expect(text).toContain(`${api.baseUrl}/data carry the release as a schema.org Dataset`);
  });

  it("lists only links that answer 200", async () => {
    const links = [...text.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(15);
    // The descriptor's first answer measures every row of every bulk file (a minute of CPU on a release
    // nobody measured yet): its 200 at this path of the gateway's origin is data-package.test.ts's first
    // check (and openapi.test.ts's), so here it is only found among the links, at that address.
    const descriptor = `${api.baseUrl}/api/datapackage.json`;
    expect(links).toContain(descriptor);
    for (const link of links) {
      expect(link.startsWith(api.baseUrl), link).toBe(true);
      if (link === descriptor) continue;
      // GET, read no further than the status: the archive is large (it stops when its reader leaves).
      const response = await fetch(link);
      expect(response.status, link).toBe(200);
      await response.body?.cancel();
    }
  });
});
