import type { TLanguage } from '@impact/domain';
import { translator } from '../../lib/texts';
import type { PublicCall } from './public-calls';

/** Text for XML: the five characters that could end or open markup, and no control characters XML forbids. */
function xml(value: string): string {
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing the control characters XML forbids is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** An entry's text in another language than the feed's (not written in the reader's): says so. */
const xmlLang = (language: TLanguage | undefined) => (language ? ` xml:lang="${xml(language)}"` : '');

/**
 * /p/calls.atom: the open and upcoming public calls as an Atom feed (RFC 4287): the feed's id,
 * title, updated and self link; each entry's id (the call's urn:uuid, stable across renames),
 * title, updated, link to its public page and summary (HTML as escaped text).
 */
export function atomFeed(site: { name: string; publicUrl: string }, language: TLanguage, calls: PublicCall[]): string {
  const t = translator(language);
  const updated = calls.reduce((latest, c) => (c.updatedAt > latest ? c.updatedAt : latest), new Date(0));
  const entries = calls
    .map(
      (c) => `  <entry>
    <id>urn:uuid:${c.id}</id>
    <title${xmlLang(c.textLanguages.name)}>${xml(c.name)}</title>
    <updated>${c.updatedAt.toISOString()}</updated>
    <link rel="alternate" type="text/html" href="${xml(`${site.publicUrl}/p/calls/${c.slug}`)}"/>
    <summary type="html"${xmlLang(c.textLanguages.description)}>${xml(c.description)}</summary>
  </entry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${language}">
  <id>${xml(`${site.publicUrl}/p/calls`)}</id>
  <title>${xml(`${t('publicPage.indexTitle')} · ${site.name}`)}</title>
  <updated>${(calls.length ? updated : new Date(0)).toISOString()}</updated>
  <author><name>${xml(site.name)}</name></author>
  <link rel="self" type="application/atom+xml" href="${xml(`${site.publicUrl}/p/calls.atom`)}"/>
  <link rel="alternate" type="text/html" href="${xml(`${site.publicUrl}/p/calls`)}"/>
${entries}
</feed>
`;
}
