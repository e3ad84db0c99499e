import { RICH_TEXT_LINK_ATTRIBUTES, RICH_TEXT_TAGS } from '@impact/domain';
import { Typography, type TypographyProps } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * The tags administrators may use in descriptions and questions: the same allow-list the server
 * applies before storing (apps/server/src/modules/calls/sanitize.ts). Rendering sanitises again,
 * so HTML that reached the database some other way still cannot run a script.
 */
const ALLOWED_TAGS = [...RICH_TEXT_TAGS];
const ALLOWED_ATTR = [...RICH_TEXT_LINK_ATTRIBUTES];

let hooked = false;
function purifier() {
  if (!hooked) {
    // A link that opens a new tab must not hand the opener to the target page.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    });
    hooked = true;
  }
  return DOMPurify;
}

export function sanitizeHtml(html: string): string {
  return purifier().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  });
}

/**
 * Admin-authored HTML, rendered safely with the app's typography. `lang` marks a text written in
 * another language than the page's (a call's text not translated into the reader's).
 */
export function SafeHtml({
  html,
  lang,
  ...props
}: { html: string; lang?: string | undefined } & Omit<TypographyProps, 'children'>) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <Typography {...props}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify with an allow-list just above */}
      <div lang={lang} dangerouslySetInnerHTML={{ __html: clean }} />
    </Typography>
  );
}
