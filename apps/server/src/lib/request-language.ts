import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '@impact/domain';
import type { FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';

const AVAILABLE = [...LANGUAGES];

/**
 * The language an applicant-facing answer is written in: the request's `Accept-Language`
 * (negotiated with its weights, `fr-FR` counting as `fr`), else the default. The web app sends its
 * interface language in this header on every call. Users keep no language of their own in this
 * app (the embedded provider's accounts do, but other providers' users have none), so the header
 * is the one source.
 */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): TLanguage {
  const header = request.headers['accept-language'];
  if (!header) return DEFAULT_LANGUAGE;
  const [best] = new Negotiator({ headers: { 'accept-language': header } }).languages(AVAILABLE);
  return (best as TLanguage | undefined) ?? DEFAULT_LANGUAGE;
}
