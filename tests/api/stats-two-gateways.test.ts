import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "./databases";
import { type RunningPortal, startPortal } from "./portal";

interface Counter {
  data: { endpoint: string; count: number; last_called: string | null }[];
  total_calls: number;
}
interface Visits {
  data: { unique_visitors: number; total_visits: number };
}

const ENDPOINT = "GET /api/gene/:id/tab/:tab";

// Two gateway processes' worth of state (each its own pool, buffers and flush timer) on one MySQL database.
describe.each(testDatabases.filter((db) => db.kind === "mysql"))(
  "two gateways on one $kind database",
  (db) => {
    let first: RunningPortal;
    let second: RunningPortal;
    beforeAll(async () => {
      [first, second] = await Promise.all([startPortal(db), startPortal(db)]);
    });
    afterAll(async () => {
      await Promise.all([first?.close(), second?.close()]);
    });

    const callsOf = async (api: RunningPortal) => {
      const counter = (await api.json<Counter>("/api/stats/counter")).body;
      return counter.data.find((row) => row.endpoint === ENDPOINT)?.count ?? 0;
    };
    const visitsOf = async (api: RunningPortal) => (await api.json<Visits>("/api/stats/visits")).body.data;

    it("counts every API call and every visit exactly, whichever gateway served it", async () => {
      // Each gateway flushes its own buffer when asked for counts: read both, then the database agrees.
      await callsOf(first);
      const callsBefore = await callsOf(second);
      const visitsBefore = await visitsOf(first);

      const calls = 120;
      const visits = 60;
      const visitorId = `two-gateways-${Date.now()}`;
      await Promise.all([
        ...Array.from({ length: calls }, (_, i) =>
          (i % 2 ? first : second).get(`/api/gene/1/tab/${i % 3 ? "diseases" : "omim"}`),
        ),
        ...Array.from({ length: visits }, (_, i) =>
          fetch(`${(i % 2 ? first : second).baseUrl}/api/stats/record-visit`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ path: `/gene-search?q=${i}`, visitorId }),
          }),
        ),
      ]).then((responses) => expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200)));

      await callsOf(first);
      expect(await callsOf(second)).toBe(callsBefore + calls);
      await visitsOf(second);
      const visitsAfter = await visitsOf(first);
      expect(visitsAfter.total_visits).toBe(visitsBefore.total_visits + visits);
      expect(visitsAfter.unique_visitors).toBe(visitsBefore.unique_visitors + 1);
    });
  },
);
