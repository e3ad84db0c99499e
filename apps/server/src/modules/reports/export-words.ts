import type { TLanguage } from '@impact/domain';
import type { FastifyRequest } from 'fastify';
import { statedLanguage } from '../../lib/request-language';
import { type TTextKey, translator } from '../../lib/texts';
import type { Cell } from './export-rows';

/**
 * The language an export of the funder's lists is written in: `lang` when the address names one
 * (a dataset refreshed by a machine fixes it so), else the one the request states (the web app
 * sends the reader's), else none: a machine that states nothing.
 */
export function exportLanguage(request: Pick<FastifyRequest, 'headers'>, lang?: TLanguage): TLanguage | null {
  return lang ?? statedLanguage(request);
}

/**
 * The words of such an export: its headers, statuses and yes or no, in the reader's language. A
 * request that states no language (a script, a dataset's refresh) gets what these exports always
 * wrote, the English headers and the codes (`awaitingAcceptance`, `true`), so its filters go on
 * working; a person's reads their own language.
 */
export function exportWords(language: TLanguage | null) {
  const t = translator(language ?? 'en');
  return {
    header: (key: TTextKey) => t(key),
    word: (key: TTextKey, code: Cell): Cell => (language === null ? code : t(key)),
  };
}
