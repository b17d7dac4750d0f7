import { useMutation } from "@apollo/client/react";
import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { graphql } from "../gql";
import { getVisitorId } from "../lib/visitor";

export const recordVisitMutation = graphql(`
  mutation RecordVisit($path: String!, $visitorId: String!) {
    recordVisit(path: $path, visitorId: $visitorId)
  }
`);

/** Runs `work` once the browser is idle (at most `timeout` ms later), or after a task where that is unsupported. */
function whenIdle(work: () => void, timeout = 2000) {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(work, { timeout });
  else setTimeout(work);
}

/**
 * Records a visit on every route change; failures are only logged. The request is sent when the browser
 * is idle: it is not urgent, and sent with the screen's own effects it lengthened the first screen's
 * longest task. It is never cancelled, so a page left at once is still counted.
 */
export function VisitRecorder() {
  const { pathname } = useLocation();
  const [recordVisit] = useMutation(recordVisitMutation);
  useEffect(() => {
    whenIdle(() => {
      recordVisit({ variables: { path: pathname, visitorId: getVisitorId() } }).catch((error: unknown) => {
        console.warn("Failed to record visit:", error);
      });
    });
  }, [pathname, recordVisit]);
  return null;
}
