import { type KeyboardEvent, type ReactNode, useRef } from "react";
import "./tabs.css";

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
  badge?: ReactNode;
  testId?: string;
}

interface TabsProps<K extends string> {
  idPrefix: string;
  items: TabItem<K>[];
  active: K | null;
  onSelect: (key: K) => void;
  label: string;
}

/** An accessible tab list (arrow keys move between tabs). Panels use tabPanelId/tabId. */
export function Tabs<K extends string>({ idPrefix, items, active, onSelect, label }: TabsProps<K>) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    let next = -1;
    if (event.key === "ArrowRight") next = (index + 1) % items.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + items.length) % items.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = items.length - 1;
    if (next < 0) return;
    event.preventDefault();
    refs.current[next]?.focus();
    const item = items[next];
    if (item) onSelect(item.key);
  };

  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {items.map((item, index) => {
        const selected = item.key === active;
        return (
          <button
            key={item.key}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, item.key)}
            aria-selected={selected}
            aria-controls={tabPanelId(idPrefix, item.key)}
            tabIndex={selected || (active === null && index === 0) ? 0 : -1}
            className={`tab${selected ? " is-active" : ""}`}
            onClick={() => onSelect(item.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
            data-testid={item.testId}
          >
            <span className="tab-label">{item.label}</span>
            {item.badge !== undefined && <span className="tab-badge">{item.badge}</span>}
          </button>
        );
      })}
    </div>
  );
}

export function tabId(prefix: string, key: string): string {
  return `${prefix}-tab-${key}`;
}

export function tabPanelId(prefix: string, key: string): string {
  return `${prefix}-panel-${key}`;
}
