import { serverAudits } from "graphql-http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "./databases";
import { type RunningPortal, sharedPortal } from "./portal";

// The GraphQL-over-HTTP conformance audits of the graphql-http package, against the running gateway.
const audits = serverAudits({ url: () => `${baseUrl}/graphql`, fetchFn: fetch });
let baseUrl = "";

describe.each(testDatabases.slice(0, 1))("GraphQL over HTTP audits on $kind", (db) => {
  let api: RunningPortal;
  beforeAll(async () => {
    api = await sharedPortal(db);
    baseUrl = api.baseUrl;
  });
  afterAll(async () => {
    await api?.close();
  });

  it.each(audits.map((audit) => [audit.name, audit] as const))("%s", async (_name, audit) => {
    const result = await audit.fn();
    // MUST audits have to pass; SHOULD/MAY audits may only warn, never error.
    if (audit.name.startsWith("MUST"))
      expect(result.status, "response" in result ? result.reason : "").toBe("ok");
    else expect(result.status, "response" in result ? result.reason : "").not.toBe("error");
  });
});
