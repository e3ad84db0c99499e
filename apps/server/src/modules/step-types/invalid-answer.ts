import { parseJson } from '@impact/domain';
import type { ZodType } from 'zod';
import { invalid } from '../../lib/app-error';

/** A written answer must be JSON of the type's answer shape; 400 on `content` otherwise. */
export function parseAnswer<T>(schema: ZodType<T>, content: string): T {
  const parsed = schema.safeParse(parseJson(content));
  if (!parsed.success) throw invalid([{ path: 'content', messageKey: 'errors.field.invalid' }]);
  return parsed.data;
}
