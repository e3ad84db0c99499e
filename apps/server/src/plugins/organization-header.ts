import { isEmptyId, ORGANIZATION_HEADER, ZId } from '@impact/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden } from '../lib/app-error';
import type { OwnershipCache } from '../modules/organizations/ownership-cache';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The organization the signed-in user works for, from X-Organization-Id (SPEC 6), already
     * checked to be theirs; null when the request names none.
     */
    organizationId: string | null;
  }
}

/**
 * SPEC 6: "the selected organization id is sent as a header on every request". Registered after
 * `authentication`: a signed-in request naming an organization that is not the caller's answers
 * 403, a malformed id 400, before any handler runs. Anonymous requests never get an organization.
 */
export const organizationHeader = fp<{ ownership: OwnershipCache }>(
  async (app: FastifyInstance, { ownership }) => {
    app.decorateRequest('organizationId', null);
    // Callback style: an ownership confirmed moments ago passes without a promise.
    app.addHook('onRequest', (request, _reply, done) => {
      const raw = request.headers[ORGANIZATION_HEADER];
      const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
      const user = request.user;
      // Absent, empty or the all-zero id (SPEC 9) all mean "no organization selected".
      if (!value || isEmptyId(value) || !user) return done();
      const id = value.toLowerCase();
      // Only well-formed ids are ever remembered as owned: a hit needs no format check.
      if (ownership.has(user.id, id)) {
        request.organizationId = id;
        return done();
      }
      if (!ZId.safeParse(value).success) {
        return done(
          new AppError('validation', {
            messageKey: 'errors.organizations.invalidHeader',
            errors: [
              { path: ORGANIZATION_HEADER, messageKey: 'errors.field.invalidFormat', params: { format: 'uuid' } },
            ],
          }),
        );
      }
      ownership.isOwnedBy(user.id, id).then((owned) => {
        if (!owned) return done(forbidden('errors.organizations.notYours'));
        request.organizationId = id;
        done();
      }, done);
    });
  },
  { name: 'organization-header' },
);
