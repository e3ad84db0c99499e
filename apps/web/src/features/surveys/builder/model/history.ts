/** Undo and redo over whole models: each edit pushes the model before it. */
export type THistory<T> = { past: T[]; present: T; future: T[] };

/** How many steps back undo reaches; older ones are dropped. */
const DEPTH = 100;

export const startHistory = <T>(present: T): THistory<T> => ({ past: [], present, future: [] });

/**
 * Records the next model. `merge` replaces the present instead (the keystrokes of one field make
 * one step of undo, not one per letter).
 */
export function pushHistory<T>(history: THistory<T>, next: T, merge = false): THistory<T> {
  if (Object.is(next, history.present)) return history;
  if (merge && history.past.length > 0) return { ...history, present: next, future: [] };
  return { past: [...history.past, history.present].slice(-DEPTH), present: next, future: [] };
}

export function undo<T>(history: THistory<T>): THistory<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo<T>(history: THistory<T>): THistory<T> {
  const [next, ...future] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future };
}
