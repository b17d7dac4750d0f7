import { useQuery } from "@apollo/client/react";
import { Link } from "react-router-dom";
import { graphql } from "../gql";
import { useHydrating } from "../hooks/useHydrating";
import "./sampleDataNotice.css";

export const datasetNoticeQuery = graphql(`
  query DatasetNotice {
    datasetRelease {
      name
      version
      hasSyntheticData
    }
  }
`);

/**
 * Set on <html> by the gateway when the loaded release has synthetic rows (gateway/http/web-pages.ts),
 * so the notice is there from the first paint instead of pushing the page down when the query answers.
 */
const SAMPLE_DATASET_ATTRIBUTE = "data-sample-dataset";

/** Always-visible banner while the loaded dataset contains synthetic rows. */
export function SampleDataNotice() {
  // Not run by the server's render: the gateway's mark on <html> decides the first paint.
  const { data } = useQuery(datasetNoticeQuery, { ssr: false });
  const prerendered = useHydrating();
  const sample =
    data?.datasetRelease?.hasSyntheticData ??
    (!prerendered && document.documentElement.hasAttribute(SAMPLE_DATASET_ATTRIBUTE));
  // The server's page always carries the notice; styles.css hides it unless the gateway marked <html>.
  if (!sample && !prerendered) return null;
  return (
    <aside
      className="sample-notice"
      aria-label="About the data"
      data-testid="sample-data-notice"
      data-prerendered={prerendered || undefined}
    >
      <div className="sample-notice-inner">
        <span className="sample-notice-icon" aria-hidden="true">
          i
        </span>
        <p>
          <strong>Sample dataset:</strong> parts of this data are synthetic and labelled as such.{" "}
          <Link to="/data">About this data</Link>
        </p>
      </div>
    </aside>
  );
}
