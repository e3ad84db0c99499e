import { useEffect, useRef } from 'react';

/**
 * Where the keyboard goes after a list changes under it: a line added takes the focus on its first
 * field (Enter on "Add" had left it on the button, and each space typed next added another line);
 * a line removed hands it to its neighbour, or to the list's "Add" (it fell to the page's top).
 * `focusSoon(selector)` names the element inside `root` to focus once the change is drawn.
 */
export function useFocusAfterRender<T extends HTMLElement>() {
  const root = useRef<T>(null);
  const pending = useRef<string | null>(null);
  useEffect(() => {
    if (!pending.current) return;
    const target = root.current?.querySelector<HTMLElement>(pending.current);
    pending.current = null;
    target?.focus();
  });
  return {
    root,
    focusSoon: (selector: string) => {
      pending.current = selector;
    },
  };
}

/** The neighbour that takes the focus when `key` leaves `keys` (the next, else the one before), or null. */
export function neighbourOf<K>(keys: readonly K[], key: K): K | null {
  const at = keys.indexOf(key);
  return keys[at + 1] ?? keys[at - 1] ?? null;
}
