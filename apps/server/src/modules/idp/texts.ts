import { isLanguage, LANGUAGES, PASSWORD_MIN_LENGTH, type TLanguage } from '@impact/domain';
import { sectionTexts, translator } from '../../lib/texts';

/**
 * Texts of the sign-in pages the embedded provider renders on the server, from the server's texts
 * (packages/texts, section `idp`). English `notVerified` is SPEC 8's sentence word for word. The
 * password length is known at start and filled in; the other placeholders are functions.
 */
function textsOf(language: TLanguage) {
  const t = translator(language);
  return {
    ...sectionTexts(language, 'idp'),
    passwordHint: t('idp.passwordHint', { min: PASSWORD_MIN_LENGTH }),
    passwordTooShort: t('idp.passwordTooShort', { min: PASSWORD_MIN_LENGTH }),
    locked: (time: string) => t('idp.locked', { time }),
    checkEmailText: (email: string) => t('idp.checkEmailText', { email }),
  };
}

export type IdpTexts = ReturnType<typeof textsOf>;

const TEXTS = Object.fromEntries(LANGUAGES.map((language) => [language, textsOf(language)])) as Record<
  TLanguage,
  IdpTexts
>;

export function idpTexts(language: TLanguage): IdpTexts {
  return TEXTS[language];
}

/** The first supported language in ui_locales ("fr-FR it"), else the default. */
export function pickLanguage(uiLocales: unknown, fallback: TLanguage = 'it'): TLanguage {
  if (typeof uiLocales !== 'string') return fallback;
  for (const tag of uiLocales.split(/\s+/)) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return fallback;
}
