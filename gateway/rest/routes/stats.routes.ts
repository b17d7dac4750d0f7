import { VISIT_ID_MESSAGE, VISIT_ID_PATTERN } from "../../services/stats.service";
import { arrayOf, int, nullOnly, object } from "../response-schema";
import type { GraphQLData, RestRoute } from "../route-table";

const DISEASE_HISTORY = `query DiseaseHistory {
  diseaseHistory { isSynthetic note years { year newDiseaseCount accumulatedDiseaseCount } }
}`;

/**
 * `/api/stats/<kind>-diseases`: one count of the disease history per discovery year (`field` of its
 * years, answered as `column`).
 */
const diseaseHistoryRoute = (kind: string, adjective: string, field: string, column: string): RestRoute => ({
  method: "GET",
  path: `/api/stats/${kind}-diseases`,
  category: "Statistics",
  summary: `${adjective} synaptopathies per discovery year. Discovery years are synthetic sample data in this release (is_synthetic).`,
  params: [],
  operation: DISEASE_HISTORY,
  variables: () => ({}),
  response: "json",
  schema: (op) => ({
    data: arrayOf(
      object({ year: op.f("diseaseHistory.years.year"), [column]: op.f(`diseaseHistory.years.${field}`) }),
    ),
    extra: { is_synthetic: op.f("diseaseHistory.isSynthetic") },
  }),
  map: (d) => ({
    data: (d.diseaseHistory.years as GraphQLData[]).map((y) => ({ year: y.year, [column]: y[field] })),
    message: d.diseaseHistory.note,
    extra: { is_synthetic: d.diseaseHistory.isSynthetic },
  }),
});

export const statsRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/api/stats/record-visit",
    category: "Statistics",
    summary:
      "Record a page view (JSON body: path, visitorId, visitId). A visit sent again with the same visitId is stored once.",
    params: [
      { name: "path", in: "body", type: "string", required: true, description: "Path viewed." },
      {
        name: "visitorId",
        in: "body",
        type: "string",
        required: true,
        description: "Random visitor id kept by the browser.",
      },
      {
        name: "visitId",
        in: "body",
        type: "string",
        pattern: VISIT_ID_PATTERN.source,
        message: VISIT_ID_MESSAGE,
        description:
          "The page view's own id, a UUID (crypto.randomUUID()), the same in every retry of that view: a visit whose id is already stored is not stored again. Optional: without it, every call is stored.",
      },
    ],
    operation:
      "mutation RecordVisit($path: String!, $visitorId: String!, $visitId: String) { recordVisit(path: $path, visitorId: $visitorId, visitId: $visitId) }",
    variables: (p) => ({ path: p.path, visitorId: p.visitorId, visitId: p.visitId ?? null }),
    response: "json",
    schema: () => ({ data: nullOnly }),
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
    schema: (op) => ({
      data: object({
        unique_visitors: op.f("visitStats.uniqueVisitors"),
        total_visits: op.f("visitStats.totalVisits"),
      }),
    }),
    map: (d) => ({
      data: { unique_visitors: d.visitStats.uniqueVisitors, total_visits: d.visitStats.totalVisits },
      message: "Visit statistics",
    }),
  },
  {
    method: "GET",
    path: "/api/stats/counter",
    category: "Statistics",
    summary:
      "Calls per API endpoint (method and route pattern) with the last call time, and total_calls, the sum of the listed counts. This endpoint's own calls are in neither.",
    params: [],
    operation: "query ApiUsage { apiUsage { endpoints { endpoint count lastCalled } totalCalls } }",
    variables: () => ({}),
    response: "json",
    schema: (op) => {
      const e = op.at("apiUsage.endpoints");
      return {
        data: arrayOf(
          object({ endpoint: e.f("endpoint"), count: e.f("count"), last_called: e.f("lastCalled") }),
        ),
        extra: { total_calls: op.f("apiUsage.totalCalls") },
      };
    },
    map: (d) => ({
      data: (d.apiUsage.endpoints as GraphQLData[]).map((e) => ({
        endpoint: e.endpoint,
        count: e.count,
        last_called: e.lastCalled,
      })),
      message:
        d.apiUsage.endpoints.length === 0
          ? "No API calls have been recorded yet"
          : `${d.apiUsage.totalCalls} API calls recorded`,
      extra: { total_calls: d.apiUsage.totalCalls },
    }),
  },
  diseaseHistoryRoute("accumulated", "Accumulated", "accumulatedDiseaseCount", "accumulated_disease_count"),
  diseaseHistoryRoute("new", "New", "newDiseaseCount", "new_disease_count"),
  {
    method: "GET",
    path: "/api/stats/accumulated-gene-localizations",
    category: "Statistics",
    summary:
      "Accumulated gene localizations per study year: one field per compartment (distinct genes reported there so far) and total_accumulated (their sum).",
    params: [],
    operation: `query GeneLocalizationHistory {
      geneLocalizationHistory {
        localizations includesSyntheticSamples
        years { year totalAccumulated counts { localization count } }
      }
    }`,
    variables: () => ({}),
    response: "json",
    schema: (op) => {
      const h = op.at("geneLocalizationHistory");
      return {
        data: arrayOf({
          ...object({ year: h.f("years.year"), total_accumulated: h.f("years.totalAccumulated") }),
          description:
            "One field per compartment (the names in localizations): distinct genes reported there so far.",
          additionalProperties: int,
        }),
        extra: {
          localizations: h.f("localizations"),
          includes_synthetic_samples: h.f("includesSyntheticSamples"),
        },
      };
    },
    map: (d) => {
      const h = d.geneLocalizationHistory;
      return {
        data: (h.years as GraphQLData[]).map((y) => ({
          year: y.year,
          ...Object.fromEntries((y.counts as GraphQLData[]).map((c) => [c.localization, c.count])),
          total_accumulated: y.totalAccumulated,
        })),
        message: h.includesSyntheticSamples
          ? "Accumulated gene localizations by study year (includes synthetic sample studies)"
          : "Accumulated gene localizations by study year",
        extra: { localizations: h.localizations, includes_synthetic_samples: h.includesSyntheticSamples },
      };
    },
  },
];
