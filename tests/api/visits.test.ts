import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StatsService } from "../../gateway/services/stats.service";
import { Visit } from "../../schema";
import { testDatabases } from "./databases";
import type { Envelope } from "./envelope";
import { type RunningPortal, startPortal } from "./portal";

const RECORD_VISIT = `mutation RecordVisit($path: String!, $visitorId: String!, $visitId: String) {
  recordVisit(path: $path, visitorId: $visitorId, visitId: $visitId)
}`;
const BAD_ID_MESSAGE = "visitId must be a UUID: 8-4-4-4-12 hexadecimal digits";

// A visit carries its page view's id (visitId, unique in the visit table): whatever sends it again (nginx
// passing the POST to the next gateway, a client retry) stores it once. Without an id, every call is stored.
describe.each(testDatabases)("idempotent visits on $kind", (db) => {
  let api: RunningPortal;
  beforeAll(async () => {
    api = await startPortal(db);
  });
  afterAll(async () => {
    await api?.close();
  });

  const visitorId = `visits-test-${db.kind}`;
  /** A path no other test (or file) records: the rows stored for it are this test's alone. */
  const pathOf = (name: string) => `/visits-test/${db.kind}/${name}/${randomUUID()}`;

  const viaRest = async (body: Record<string, unknown>) => {
    const response = await fetch(`${api.baseUrl}/api/stats/record-visit`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Envelope<null> };
  };
  const viaGraphql = (variables: Record<string, unknown>) =>
    api.graphql<{ recordVisit: boolean }>(RECORD_VISIT, variables);
  const recordedRest = async (body: Record<string, unknown>) =>
    expect(await viaRest(body)).toEqual({
      status: 200,
      body: { success: true, message: "Visit recorded", data: null },
    });
  const recordedGraphql = async (variables: Record<string, unknown>) => {
    const { status, body } = await viaGraphql(variables);
    expect(status).toBe(200);
    expect(body).toEqual({ data: { recordVisit: true } });
  };

  /** Rows stored (on the primary, after every buffered visit is written). */
  const stored = async (where: { path: string } | { visitId: string }) => {
    await api.portal.services.stats.flush();
    return api.portal.dataSource.getRepository(Visit).countBy(where);
  };

  it("stores a visit sent twice with the same id once, by GraphQL, by REST and by both", async () => {
    const graphqlPath = pathOf("graphql-twice");
    const graphqlId = randomUUID();
    for (let i = 0; i < 2; i++) await recordedGraphql({ path: graphqlPath, visitorId, visitId: graphqlId });
    expect(await stored({ path: graphqlPath })).toBe(1);

    const restPath = pathOf("rest-twice");
    const restId = randomUUID();
    for (let i = 0; i < 2; i++) await recordedRest({ path: restPath, visitorId, visitId: restId });
    expect(await stored({ path: restPath })).toBe(1);

    // The same view through both facades, the second time in upper case: one row, its id in lower case.
    const bothPath = pathOf("both");
    const bothId = randomUUID();
    await recordedGraphql({ path: bothPath, visitorId, visitId: bothId });
    await recordedRest({ path: bothPath, visitorId, visitId: bothId.toUpperCase() });
    expect(await stored({ path: bothPath })).toBe(1);
    expect(await stored({ visitId: bothId })).toBe(1);
  });

  it("stores one row for copies of a visit sent at once, and for copies within one buffered batch", async () => {
    const path = pathOf("concurrent");
    const visitId = randomUUID();
    await Promise.all(Array.from({ length: 8 }, () => recordedRest({ path, visitorId, visitId })));
    expect(await stored({ path })).toBe(1);

    // A service of its own, to hold a batch deterministically: the first visit's write starts at once;
    // what arrives while it runs waits in the buffer and is written by the next flush, in one statement.
    const stats = new StatsService(api.portal.dataSource);
    const batchPath = pathOf("batch");
    const batchId = randomUUID();
    const writes = [
      stats.recordVisit(visitorId, batchPath, randomUUID()),
      stats.recordVisit(visitorId, batchPath, batchId),
      stats.recordVisit(visitorId, batchPath, batchId),
      stats.recordVisit(visitorId, batchPath, null),
      stats.recordVisit(visitorId, batchPath, null),
    ];
    expect(stats.bufferedVisits).toBe(4); // the next batch: two copies of one visit and two without an id
    await Promise.all(writes);
    expect(stats.bufferedVisits).toBe(0);
    expect(await stored({ visitId: batchId })).toBe(1);
    expect(await stored({ path: batchPath })).toBe(4);
  });

  it("stores two visits with different ids twice, even of the same path", async () => {
    const path = pathOf("two-ids");
    await recordedGraphql({ path, visitorId, visitId: randomUUID() });
    await recordedRest({ path, visitorId, visitId: randomUUID() });
    expect(await stored({ path })).toBe(2);
  });

  it("stores a visit without an id every time (legacy callers)", async () => {
    const path = pathOf("no-id");
    await recordedGraphql({ path, visitorId });
    await recordedGraphql({ path, visitorId, visitId: null });
    await recordedRest({ path, visitorId });
    await recordedRest({ path, visitorId, visitId: null });
    expect(await stored({ path })).toBe(4);
  });

  it("refuses a malformed id: 400 in the REST envelope, a validation error in GraphQL, nothing stored", async () => {
    const path = pathOf("bad-id");
    const uuid = randomUUID();
    const badIds: unknown[] = [
      "not-a-uuid",
      `${uuid}0`,
      uuid.replaceAll("-", ""),
      `{${uuid}}`,
      uuid.replace(/^./, "g"),
      "x".repeat(36),
      12345678,
    ];
    for (const visitId of badIds) {
      expect(await viaRest({ path, visitorId, visitId }), String(visitId)).toEqual({
        status: 400,
        body: { success: false, message: BAD_ID_MESSAGE },
      });
    }
    for (const visitId of badIds.filter((id) => typeof id === "string")) {
      const { body } = await viaGraphql({ path, visitorId, visitId });
      expect(body.data ?? null, String(visitId)).toBeNull();
      expect(body.errors?.[0], String(visitId)).toMatchObject({
        message: BAD_ID_MESSAGE,
        extensions: { code: "BAD_USER_INPUT" },
      });
    }
    // Not a string at all: GraphQL's own validation of the variable, a 400 before the resolver runs.
    const notString = await viaGraphql({ path, visitorId, visitId: 12345678 });
    expect(notString.status).toBe(400);
    expect(notString.body.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(await stored({ path })).toBe(0);
  });
});
