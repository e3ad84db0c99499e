import type { z } from 'zod';
import type { TFieldError } from './problem';

type Issue = z.core.$ZodIssue | { code: string; path: PropertyKey[]; message: string; [k: string]: unknown };

/**
 * Turns a zod issue into a translatable field error. Used by the server for 400 answers and by
 * the web forms, so both say the same thing in the reader's language. A refinement may carry its
 * own key by using a message that starts with "errors.".
 */
export function issueToFieldError(issue: Issue): TFieldError {
  const path = issue.path.map(String).join('.');
  const i = issue as Record<string, unknown>;
  if (typeof issue.message === 'string' && issue.message.startsWith('errors.')) {
    // A refinement's figures (a bound's maximum) travel with its key for the translated text.
    const params = i.params && typeof i.params === 'object' ? (i.params as Record<string, string | number>) : null;
    return params ? { path, messageKey: issue.message, params } : { path, messageKey: issue.message };
  }
  switch (issue.code) {
    case 'invalid_type':
      if (i.input === undefined && /received undefined/.test(issue.message)) {
        return { path, messageKey: 'errors.field.required' };
      }
      return { path, messageKey: 'errors.field.invalidType' };
    case 'too_small':
      if (i.origin === 'string' && Number(i.minimum) <= 1) return { path, messageKey: 'errors.field.required' };
      return { path, messageKey: 'errors.field.tooSmall', params: { minimum: Number(i.minimum) } };
    case 'too_big':
      return { path, messageKey: 'errors.field.tooBig', params: { maximum: Number(i.maximum) } };
    case 'invalid_format':
      return { path, messageKey: 'errors.field.invalidFormat', params: { format: String(i.format) } };
    case 'invalid_value':
      return { path, messageKey: 'errors.field.invalidValue' };
    case 'unrecognized_keys':
      return { path, messageKey: 'errors.field.unknown' };
    default:
      return { path, messageKey: 'errors.field.invalid' };
  }
}
