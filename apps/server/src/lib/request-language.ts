import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '@impact/domain';
import type { FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';

const AVAILABLE = [...LANGUAGES];

/**
 * The language an applicant-facing answer is written in: the request's `Accept-Language`
 * (negotiated with its weights, `fr-FR` counting as `fr`), else the default. The web app sends its
 * interface language in this header on every call. What a user reads in later, when no request
 * of theirs is at hand (mails to them), is the language saved on them from this header
 * (`statedLanguage`, kept on sign-in and session renewal).
 */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): TLanguage {
  const header = request.headers['accept-language'];
  if (!header) return DEFAULT_LANGUAGE;
  const [best] = new Negotiator({ headers: { 'accept-language': header } }).languages(AVAILABLE);
  return (best as TLanguage | undefined) ?? DEFAULT_LANGUAGE;
}

/** The language the request asks for, or null when it names none (a client without Accept-Language states nothing). */
export function statedLanguage(request: Pick<FastifyRequest, 'headers'>): TLanguage | null {
  if (!request.headers['accept-language']) return null;
  const [best] = new Negotiator({ headers: { 'accept-language': request.headers['accept-language'] } }).languages(
    AVAILABLE,
  );
  return (best as TLanguage | undefined) ?? null;
}
