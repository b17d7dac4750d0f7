import { useEffect, useId, useRef, useState } from "react";
import {
  GENE_FILTER_DEBOUNCE_MS,
  GENE_MODE_OPTIONS,
  type GeneMode,
  PAGE_SIZE_OPTIONS,
} from "../lib/cardTabState";
import { SearchField } from "./SearchField";

/** A text filter that commits its value after a pause (the committed value lives in the URL). */
export function FilterInput({
  value,
  onCommit,
  delayMs,
  placeholder,
  label,
  lowercase = false,
  testId,
}: {
  value: string;
  onCommit: (value: string) => void;
  /** Store the filter lowercased (the disease papers filter, spec 1 §5). */
  lowercase?: boolean;
  delayMs: number;
  placeholder: string;
  label: string;
  testId?: string;
}) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const commit = useRef(onCommit);
  commit.current = onCommit;

  // Follow the address when it changes from elsewhere (tab switch, back/forward).
  useEffect(() => {
    committed.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    const normalised = lowercase ? text.trim().toLowerCase() : text.trim();
    if (normalised === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = normalised;
      commit.current(normalised);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs, lowercase]);

  return (
    <SearchField
      label={label}
      className="input"
      value={text}
      placeholder={placeholder}
      onChange={(event) => setText(event.target.value)}
      autoComplete="off"
      spellCheck={false}
      data-testid={testId}
    />
  );
}

export function SelectControl<V extends string>({
  value,
  options,
  onChange,
  label,
  testId,
}: {
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  label: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <select
        id={id}
        className="select"
        value={value}
        onChange={(event) => onChange(event.target.value as V)}
        data-testid={testId}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}

export function PageSizeSelect({
  value,
  onChange,
  testId,
}: {
  value: number;
  onChange: (size: number) => void;
  testId?: string;
}) {
  const id = useId();
  return (
    <span className="page-size">
      <label htmlFor={id} className="muted small">
        Per page
      </label>
      <select
        id={id}
        className="select"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        data-testid={testId}
      >
        {PAGE_SIZE_OPTIONS.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </span>
  );
}

type TabChange = (change: Record<string, string | number | null>) => void;

/** The gene tabs' text filter (symbol, Entrez, MGI), kept in the tab's `q`. */
export function GeneFilterInput({ term, onChange }: { term: string; onChange: TabChange }) {
  return (
    <FilterInput
      value={term}
      onCommit={(value) => onChange({ q: value })}
      delayMs={GENE_FILTER_DEBOUNCE_MS}
      placeholder="Filter genes by symbol, Entrez or MGI..."
      label="Filter genes"
      testId="genes-filter"
    />
  );
}

/** The gene tabs' consensus / all / non-consensus choice, kept in the tab's `mode`. */
export function GeneModeSelect({ mode, onChange }: { mode: GeneMode; onChange: TabChange }) {
  return (
    <SelectControl
      value={mode}
      options={GENE_MODE_OPTIONS}
      onChange={(value) => onChange({ mode: value })}
      label="Gene mode"
      testId="genes-mode"
    />
  );
}
