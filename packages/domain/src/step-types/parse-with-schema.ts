import type { ZodType } from 'zod';
import type { TContentCheck } from './definition';
import { parseJson } from './json';

/** Content that must be JSON of the given shape; the failing paths otherwise ('' for not JSON). */
export function parseWithSchema<T>(schema: ZodType<T>, content: string): TContentCheck<T> {
  const json = parseJson(content);
  if (json === undefined) return { ok: false, issues: [{ path: '' }] };
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  // A check that names its own message (a translation key) passes it on.
  return {
    ok: false,
    issues: parsed.error.issues.map((i) => ({
      path: i.path.map(String).join('.'),
      ...(i.message.startsWith('errors.') ? { messageKey: i.message } : {}),
    })),
  };
}
