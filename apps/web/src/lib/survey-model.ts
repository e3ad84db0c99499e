import { isJsonObject } from '@impact/domain';

/**
 * A JSON syntax error as the editors show it while typing (the survey creator's, the call
 * builder's survey step): null when the text is a JSON object.
 */
export function modelError(text: string): { key: string; detail?: string } | null {
  try {
    const value = JSON.parse(text) as unknown;
    return isJsonObject(value) ? null : { key: 'surveys.creator.notAnObject' };
  } catch (error) {
    return { key: 'surveys.creator.syntaxError', detail: error instanceof Error ? error.message : '' };
  }
}
