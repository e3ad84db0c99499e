import { z } from 'zod';
import { type TConfigTranslations, textsIn, translatedOr, ZConfigTranslations } from './content-translations';
import { EMPTY_ID } from './ids';
import { type TLanguage, ZConfigDefaultLanguage } from './languages';
import { MAX_EMBED_ORIGINS, ZEmbedOrigin } from './webhooks';

/** SPEC 3 "Config (branding)" default consent sentence (Italian, as the spec says). */
export const DEFAULT_DATA_CONSENT_TEXT =
  'Acconsento al trattamento dei miei dati personali ai sensi del Regolamento (UE) 2016/679 (GDPR) per le finalità connesse alla partecipazione al bando.';

export const DEFAULT_LOGO_SIZE = 50;
/** Max logo payload kept in the config row (a data: URL); larger logos belong in file storage. */
export const MAX_LOGO_BASE64_LENGTH = 2_000_000;

export const ZConfig = z.object({
  id: z.uuid(),
  name: z.string().max(200),
  isActive: z.boolean(),
  description: z.string().max(2000),
  message: z.string().max(5000),
  logoBase64: z.string().max(MAX_LOGO_BASE64_LENGTH).nullable(),
  logoWidth: z.number().int().min(1).max(1000),
  logoHeight: z.number().int().min(1).max(1000),
  listName: z.string().max(200),
  languageSelection: z.boolean(),
  organizationSelection: z.boolean(),
  reportPowerBiId: z.string().max(100),
  workspacePowerBiId: z.string().max(100),
  defaultLanguage: ZConfigDefaultLanguage,
  domain: z.string().max(200),
  dataConsentText: z.string().max(5000),
  /** The welcome message and the consent sentence in the languages beside the default. */
  translations: ZConfigTranslations.default({}),
  /** Sites allowed to frame the embedded call list (/embed/calls), as https origins; none: nobody. */
  embedOrigins: z.array(ZEmbedOrigin).max(MAX_EMBED_ORIGINS).default([]),
});
export type TConfig = z.infer<typeof ZConfig>;

/** The welcome message and consent sentence a reader of `language` sees: theirs, else the default's. */
export function configTextsIn(
  config: { message: string; dataConsentText: string; translations?: TConfigTranslations },
  language: TLanguage,
) {
  const text = textsIn(config.translations, language);
  return {
    message: translatedOr(text?.message, config.message),
    dataConsentText: translatedOr(text?.dataConsentText, config.dataConsentText),
  };
}

/** What a fresh installation shows until an administrator brands it. */
export const DEFAULT_CONFIG: Omit<TConfig, 'id'> = {
  name: 'Impact Calls',
  isActive: true,
  description: 'Configurazione predefinita',
  message: 'Candida la tua organizzazione ai bandi aperti e misura il valore sociale del tuo progetto.',
  logoBase64: null,
  logoWidth: DEFAULT_LOGO_SIZE,
  logoHeight: DEFAULT_LOGO_SIZE,
  // No list name: the calls page heading is the translation ("Bandi", "Calls", "Appels") until an admin sets one.
  listName: '',
  languageSelection: true,
  organizationSelection: true,
  reportPowerBiId: EMPTY_ID,
  workspacePowerBiId: EMPTY_ID,
  defaultLanguage: 'it',
  domain: '',
  dataConsentText: DEFAULT_DATA_CONSENT_TEXT,
  embedOrigins: [],
  translations: {
    en: {
      message: 'Apply with your organization to the open calls and measure the social value of your project.',
      dataConsentText:
        'I consent to the processing of my personal data under Regulation (EU) 2016/679 (GDPR) for the purposes of taking part in the call.',
    },
    fr: {
      message: 'Présentez votre organisation aux appels ouverts et mesurez la valeur sociale de votre projet.',
      dataConsentText:
        'J’accepte le traitement de mes données personnelles conformément au règlement (UE) 2016/679 (RGPD) aux fins de la participation à l’appel.',
    },
  },
};

/**
 * POST Config/UpsertConfig: every field but `isActive` (activation is its own call, so saving a
 * draft never switches the site) and `id` (the empty id, or none, creates a configuration).
 */
export const ZUpsertConfigRequest = ZConfig.omit({ id: true, isActive: true }).extend({
  id: z.uuid().optional(),
  name: z.string().trim().min(1).max(200),
});
export type TUpsertConfigRequest = z.infer<typeof ZUpsertConfigRequest>;

/** GET Config/CanCustomize: whether this admin may brand the site (the e-mail's domain, checked on the server). */
export const ZCanCustomize = z.object({ canCustomize: z.boolean(), domain: z.string() });
export type TCanCustomize = z.infer<typeof ZCanCustomize>;

/** SPEC 9: the logo is previewed 64 px wide in the configuration form. */
export const LOGO_PREVIEW_WIDTH = 64;

/** SPEC 6: the customize tab and its endpoints belong to admins of the organisation's own domain. */
export function isInCustomizeDomain(email: string, domain: string): boolean {
  const at = email.lastIndexOf('@');
  return (
    at > 0 &&
    email
      .slice(at + 1)
      .trim()
      .toLowerCase() === domain.toLowerCase()
  );
}
