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

/** Records a visit on every route change; failures are only logged. */
export function VisitRecorder() {
  const { pathname } = useLocation();
  const [recordVisit] = useMutation(recordVisitMutation);
  useEffect(() => {
    recordVisit({ variables: { path: pathname, visitorId: getVisitorId() } }).catch((error: unknown) => {
      console.warn("Failed to record visit:", error);
    });
  }, [pathname, recordVisit]);
  return null;
}
