/** What is searched for in free text: the person's e-mail and full name, in either order. */
export type Mentions = { email: string; firstName: string; lastName: string };

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A pattern for every mention of the person: the e-mail anywhere, the full name as whole words
 * (any letter case, any spacing). First or last name alone are left: "Rossi" or "Anna" in an
 * answer may name someone else, and replacing them would change the application's meaning.
 */
export function mentionPattern(people: Mentions[]): RegExp | null {
  const parts = new Set<string>();
  for (const p of people) {
    const email = p.email.trim();
    if (email.includes('@')) parts.add(escapeRegExp(email));
    const first = p.firstName.trim();
    const last = p.lastName.trim();
    if (first && last) {
      const words = (s: string) => s.split(/\s+/).map(escapeRegExp).join('\\s+');
      parts.add(`(?<![\\p{L}\\p{N}])${words(`${first} ${last}`)}(?![\\p{L}\\p{N}])`);
      parts.add(`(?<![\\p{L}\\p{N}])${words(`${last} ${first}`)}(?![\\p{L}\\p{N}])`);
    }
  }
  if (parts.size === 0) return null;
  return new RegExp([...parts].join('|'), 'giu');
}

/** Every string inside a JSON value with the mentions replaced; structure and other values unchanged. */
export function scrubValue<T>(value: T, pattern: RegExp, replacement: string): T {
  if (typeof value === 'string') return value.replace(pattern, replacement) as T;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, pattern, replacement)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = scrubValue(v, pattern, replacement);
    return out as T;
  }
  return value;
}

/** A stored answer (usually JSON text) with the mentions replaced; null when nothing changed. */
export function scrubText(text: string, pattern: RegExp, replacement: string): string | null {
  pattern.lastIndex = 0;
  if (!pattern.test(text)) return null;
  try {
    return JSON.stringify(scrubValue(JSON.parse(text), pattern, replacement));
  } catch {
    return text.replace(pattern, replacement);
  }
}
