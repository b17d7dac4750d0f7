import { graphql } from "../../gql";

/** Calls per endpoint and in total (the counter endpoint itself in neither). */
export const apiUsageQuery = graphql(`
  query ApiUsageDashboard {
    apiUsage {
      totalCalls
      endpoints {
        endpoint
        count
        lastCalled
      }
    }
  }
`);
