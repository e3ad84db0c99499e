/**
 * A text answer's length limit as the editor's number field gives it: a positive whole number is
 * kept, anything else (emptied, zero) removes the limit.
 */
export function withMaxLength<T extends { maxLength?: number }>(item: T, value: number | string): T {
  const limit = typeof value === 'number' ? value : Number.parseInt(value, 10);
  const { maxLength: _old, ...rest } = item;
  return (limit > 0 ? { ...rest, maxLength: limit } : rest) as T;
}
