import type { TLanguage } from '@impact/domain';
import { escapeHtml, langAttribute } from '../../lib/html';
import { moment } from '../../lib/moments';
import { translator } from '../../lib/texts';
import type { PublicCall } from './public-calls';

type Site = { name: string; publicUrl: string; hasLogo: boolean };

/** Small and plain: it lives inside someone else's page, so it takes the width it is given. */
const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#212529;line-height:1.5;margin:0;padding:.75rem;background:#fff}
header{display:flex;align-items:center;gap:.5rem;margin-bottom:.5rem}header img{max-height:32px;width:auto}
h1{font-size:1.1rem;margin:0}ul{list-style:none;margin:0;padding:0}li{border-top:1px solid #dee2e6;padding:.6rem 0}
a{color:#0b6e4f;font-weight:600}a:focus-visible{outline:3px solid #1c4f80;outline-offset:2px}
.status{display:inline-block;border-radius:4px;padding:0 .4rem;font-size:.8rem;font-weight:600;background:#e6fcf5;color:#0b5f44;margin-right:.4rem}
.status.upcoming{background:#e7f5ff;color:#1c4f80}p{margin:.2rem 0;font-size:.9rem}`;

/**
 * /embed/calls: the open and upcoming calls for another site's <iframe>, with the active
 * branding's name and logo. No script; every link opens in the whole window (target _top).
 */
export function embedPageHtml(site: Site, language: TLanguage, list: PublicCall[], now = new Date()): string {
  const t = translator(language);
  const items = list
    .map((call) => {
      const upcoming = call.openingAt > now;
      const url = `${site.publicUrl}/p/calls/${call.slug}?lang=${language}`;
      return `<li><a href="${escapeHtml(url)}" target="_top"${langAttribute(call.textLanguages.name)}>${escapeHtml(call.name)}</a>
<p><span class="status${upcoming ? ' upcoming' : ''}">${escapeHtml(t(upcoming ? 'publicPage.upcoming' : 'publicPage.open'))}</span> ${escapeHtml(
        t('publicPage.dates', {
          opening: moment(call.openingAt, language),
          closing: moment(call.closingAt, language),
        }),
      )}</p></li>`;
    })
    .join('\n');
  const logo = site.hasLogo ? `<img src="${escapeHtml(`${site.publicUrl}/api/Config/GetLogo`)}" alt="">` : '';
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${t('publicPage.indexTitle')} · ${site.name}`)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>${logo}<h1>${escapeHtml(t('publicPage.indexTitle'))} · ${escapeHtml(site.name)}</h1></header>
<main>
${list.length ? `<ul>${items}</ul>` : `<p>${escapeHtml(t('publicPage.none'))}</p>`}
<p><a href="${escapeHtml(`${site.publicUrl}/p/calls?lang=${language}`)}" target="_top">${escapeHtml(t('publicPage.allCalls'))}</a></p>
</main>
</body>
</html>`;
}
