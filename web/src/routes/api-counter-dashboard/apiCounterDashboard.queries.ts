import { graphql } from "../../gql";

/** Calls per endpoint and in total (the counter endpoint itself is counted, not listed). */
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
