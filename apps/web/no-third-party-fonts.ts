import type { Plugin } from 'vite';

/** An @font-face rule whose source is another site (survey-core's CSS asks Google for Open Sans). */
const REMOTE_FONT_FACE = /@font-face\s*\{[^}]*url\(\s*["']?https?:\/\/[^}]*\}/g;

/**
 * Drops remote @font-face rules from the CSS we import: the Content Security Policy (font-src
 * 'self' data:) blocks them anyway, each one was an error in the console, and asking a third party
 * for fonts tells it who visits (GDPR). The pages use the theme's own font stack instead.
 */
export function noThirdPartyFonts(): Plugin {
  return {
    name: 'impact-no-third-party-fonts',
    enforce: 'pre',
    transform(code, id) {
      if (!/\.css(?:\?|$)/.test(id) || !REMOTE_FONT_FACE.test(code)) return null;
      REMOTE_FONT_FACE.lastIndex = 0;
      return { code: code.replace(REMOTE_FONT_FACE, ''), map: null };
    },
  };
}
