import { type FormEvent, useId } from "react";

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: (value: string) => void;
  onClear?: () => void;
  placeholder: string;
  label: string;
  buttonLabel?: string;
  compact?: boolean;
  autoFocus?: boolean;
  testId?: string;
}

/** Text input with a clear button and a submit button, inside a role="search" form. */
export function SearchBox({
  value,
  onChange,
  onSubmit,
  onClear,
  placeholder,
  label,
  buttonLabel = "Search",
  compact = false,
  autoFocus = false,
  testId = "search-box",
}: SearchBoxProps) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(value.trim());
  };
  return (
    <search>
      <form className={`search-box${compact ? " is-compact" : ""}`} onSubmit={submit} data-testid={testId}>
        <label htmlFor={id} className="visually-hidden">
          {label}
        </label>
        <span className="search-box-icon" aria-hidden="true">
          <svg viewBox="0 0 20 20" aria-hidden="true">
            <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="m13 13 4 4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </span>
        <input
          id={id}
          type="search"
          className="search-box-input"
          value={value}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          // biome-ignore lint/a11y/noAutofocus: the search page's main task is typing a term
          autoFocus={autoFocus}
          enterKeyHint="search"
        />
        {value && (
          <button
            type="button"
            className="search-box-clear"
            aria-label="Clear search"
            onClick={() => {
              onChange("");
              onClear?.();
            }}
          >
            ×
          </button>
        )}
        <button type="submit" className="btn btn-primary search-box-submit">
          {buttonLabel}
        </button>
      </form>
    </search>
  );
}
