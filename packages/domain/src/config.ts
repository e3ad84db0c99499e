import { z } from 'zod';
import { EMPTY_ID } from './ids';
import { ZConfigDefaultLanguage } from './languages';

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
});
export type TConfig = z.infer<typeof ZConfig>;

/** What a fresh installation shows until an administrator brands it. */
export const DEFAULT_CONFIG: Omit<TConfig, 'id'> = {
  name: 'Impact Calls',
  isActive: true,
  description: 'Default configuration',
  message: 'Candida la tua organizzazione ai bandi aperti e misura il valore sociale del tuo progetto.',
  logoBase64: null,
  logoWidth: DEFAULT_LOGO_SIZE,
  logoHeight: DEFAULT_LOGO_SIZE,
  listName: 'Bandi',
  languageSelection: true,
  organizationSelection: true,
  reportPowerBiId: EMPTY_ID,
  workspacePowerBiId: EMPTY_ID,
  defaultLanguage: 'it',
  domain: '',
  dataConsentText: DEFAULT_DATA_CONSENT_TEXT,
};
