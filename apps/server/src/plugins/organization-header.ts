import { isEmptyId, ORGANIZATION_HEADER, type TMemberRole, ZId } from '@impact/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden } from '../lib/app-error';
import type { MembershipLookup } from '../modules/organizations/membership-lookup';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The organization the signed-in user works for, from X-Organization-Id (SPEC 6), already
     * checked to be one they are a member of; null when the request names none.
     */
    organizationId: string | null;
    /** The caller's role in `organizationId` at this request; null with it. */
    organizationRole: TMemberRole | null;
  }
}

/**
 * SPEC 6: "the selected organization id is sent as a header on every request". Registered after
 * `authentication`: a signed-in request naming an organization the caller is not a member of
 * answers 403, a malformed id 400, before any handler runs. Anonymous requests never get an
 * organization. The membership is read at every request (modules/organizations/membership-lookup.ts),
 * so a removed member is refused at the next one.
 */
export const organizationHeader = fp<{ memberships: MembershipLookup }>(
  async (app: FastifyInstance, { memberships }) => {
    app.decorateRequest('organizationId', null);
    app.decorateRequest('organizationRole', null);
    app.addHook('onRequest', (request, _reply, done) => {
      const raw = request.headers[ORGANIZATION_HEADER];
      const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
      const user = request.user;
      // Absent, empty or the all-zero id (SPEC 9) all mean "no organization selected".
      if (!value || isEmptyId(value) || !user) return done();
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
      const id = value.toLowerCase();
      memberships.roleOf(user.id, id).then((role) => {
        if (!role) return done(forbidden('errors.organizations.notYours'));
        request.organizationId = id;
        request.organizationRole = role;
        done();
      }, done);
    });
  },
  { name: 'organization-header' },
);
