import { useEffect, useRef, useState } from "react";

const COPIED_MS = 2000;

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Fallback for non-secure contexts.
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("Copy command was refused");
}

/** Copies `text`; shows `copiedLabel` ('Copied') for 2 s. */
export function CopyButton({
  text,
  label = "Copy",
  copiedLabel = "Copied",
  testId = "copy-button",
}: {
  text: string;
  label?: string;
  copiedLabel?: string;
  testId?: string;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onClick = async () => {
    try {
      await copyText(text);
      setState("copied");
    } catch (error) {
      console.error("Copy failed:", error);
      setState("failed");
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), COPIED_MS);
  };

  return (
    <button
      type="button"
      className="btn btn-secondary"
      onClick={() => void onClick()}
      aria-live="polite"
      data-testid={testId}
    >
      {state === "copied" ? copiedLabel : state === "failed" ? "Copy failed" : label}
    </button>
  );
}
