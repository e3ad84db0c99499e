import { isJsonObject, type TJsonObject } from '@impact/domain';

/** The JSON tab's text for a model: two-space JSON, as the survey creator has always shown it. */
export const prettyModel = (model: unknown) => JSON.stringify(model, null, 2);

/**
 * The text the JSON tab shows after the builder: the text last written there when the model has
 * not changed since (so a pasted example comes back byte for byte, spacing and all), otherwise
 * the model written out. Key order is kept by every builder edit, so "unchanged" is exact.
 */
export function textAfterBuilder(lastText: string, model: TJsonObject): string {
  try {
    if (JSON.stringify(JSON.parse(lastText)) === JSON.stringify(model)) return lastText;
  } catch {
    // Not JSON: the model is written out below.
  }
  return prettyModel(model);
}

/** The JSON tab's text as a model, or null when it is not a JSON object (the builder then stays closed). */
export function modelFromText(text: string): TJsonObject | null {
  try {
    const value = JSON.parse(text) as unknown;
    return isJsonObject(value) ? value : null;
  } catch {
    return null;
  }
}
