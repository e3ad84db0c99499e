import type { TLanguage } from '@impact/domain';
import type { Tree } from './merge';

/**
 * One chunk per language, fetched for the language being read (the three languages
 * were a third of the entry script). No fallback language is loaded: every key exists in it, en
 * and fr (translations-complete.test.ts fails the build otherwise).
 */
const bundles: Record<TLanguage, () => Promise<{ default: Tree }>> = {
  it: () => import('./bundles/it'),
  en: () => import('./bundles/en'),
  fr: () => import('./bundles/fr'),
};

export async function loadTranslations(language: TLanguage): Promise<Tree> {
  return (await bundles[language]()).default;
}
