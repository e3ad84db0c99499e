import { isEmptyId, ORGANIZATION_HEADER, type TMemberRole, ZId } from '@impact/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden } from '../lib/app-error';
import type { AccessClaims } from '../modules/auth/access-tokens';
import type { CallerLookups } from '../modules/auth/caller-lookups';

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

/** The organization a request names: undefined for none, 'malformed', or the id in lower case. */
function namedOrganization(request: FastifyRequest): string | undefined {
  const raw = request.headers[ORGANIZATION_HEADER];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  // Absent, empty or the all-zero id (SPEC 9) all mean "no organization selected".
  if (!value || isEmptyId(value)) return undefined;
  return ZId.safeParse(value).success ? value.toLowerCase() : 'malformed';
}

type Lookups = Pick<CallerLookups, 'roleOf'>;

/** Roles asked together with the session's check, by request; taken once by the hook below. */
const askedWithSignIn = new WeakMap<
  FastifyRequest,
  { lookups: Lookups; orgId: string; userId: string; role: Promise<TMemberRole | null> }
>();

/**
 * Given to `authentication` as `withSessionCheck`: when sign-in must ask the database whether the
 * session is still live, the role is asked in the same statement (one round trip instead of two).
 * The answer is used only if sign-in then accepts that same user.
 */
export function askRoleWithSessionCheck(lookups: Lookups) {
  return (request: FastifyRequest, claims: AccessClaims) => {
    const orgId = namedOrganization(request);
    if (!orgId || orgId === 'malformed') return;
    const role = lookups.roleOf(claims.userId, orgId);
    // When sign-in fails first nobody reads this answer: its failure must not go unhandled.
    role.catch(() => {});
    askedWithSignIn.set(request, { lookups, orgId, userId: claims.userId, role });
  };
}

/**
 * SPEC 6: "the selected organization id is sent as a header on every request". Registered after
 * `authentication`: a signed-in request naming an organization the caller is not a member of
 * answers 403, a malformed id 400, before any handler runs. Anonymous requests never get an
 * organization. The membership is read at every request (modules/auth/caller-lookups.ts), so a
 * removed member is refused at the next one.
 */
export const organizationHeader = fp<{ memberships: Lookups }>(
  async (app: FastifyInstance, { memberships }) => {
    app.decorateRequest('organizationId', null);
    app.decorateRequest('organizationRole', null);
    app.addHook('onRequest', (request, _reply, done) => {
      const user = request.user;
      const id = user ? namedOrganization(request) : undefined;
      if (!user || !id) return done();
      if (id === 'malformed') {
        return done(
          new AppError('validation', {
            messageKey: 'errors.organizations.invalidHeader',
            errors: [
              { path: ORGANIZATION_HEADER, messageKey: 'errors.field.invalidFormat', params: { format: 'uuid' } },
            ],
          }),
        );
      }
      const asked = askedWithSignIn.get(request);
      askedWithSignIn.delete(request);
      // Only an answer to this very question, asked of the same database.
      const same = asked && asked.lookups === memberships && asked.orgId === id && asked.userId === user.id;
      const role = same ? asked.role : memberships.roleOf(user.id, id);
      role.then((found) => {
        if (!found) return done(forbidden('errors.organizations.notYours'));
        request.organizationId = id;
        request.organizationRole = found;
        done();
      }, done);
    });
  },
  { name: 'organization-header' },
);
