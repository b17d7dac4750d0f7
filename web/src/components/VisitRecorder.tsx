import { useMutation } from "@apollo/client/react";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";
import { graphql } from "../gql";
import { getVisitorId, loadedPageView, newVisitId, whenIdle } from "../lib/visitor";

export const recordVisitMutation = graphql(`
  mutation RecordVisit($path: String!, $visitorId: String!, $visitId: String) {
    recordVisit(path: $path, visitorId: $visitorId, visitId: $visitId)
  }
`);

/**
 * Records a visit on every route change; failures are only logged. The request is sent when the browser
 * is idle: it is not urgent, and sent with the screen's own effects it lengthened the first screen's
 * longest task. It is never cancelled, so a page left at once is still counted.
 *
 * Each page view has its own id (visitId), kept while the path stays the same: the server stores a visit
 * once per id, so sending the same view again (the effect run twice, a request resent by the proxy or
 * retried) never counts it twice.
 */
export function VisitRecorder() {
  const { pathname } = useLocation();
  const [recordVisit] = useMutation(recordVisitMutation);
  const view = useRef<{ path: string; visitId: string } | null>(null);
  useEffect(() => {
    // The first view is the page's own: it may have been sent already, before the app started.
    view.current ??= loadedPageView();
    if (view.current.path !== pathname) view.current = { path: pathname, visitId: newVisitId() };
    const { visitId } = view.current;
    whenIdle(() => {
      recordVisit({ variables: { path: pathname, visitorId: getVisitorId(), visitId } }).catch(
        (error: unknown) => {
          console.warn("Failed to record visit:", error);
        },
      );
    });
  }, [pathname, recordVisit]);
  return null;
}
