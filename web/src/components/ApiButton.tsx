import { lazy } from "react";
import type { ApiRequest } from "./ApiDialog";
import { DialogButton } from "./DialogButton";

/** The dialog, its code snippets and their languages: fetched when a reader first opens one. */
const ApiDialog = lazy(() => import("./ApiDialog"));

export interface ApiButtonProps extends ApiRequest {
  testId?: string;
  className?: string;
}

/**
 * A small 'API' button for a data table: a dialog with the GraphQL query and variables behind the
 * table, a link that opens them in the explorer, and the equivalent REST URL to copy (ApiDialog,
 * drawn while open: a record page with a table in each tab holds only the buttons).
 */
export function ApiButton({ testId = "api-button", className, ...request }: ApiButtonProps) {
  return (
    <DialogButton
      icon="m7 6-4 4 4 4m6-8 4 4-4 4"
      label="API"
      className={`btn btn-small btn-api${className ? ` ${className}` : ""}`}
      title="Show the API query behind this table"
      testId={testId}
      dialog={(onClosed) => <ApiDialog {...request} testId={testId} onClosed={onClosed} />}
    />
  );
}
