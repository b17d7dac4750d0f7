import { useEffect } from "react";

/** The title the last prerendered screen asked for (read by src/prerender.tsx; effects do not run there). */
export const prerenderedTitle = { current: null as string | null };

/** Sets document.title while the calling screen is shown. */
export function useDocumentTitle(title: string): void {
  if (typeof document === "undefined") prerenderedTitle.current = title;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
