import type { RestRoute } from "../route-table";

export const statsRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/api/stats/record-visit",
    category: "Statistics",
    summary: "Record a page view (JSON body: path, visitorId).",
    params: [
      { name: "path", in: "body", type: "string", required: true, description: "Path viewed." },
      {
        name: "visitorId",
        in: "body",
        type: "string",
        required: true,
        description: "Random visitor id kept by the browser.",
      },
    ],
    operation:
      "mutation RecordVisit($path: String!, $visitorId: String!) { recordVisit(path: $path, visitorId: $visitorId) }",
    variables: (p) => ({ path: p.path, visitorId: p.visitorId }),
    response: "json",
    map: () => ({ data: null, message: "Visit recorded" }),
  },
  {
    method: "GET",
    path: "/api/stats/visits",
    category: "Statistics",
    summary: "Unique visitors and total visits.",
    params: [],
    operation: "query VisitStats { visitStats { uniqueVisitors totalVisits } }",
    variables: () => ({}),
    response: "json",
    map: (d) => ({
      data: { unique_visitors: d.visitStats.uniqueVisitors, total_visits: d.visitStats.totalVisits },
      message: "Visit statistics",
    }),
  },
];
