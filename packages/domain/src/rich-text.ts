/**
 * The one allow-list for HTML written by administrators (call and step descriptions, questions):
 * the server strips everything else before storing, and pages sanitise again when rendering.
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'code',
] as const;
export const RICH_TEXT_LINK_ATTRIBUTES = ['href', 'target', 'rel'] as const;
export const RICH_TEXT_URL_SCHEMES = ['http', 'https', 'mailto'] as const;
