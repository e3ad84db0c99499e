/**
 * The one guarded way to read JSON stored in `steps.content`, `steps.expected_answers` and
 * `step_results.content`. Stored strings may be anything (an admin may change a step's type
 * after answers exist, rows may predate a rule), so reading never throws: closing a submission
 * or showing a step must not fail with a 500 because of an old or foreign string.
 */
export function parseJson(text: string | null | undefined): unknown {
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export type TJsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is TJsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The stored string as a JSON object, or null when it is empty, not JSON or not an object. */
export function parseJsonObject(text: string | null | undefined): TJsonObject | null {
  const value = parseJson(text);
  return isJsonObject(value) ? value : null;
}
