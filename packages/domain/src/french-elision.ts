/**
 * French elides "de" and "que" before a vowel ("la candidature d’Aurora", "en tant qu’éditeur").
 * A sentence cannot know the name it will receive, so its texts write "de {{org}}" and this rule
 * mends the result where a value was inserted right after "de" or "que": both i18next instances
 * (web and server) run it as a post-processor on French texts, given the values the text was
 * filled with, and the receipt's own filling calls it. Only that word changes: a name's own words
 * ("Maria de Oliveira", "Instituto de Estudos") are kept as typed. Not before an "h" (aspirated or
 * not, a name cannot tell).
 */
const STARTS_WITH_VOWEL = /^[aeiouàâæéèêëîïôœùûüAEIOUÀÂÆÉÈÊËÎÏÔŒÙÛÜ]/;
const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function elideFrenchBefore(text: string, inserted: readonly unknown[]): string {
  let out = text;
  for (const value of new Set(inserted)) {
    if (typeof value !== 'string' || !STARTS_WITH_VOWEL.test(value)) continue;
    const before = new RegExp(`(^|[\\s(«“"'])(de|que) (?=${escapeForRegExp(value)})`, 'g');
    out = out.replace(before, (_match, start: string, word: string) => `${start}${word.slice(0, -1)}’`);
  }
  return out;
}

/** The i18next post-processor that applies `elideFrenchBefore` to French texts (named in `postProcess`). */
export const frenchElisionProcessor = {
  type: 'postProcessor' as const,
  name: 'frenchElision',
  process(value: string, _key: string | string[], options: Record<string, unknown>, translator: { language?: string }) {
    const language = typeof options.lng === 'string' ? options.lng : translator.language;
    return language === 'fr' ? elideFrenchBefore(value, Object.values(options)) : value;
  },
};
