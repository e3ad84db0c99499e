/**
 * Runs `work` once the page is idle (at the latest after `timeoutMs`), or after `fallbackMs`
 * where the browser has no requestIdleCallback (Safari). Returns what cancels it.
 */
export function whenIdle(work: () => void, { timeoutMs = 4000, fallbackMs = 2000 } = {}): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, fallbackMs);
  return () => window.clearTimeout(id);
}
