import type { TLanguage } from '@impact/domain';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** For the few server-rendered pages and mails: every interpolated value goes through this. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/**
 * ` lang="it"` for a text in another language than its page's (a call's text not written in the
 * reader's language), nothing otherwise: a screen reader switches voice for it (WCAG 3.1.2).
 */
export function langAttribute(language: TLanguage | undefined): string {
  return language ? ` lang="${escapeHtml(language)}"` : '';
}
