/**
 * French elides "de" and "que" before a vowel ("la candidature d’Aurora", "en tant qu’éditeur").
 * A sentence cannot know the name it will receive, so its texts write "de {{org}}" and this rule
 * mends the result: both i18next instances (web and server) run it as a post-processor on French
 * texts. The texts themselves never hold "de" before a vowel (elided where written), so only
 * inserted values change. Lower case only: a surname such as "De Angelis" keeps its particle, and
 * an "h" is left alone (aspirated or not, a name cannot tell).
 */
const ELIDABLE = /(^|[\s(«“"'])(de|que) (?=[aeiouàâæéèêëîïôœùûüAEIOUÀÂÆÉÈÊËÎÏÔŒÙÛÜ])/g;

export function elideFrench(text: string): string {
  return text.replace(ELIDABLE, (_match, before: string, word: string) => `${before}${word.slice(0, -1)}’`);
}

/** The i18next post-processor that applies `elideFrench` to French texts (named in `postProcess`). */
export const frenchElisionProcessor = {
  type: 'postProcessor' as const,
  name: 'frenchElision',
  process(value: string, _key: string | string[], options: { lng?: string }, translator: { language?: string }) {
    return (options.lng ?? translator.language) === 'fr' ? elideFrench(value) : value;
  },
};
