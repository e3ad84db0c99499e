import type { TLanguage } from '@impact/domain';

/** Language names written in their own language, so anyone can find theirs (mark them with `lang`). */
export const NATIVE_NAMES: Record<TLanguage, string> = { it: 'Italiano', en: 'English', fr: 'Français' };
