import type { TLanguage } from '@impact/domain';
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import it from './locales/it.json' with { type: 'json' };

/**
 * The words the server renders itself (the application PDF, the mails, the sign-in pages of the
 * embedded identity provider, the export's headers), in i18next's format (`{{name}}` placeholders)
 * and in the same it/en/fr layout as the web app's locale files, so one reader, one completeness test
 * (apps/web/src/lib/i18n/translations-complete.test.ts) and docs/GLOSSARY.md cover both.
 * JSON imports: esbuild bundles them into the built server, no file to find at run time.
 */
export const SERVER_TEXTS = { it, en, fr } satisfies Record<TLanguage, typeof it>;

export type TServerTexts = typeof it;
