import { lazy, Suspense, useRef, useState } from "react";
import type { ApiRequest } from "./ApiDialog";
import { ButtonIcon } from "./ButtonIcon";

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
export function ApiButton({ testId = "api-button", className, ...dialog }: ApiButtonProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={`btn btn-small btn-api${className ? ` ${className}` : ""}`}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
        aria-haspopup="dialog"
        title="Show the API query behind this table"
        data-testid={testId}
      >
        <ButtonIcon path="m7 6-4 4 4 4m6-8 4 4-4 4" />
        <span>API</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ApiDialog
            {...dialog}
            testId={testId}
            // However it closed, focus goes back to the API button.
            onClosed={() => {
              setOpen(false);
              buttonRef.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
