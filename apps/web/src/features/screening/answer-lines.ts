/** A screening's answers as lines the admin reads: the question's name and its value as text. */
export function answerLines(answers: Record<string, unknown>): Array<[string, string]> {
  return Object.entries(answers).map(([name, value]) => [name, textOf(value)]);
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (Array.isArray(value)) return value.map(textOf).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
