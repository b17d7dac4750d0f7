import "./highlightToggle.css";

/** 'Highlight On/Off' toggle button. */
export function HighlightToggle({
  on,
  onChange,
  testId = "highlight-toggle",
}: {
  on: boolean;
  onChange: (on: boolean) => void;
  testId?: string;
}) {
  return (
    <button
      type="button"
      className={`toggle${on ? " is-on" : ""}`}
      aria-pressed={on}
      onClick={() => onChange(!on)}
      data-testid={testId}
      title="Highlight the search term"
    >
      <span className="toggle-dot" aria-hidden="true" />
      Highlight {on ? "On" : "Off"}
    </button>
  );
}
