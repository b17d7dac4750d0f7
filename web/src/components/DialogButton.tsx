import { type ReactNode, Suspense, useRef, useState } from "react";
import { ButtonIcon } from "./ButtonIcon";

interface DialogButtonProps {
  /** The button's icon (ButtonIcon's path) and words. */
  icon: string;
  label: string;
  className: string;
  title?: string;
  testId: string;
  /**
   * The dialog, drawn only while open: a lazy component, so its code is fetched when a reader first
   * opens it, not with the page. `onClosed` closes it, however it closed.
   */
  dialog: (onClosed: () => void) => ReactNode;
}

/** A button that opens a dialog and, when the dialog closes, takes the focus back (API, Cite). */
export function DialogButton({ icon, label, className, title, testId, dialog }: DialogButtonProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={className}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
        aria-haspopup="dialog"
        title={title}
        data-testid={testId}
      >
        <ButtonIcon path={icon} />
        <span>{label}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          {dialog(() => {
            setOpen(false);
            // The close event comes a task after the browser gave the focus back (to this button, where
            // the dialog was opened from it): a reader who moved on meanwhile keeps the new place. Only
            // a focus left nowhere (a dialog opened otherwise) comes back here.
            const focused = document.activeElement;
            if (!focused || focused === document.body) buttonRef.current?.focus();
          })}
        </Suspense>
      )}
    </>
  );
}
