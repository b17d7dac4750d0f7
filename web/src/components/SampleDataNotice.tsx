import { useQuery } from "@apollo/client/react";
import { Link } from "react-router-dom";
import { graphql } from "../gql";

export const datasetNoticeQuery = graphql(`
  query DatasetNotice {
    datasetRelease {
      name
      version
      hasSyntheticData
    }
  }
`);

/** Always-visible banner while the loaded dataset contains synthetic rows. */
export function SampleDataNotice() {
  const { data } = useQuery(datasetNoticeQuery);
  if (!data?.datasetRelease?.hasSyntheticData) return null;
  return (
    <aside className="sample-notice" aria-label="About the data" data-testid="sample-data-notice">
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
