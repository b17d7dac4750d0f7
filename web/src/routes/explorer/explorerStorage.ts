import type { Storage } from "@graphiql/toolkit";

/**
 * Defaults of GraphiQL's stored settings (keys `graphiql:<name>`) for a visitor who has not set them:
 * - editorFlex: the editors take 1.35 parts of the width to the result's 1 (GraphiQL's default is an
 *   even split), so that at 1366 px the editor shows the whole first line of every example; the result
 *   wraps its long lines.
 */
const DEFAULTS: Readonly<Record<string, string>> = { "graphiql:editorFlex": "1.35" };

function local(): globalThis.Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: GraphiQL then keeps nothing between visits
  }
}

/** GraphiQL's storage: the browser's localStorage, as by default, answering DEFAULTS for unset keys. */
export const explorerStorage: Storage = {
  getItem: (key) => local()?.getItem(key) ?? DEFAULTS[key] ?? null,
  setItem: (key, value) => {
    try {
      local()?.setItem(key, value);
    } catch {
      // Full or disabled storage: the setting lasts for this visit only.
    }
  },
  removeItem: (key) => local()?.removeItem(key),
  clear: () => {
    const storage = local();
    if (!storage) return;
    for (const key of Object.keys(storage)) if (key.startsWith("graphiql:")) storage.removeItem(key);
  },
  get length() {
    const storage = local();
    return storage ? Object.keys(storage).filter((key) => key.startsWith("graphiql:")).length : 0;
  },
};
