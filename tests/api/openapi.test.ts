import { validate } from "@readme/openapi-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restRoutes } from "../../gateway/rest/routes/index";
import { testDatabases } from "./databases";
import { type RunningPortal, startPortal } from "./portal";

describe.each(testDatabases.slice(0, 1))("OpenAPI document on $kind", (db) => {
  let api: RunningPortal;
  beforeAll(async () => {
    api = await startPortal(db);
  });
  afterAll(async () => {
    await api?.close();
  });

  it("is a valid OpenAPI 3 document listing every REST route", async () => {
    const { status, body } = await api.json<{
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
      info: { description: string };
    }>("/api/openapi.json");
    expect(status).toBe(200);
    expect(body.openapi).toBe("3.0.3");
    const result = await validate(structuredClone(body) as never);
    expect(result.valid, JSON.stringify(result)).toBe(true);
    for (const route of restRoutes) {
      const path = route.path.replace(/:(\w+)/g, "{$1}");
      expect(body.paths[path]?.[route.method.toLowerCase()], `${route.method} ${path}`).toBeDefined();
    }
    expect(body.info.description).toContain("0.1.0");
  });
});
