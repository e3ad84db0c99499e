import { ZDataSubjectEmail, ZDeleteMyAccountRequest, ZErasureReport, ZProblem } from '@impact/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { idpAccounts, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { currentUser } from '../../plugins/authentication';
import { audit } from '../audit/record';
import { cookieOptions, REFRESH_COOKIE, SESSION_HINT_COOKIE } from '../auth/cookies';
import type { SessionRevocations } from '../auth/session-revocations';
import { eraseUsers } from './erase';
import { collectPersonalData, personalDataZip } from './export';
import { pseudonymFor } from './pseudonym';

export type PrivacyDeps = AppDeps & { revocations: SessionRevocations };

const tags = ['privacy'];
const problems = { 400: ZProblem, 401: ZProblem, 403: ZProblem, 404: ZProblem, 409: ZProblem };
// An export reads everything about a person and streams their files: a few a minute is plenty.
const exportLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/** The (not yet erased) user rows and sign-in accounts of an e-mail, compared without letter case. */
async function subjectOf(db: Db, email: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), isNull(users.erasedAt)));
  const [account] = await db
    .select({ id: idpAccounts.id })
    .from(idpAccounts)
    .where(eq(sql`lower(${idpAccounts.email})`, email))
    .limit(1);
  if (rows.length === 0 && !account) throw notFound('errors.privacy.subjectNotFound');
  return { userIds: rows.map((r) => r.id), emails: [email] };
}

function sendZip(reply: FastifyReply, name: string, body: NodeJS.ReadableStream) {
  reply.header('cache-control', 'no-store');
  reply.header('content-disposition', `attachment; filename="${name}"`);
  reply.type('application/zip');
  return reply.send(body);
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Data protection (GDPR art. 15, 17, 20): a person downloads or erases what the platform holds
 * about them; an administrator answers the same requests for a given e-mail
 * (docs/decisions/0005-gdpr-erasure-and-pseudonyms.md).
 */
export const privacyRoutes: FastifyPluginAsyncZod<PrivacyDeps> = async (app, { db, storage, config, revocations }) => {
  const cookies = cookieOptions(config.publicUrl);

  // The admin routes first: a route walker (the fuzz test) reaches the one that erases its own caller last.
  await app.register(async (plain) => {
    const admin = plain.withTypeProvider<ZodTypeProvider>();

    admin.get(
      '/User/ExportUserData',
      {
        schema: {
          tags,
          summary: 'Data subject request: everything held about the person with this e-mail, as a ZIP',
          querystring: ZDataSubjectEmail,
        },
        config: { access: 'admin', ...exportLimit },
      },
      async (request, reply) => {
        const target = await subjectOf(db, request.query.email);
        const exported = await collectPersonalData(db, target);
        // The trail says an export happened; the e-mail in it is scrubbed if the person is erased later.
        await audit(db, currentUser(request), 'user.export', target.userIds[0] ?? null, { email: request.query.email });
        return sendZip(reply, `personal-data-${day(new Date())}.zip`, personalDataZip(storage, exported));
      },
    );

    admin.post(
      '/User/EraseUserData',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Data subject request: erase the person with this e-mail as DeleteMyAccount would',
          body: ZDataSubjectEmail,
          response: { 200: ZErasureReport, ...problems },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        const target = await subjectOf(db, request.body.email);
        // Erasing oneself would sign the admin out mid-request: that is what DeleteMyAccount is for.
        if (target.userIds.includes(actor.id) || actor.email.toLowerCase() === request.body.email)
          throw conflict('errors.privacy.eraseSelf');
        const { sessionIds, ...report } = await eraseUsers(db, storage, target);
        for (const id of sessionIds) revocations.markRevoked(id);
        // Recorded without the e-mail: the trail must not bring back what was erased.
        await audit(db, actor, 'user.erase', target.userIds[0] ?? null, {
          pseudonym: report.pseudonym ?? (target.userIds[0] ? pseudonymFor(target.userIds[0]).label : null),
          draftsDeleted: report.draftsDeleted,
          submissionsKept: report.submissionsKept,
        });
        return report;
      },
    );
  });
  await app.register(async (plain) => {
    const own = plain.withTypeProvider<ZodTypeProvider>();

    own.get(
      '/User/ExportMyData',
      {
        schema: { tags, summary: 'Everything the platform holds about the caller, as a ZIP (data.json and files)' },
        config: { access: 'user', ...exportLimit },
      },
      async (request, reply) => {
        const me = currentUser(request);
        const exported = await collectPersonalData(db, { userIds: [me.id], emails: [me.email] });
        return sendZip(reply, `my-data-${day(new Date())}.zip`, personalDataZip(storage, exported));
      },
    );

    own.post(
      '/User/DeleteMyAccount',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            "Erase the caller's account: drafts and files deleted, submitted applications kept under a pseudonym",
          body: ZDeleteMyAccountRequest,
          response: { 200: ZErasureReport, ...problems },
        },
      },
      async (request, reply) => {
        const me = currentUser(request);
        const { sessionIds, ...report } = await eraseUsers(db, storage, {
          userIds: [me.id],
          emails: [me.email],
        });
        for (const id of new Set([...sessionIds, me.sessionId])) revocations.markRevoked(id);
        reply.clearCookie(REFRESH_COOKIE, { path: cookies.refresh.path });
        reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
        reply.header('cache-control', 'no-store');
        return report;
      },
    );
  });
};
