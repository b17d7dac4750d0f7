import { useMemo, useRef } from "react";
import { cardKeys, parseOpenCards, serializeOpenCards, withTabSwitch } from "../../lib/cardTabState";
import type { EntitySearchDefinition } from "./entityDefinition";

/** Which cards of a search page are open, on which tab, and the changes a reader makes to them. */
export interface OpenCards {
  isOpen: (id: string) => boolean;
  /** The tab a card shows (when open) or would open on. */
  tab: (id: string) => string;
  toggle: (id: string) => void;
  select: (id: string, tab: string) => void;
}

type AddressUpdate = (mutate: (next: URLSearchParams) => URLSearchParams) => void;

/** The open cards as the address holds them, in the definition's `openCards` way ('one' or 'many'). */
export function useOpenCards<Data, Item, Context>(
  definition: EntitySearchDefinition<Data, Item, Context>,
  params: URLSearchParams,
  update: AddressUpdate,
): OpenCards {
  const tabKeys = definition.tabs.map((tab) => tab.key);
  const firstTab = tabKeys[0] ?? "";
  /** The last tab of each card, remembered while it is collapsed ('many'). */
  const lastTab = useRef(new Map<string, string>());
  const openValue = params.get("open");
  const many = definition.openCards === "many";
  const parseId = (text: string) => {
    const id = definition.parseOpen(text);
    return id === null ? null : String(id);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the definition is a module constant
  const open = useMemo(() => (many ? parseOpenCards(openValue, parseId, tabKeys) : null), [many, openValue]);

  if (open) {
    const updateOpen = (mutate: (cards: Map<string, string>) => void) =>
      update((next) => {
        const cards = parseOpenCards(next.get("open"), parseId, tabKeys);
        mutate(cards);
        const value = serializeOpenCards(cards);
        if (value) next.set("open", value);
        else next.delete("open");
        return next;
      });
    return {
      isOpen: (id) => open.has(id),
      tab: (id) => open.get(id) ?? lastTab.current.get(id) ?? firstTab,
      toggle: (id) =>
        updateOpen((cards) => {
          const tab = cards.get(id);
          if (tab) {
            lastTab.current.set(id, tab);
            cards.delete(id);
          } else cards.set(id, lastTab.current.get(id) ?? firstTab);
        }),
      select: (id, tab) => {
        lastTab.current.set(id, tab);
        updateOpen((cards) => cards.set(id, tab));
      },
    };
  }

  // One open card: its id in `open`, its tab in `tab`, its tabs' state under their prefixes.
  const tabOf = (value: string | null) => definition.tabs.find((tab) => tab.key === value);
  const prefixOf = (key: string) => tabOf(key)?.prefix ?? "";
  const cardParamKeys = cardKeys(
    definition.tabs.map((tab) => tab.prefix),
    definition.extraCardKeys,
  );
  const openId = parseId(openValue ?? "");
  const activeTab = tabOf(params.get("tab"))?.key ?? firstTab;
  return {
    isOpen: (id) => openId === id,
    tab: (id) => (openId === id ? activeTab : firstTab),
    toggle: (id) =>
      update((next) => {
        for (const key of cardParamKeys) next.delete(key);
        if (next.get("open") === id) next.delete("open");
        else next.set("open", id);
        return next;
      }),
    select: (id, tab) =>
      update((next) => {
        if (next.get("open") !== id) {
          for (const key of cardParamKeys) next.delete(key);
          next.set("open", id);
          next.set("tab", tab);
          return next;
        }
        const fromTab = tabOf(next.get("tab"))?.key ?? firstTab;
        return withTabSwitch(next, fromTab === tab ? null : prefixOf(fromTab), tab);
      }),
  };
}
