/** A stored JSON text (an answer, a step's content) read leniently: null when it cannot be read. */
export function parseJsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
