import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueToFieldError } from './field-errors';

const errorsOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map(issueToFieldError) ?? [];

describe('issueToFieldError', () => {
  const schema = z.object({
    name: z.string().min(1),
    email: z.email(),
    budget: z.number().min(0).max(10),
    code: z.string().refine((v) => v === 'ok', 'errors.custom.code'),
  });

  it('maps missing and empty values to "required"', () => {
    const errors = errorsOf(schema, { name: '', email: 'a@b.it', budget: 1, code: 'ok' });
    expect(errors).toEqual([{ path: 'name', messageKey: 'errors.field.required' }]);
    expect(errorsOf(schema, { email: 'a@b.it', budget: 1, code: 'ok' })[0]?.messageKey).toBe('errors.field.required');
  });

  it('keeps bounds as parameters for the translated message', () => {
    expect(errorsOf(schema, { name: 'x', email: 'a@b.it', budget: -1, code: 'ok' })).toEqual([
      { path: 'budget', messageKey: 'errors.field.tooSmall', params: { minimum: 0 } },
    ]);
    expect(errorsOf(schema, { name: 'x', email: 'a@b.it', budget: 11, code: 'ok' })[0]?.params).toEqual({
      maximum: 10,
    });
  });

  it('reports formats and custom keys', () => {
    const errors = errorsOf(schema, { name: 'x', email: 'nope', budget: 1, code: 'bad' });
    expect(errors).toEqual([
      { path: 'email', messageKey: 'errors.field.invalidFormat', params: { format: 'email' } },
      { path: 'code', messageKey: 'errors.custom.code' },
    ]);
  });
});
