import { LANGUAGES, type TLanguage, type TTextLanguages } from '@impact/domain';
import { escapeHtml, langAttribute } from '../../lib/html';
import { moment } from '../../lib/moments';
import { richTextToPlain } from '../../lib/rich-text-plain';
import { sanitizeRichText } from '../../lib/sanitize';
import { translator } from '../../lib/texts';
import type { PublicCall } from './public-calls';

const DAY_MS = 86_400_000;

type Site = { name: string; publicUrl: string };
type Eligibility = Array<{ text: string; lang: TLanguage | undefined }>;
type Step = {
  name: string;
  description: string;
  textLanguages: TTextLanguages;
  stage: number;
  documents: Array<{ name: string; type: string; required: boolean }>;
};

/** The steps as an ordered list, then the documents they ask for. */
function stepsHtml(steps: Step[], documentsTitle: string, t: ReturnType<typeof translator>) {
  const documents = steps.flatMap((s) => s.documents);
  return `<ol>
${steps
  .map(
    (s) =>
      `<li><strong${langAttribute(s.textLanguages.name)}>${escapeHtml(s.name)}</strong>${
        s.description.trim()
          ? `<div${langAttribute(s.textLanguages.description)}>${sanitizeRichText(s.description)}</div>`
          : ''
      }</li>`,
  )
  .join('\n')}
</ol>
${
  documents.length
    ? `<h3>${escapeHtml(documentsTitle)}</h3>
<ul>
${documents
  .map(
    (d) =>
      `<li>${escapeHtml(d.name)} (${escapeHtml(t(`publicPage.fileType.${d.type}` as 'publicPage.fileType.pdf'))}, ${escapeHtml(
        t(d.required ? 'publicPage.required' : 'publicPage.optional'),
      )})</li>`,
  )
  .join('\n')}
</ul>`
    : ''
}`;
}

/**
 * Plain text of rich text, for meta tags, JSON-LD and the list's excerpts, read as the PDF reads it
 * (inline marks such as bold leave no space behind: "di <strong>prova</strong>." is "di prova."),
 * on one line.
 */
function plain(html: string, max = 300): string {
  const text = richTextToPlain(html).replace(/\s+/g, ' ').replace(/^• /, '').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** JSON inside <script>: no "</script>" or "<!--" can end it early. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#212529;line-height:1.55;margin:0;background:#f8f9fa}
main{max-width:46rem;margin:0 auto;padding:2rem 1rem 3rem}header.site{background:#fff;border-bottom:1px solid #dee2e6}
header.site div{max-width:46rem;margin:0 auto;padding:.75rem 1rem;font-weight:700}a{color:#0b6e4f}
.card{background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:1.25rem;margin:1rem 0}
.status{display:inline-block;border-radius:4px;padding:.1rem .5rem;font-size:.875rem;font-weight:600;background:#e6fcf5;color:#0b5f44}
.status.closed{background:#f1f3f5;color:#343a40}.status.upcoming{background:#e7f5ff;color:#1c4f80}
.apply{display:inline-block;background:#0b6e4f;color:#fff;padding:.6rem 1.2rem;border-radius:6px;text-decoration:none;font-weight:600}
.apply:focus-visible,a:focus-visible{outline:3px solid #1c4f80;outline-offset:2px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}
nav.lang a{margin-right:.75rem}
footer.site{border-top:1px solid #dee2e6;text-align:center;padding:1rem;font-size:.9rem}`;

function layout(
  language: TLanguage,
  site: Site,
  head: { title: string; description: string; url: string; extra?: string },
  body: string,
) {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(head.title)}</title>
<meta name="description" content="${escapeHtml(head.description)}">
<link rel="canonical" href="${escapeHtml(head.url)}">
<meta property="og:type" content="website">
<meta property="og:site_name" content="${escapeHtml(site.name)}">
<meta property="og:title" content="${escapeHtml(head.title)}">
<meta property="og:description" content="${escapeHtml(head.description)}">
<meta property="og:url" content="${escapeHtml(head.url)}">
<meta name="twitter:card" content="summary">
<meta name="twitter:title" content="${escapeHtml(head.title)}">
<meta name="twitter:description" content="${escapeHtml(head.description)}">
<link rel="alternate" type="application/atom+xml" href="${escapeHtml(`${site.publicUrl}/p/calls.atom`)}">
${head.extra ?? ''}
<style>${STYLE}</style>
</head>
<body>
<header class="site"><div>${escapeHtml(site.name)}</div></header>
<main>
${body}
</main>
<footer class="site"><a href="${appLink('/accessibility', language)}">${escapeHtml(translator(language)('publicPage.accessibility'))}</a></footer>
</body>
</html>`;
}

function statusOf(call: PublicCall, now: Date, t: ReturnType<typeof translator>) {
  if (call.openingAt > now) return { cls: 'upcoming', text: t('publicPage.upcoming') };
  if (call.closingAt <= now) return { cls: 'closed', text: t('publicPage.closed') };
  return { cls: 'open', text: t('publicPage.open') };
}

/** How long is left, in words: what a countdown says, without JavaScript. */
function countdown(call: PublicCall, now: Date, t: ReturnType<typeof translator>) {
  if (call.closingAt <= now) return '';
  if (call.openingAt > now) {
    return t('publicPage.opensIn', { count: Math.ceil((call.openingAt.getTime() - now.getTime()) / DAY_MS) });
  }
  const left = call.closingAt.getTime() - now.getTime();
  return left < DAY_MS
    ? t('publicPage.closesInHours', { count: Math.max(1, Math.ceil(left / 3_600_000)) })
    : t('publicPage.closesIn', { count: Math.ceil(left / DAY_MS) });
}

/** Who may apply: the eligibility check's conditions, when the call has one. */
function eligibilityHtml(eligibility: Eligibility, t: ReturnType<typeof translator>) {
  if (!eligibility.length) return '';
  return `<h2>${escapeHtml(t('publicPage.eligibility'))}</h2>
<p>${escapeHtml(t('publicPage.eligibilityHint'))}</p>
<ul>
${eligibility.map((e) => `<li${langAttribute(e.lang)}>${escapeHtml(e.text)}</li>`).join('\n')}
</ul>`;
}

/** A public call's page: what it is, when, who may apply, what they will be asked and which documents to prepare. */
export function callPageHtml(
  site: Site,
  language: TLanguage,
  call: PublicCall,
  steps: Step[],
  eligibility: Eligibility = [],
  now = new Date(),
): string {
  const t = translator(language);
  const url = `${site.publicUrl}/p/calls/${call.slug}`;
  const status = statusOf(call, now, t);
  const left = countdown(call, now, t);
  const hreflang = call.languages
    .map((l) => `<link rel="alternate" hreflang="${l}" href="${escapeHtml(`${url}?lang=${l}`)}">`)
    .join('\n');
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: call.name,
    description: plain(call.description, 500),
    startDate: call.openingAt.toISOString(),
    endDate: call.closingAt.toISOString(),
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    location: { '@type': 'VirtualLocation', url },
    organizer: { '@type': 'Organization', name: site.name, url: site.publicUrl },
    url,
    inLanguage: language,
  };
  // A second stage is by invitation (decision 0034): said apart, so nobody prepares it for nothing.
  const firstStage = steps.filter((s) => s.stage !== 2);
  const secondStage = steps.filter((s) => s.stage === 2);
  const body = `<p><a href="/p/calls?lang=${language}">${escapeHtml(t('publicPage.allCalls'))}</a></p>
<h1${langAttribute(call.textLanguages.name)}>${escapeHtml(call.name)}</h1>
<p><span class="status ${status.cls}">${escapeHtml(status.text)}</span>${left ? ` ${escapeHtml(left)}` : ''}</p>
<dl>
<dt>${escapeHtml(t('publicPage.opens'))}</dt><dd><time datetime="${call.openingAt.toISOString()}">${escapeHtml(moment(call.openingAt, language))}</time></dd>
<dt>${escapeHtml(t('publicPage.closes'))}</dt><dd><time datetime="${call.closingAt.toISOString()}">${escapeHtml(moment(call.closingAt, language))}</time></dd>
</dl>
<div class="card"${langAttribute(call.textLanguages.description)}>${sanitizeRichText(call.description)}</div>
${eligibilityHtml(eligibility, t)}
${
  status.cls === 'closed'
    ? ''
    : `<p><a class="apply" href="${escapeHtml(`${appLink('/calls', language)}&call=${call.id}`)}">${escapeHtml(t('publicPage.apply'))}</a></p>
<p>${escapeHtml(t('publicPage.applyHint'))}</p>`
}
<h2>${escapeHtml(t('publicPage.steps'))}</h2>
${stepsHtml(firstStage, t('publicPage.documents'), t)}
${
  secondStage.length
    ? `<h2>${escapeHtml(t('publicPage.secondStage'))}</h2>
<p>${escapeHtml(t('publicPage.secondStageHint'))}</p>
${stepsHtml(secondStage, t('publicPage.documents'), t)}`
    : ''
}
${languageLinks(call.languages, language, `/p/calls/${call.slug}`, t)}`;
  return layout(
    language,
    site,
    {
      title: `${call.name} · ${site.name}`,
      description: plain(call.description, 160) || call.name,
      url,
      extra: `${hreflang}\n<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`,
    },
    body,
  );
}

/** A page of the app, opened in the language the visitor reads here (the app keeps it as their choice). */
const appLink = (path: string, language: TLanguage) => `${path}?lang=${language}`;

function languageLinks(
  languages: TLanguage[],
  current: TLanguage,
  path: string,
  t: ReturnType<typeof translator>,
): string {
  const others = languages.filter((l) => l !== current);
  if (!others.length) return '';
  const names: Record<TLanguage, string> = { it: 'Italiano', en: 'English', fr: 'Français' };
  return `<nav class="lang" aria-label="${escapeHtml(t('publicPage.languages'))}">${others
    .map((l) => `<a href="${escapeHtml(`${path}?lang=${l}`)}" hreflang="${l}" lang="${l}">${names[l]}</a>`)
    .join('')}</nav>`;
}

/** /p/calls: the calls open now or about to open, each with its dates and a link to its page. */
export function indexPageHtml(site: Site, language: TLanguage, list: PublicCall[], now = new Date()): string {
  const t = translator(language);
  const items = list
    .map((call) => {
      const status = statusOf(call, now, t);
      return `<li class="card"><h2><a href="/p/calls/${escapeHtml(call.slug)}?lang=${language}"${langAttribute(call.textLanguages.name)}>${escapeHtml(call.name)}</a></h2>
<p><span class="status ${status.cls}">${escapeHtml(status.text)}</span> ${escapeHtml(countdown(call, now, t))}</p>
<p>${escapeHtml(t('publicPage.dates', { opening: moment(call.openingAt, language), closing: moment(call.closingAt, language) }))}</p>
<p${langAttribute(call.textLanguages.description)}>${escapeHtml(plain(call.description, 240))}</p></li>`;
    })
    .join('\n');
  const body = `<h1>${escapeHtml(t('publicPage.indexTitle'))}</h1>
<p>${escapeHtml(t('publicPage.indexIntro'))} <a href="/p/calls.atom">${escapeHtml(t('publicPage.feed'))}</a></p>
${list.length ? `<ul style="list-style:none;padding:0">${items}</ul>` : `<p>${escapeHtml(t('publicPage.none'))}</p>`}
<p><a class="apply" href="${appLink('/calls', language)}">${escapeHtml(t('publicPage.signIn'))}</a></p>
${languageLinks([...LANGUAGES], language, '/p/calls', t)}`;
  return layout(
    language,
    site,
    {
      title: `${t('publicPage.indexTitle')} · ${site.name}`,
      description: t('publicPage.indexIntro'),
      url: `${site.publicUrl}/p/calls`,
    },
    body,
  );
}

/** The page of a call that is not public (a draft, a filtered call) or does not exist. */
export function notFoundPageHtml(site: Site, language: TLanguage): string {
  const t = translator(language);
  return layout(
    language,
    site,
    {
      title: `${t('publicPage.notFoundTitle')} · ${site.name}`,
      description: t('publicPage.notFoundBody'),
      url: `${site.publicUrl}/p/calls`,
    },
    `<h1>${escapeHtml(t('publicPage.notFoundTitle'))}</h1><p>${escapeHtml(t('publicPage.notFoundBody'))}</p>
<p><a href="/p/calls?lang=${language}">${escapeHtml(t('publicPage.allCalls'))}</a></p>`,
  );
}
