import { PRESENCE_MAX_STREAMS_PER_USER, ZPresenceQuery } from '@impact/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { currentUser } from '../../plugins/authentication';
import { loadSubmissionFor } from '../submission-core/access';
import { openEventStream } from './event-stream';
import { PresenceRegistry, type PresenceStream } from './registry';
import { sharePresence } from './shared-presence';

/**
 * A stream ends after this long; the page opens a new one (with a fresh access token). So a
 * revoked session stops being shown within it, even when its membership did not change.
 */
const STREAM_LIFETIME_MS = 15 * 60_000;

/** Who else has an application open: one event stream per open wizard (decision 0032). */
export const presenceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, limits, stepSaves }) => {
  const registry = new PresenceRegistry(PRESENCE_MAX_STREAMS_PER_USER);
  const shared = limits.redis
    ? sharePresence(registry, stepSaves, limits.redis, `${limits.nameSpace}presence`, config.presenceRecheckMs, app.log)
    : null;
  const stopTelling = stepSaves.listen((saved) => registry.tellSaved(saved));
  // Open streams would keep close() waiting for ever: end them before the server stops listening.
  app.addHook('preClose', (done) => {
    stopTelling();
    registry.endAll();
    shared?.close();
    done();
  });

  app.get(
    '/Call/SubmissionPresence',
    {
      config: { access: 'user', owns: 'submissionId' },
      schema: {
        tags: ['submissions'],
        summary:
          'text/event-stream: `presence` events with the other members who have this application open; `saved` ({ stepId, version }) when a step answer is written; `end` when the stream ends',
        querystring: ZPresenceQuery,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { submissionId } = request.query;
      // Any member may be seen and see (viewers too); others get 404 as everywhere.
      await loadSubmissionFor(db, user, submissionId, { need: 'read' });
      const [me] = await db
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, user.id));
      if (!registry.reserve(user.id)) {
        throw new AppError('rateLimited', { messageKey: 'errors.presence.tooManyStreams' });
      }
      const events = openEventStream(reply);
      let ended = false;
      const stream: PresenceStream = {
        viewer: { userId: user.id, firstName: me?.firstName ?? '', lastName: me?.lastName ?? '' },
        push: (others) => events.send('presence', { viewers: others }),
        saved: ({ stepId, version }) => events.send('saved', { stepId, version }),
        end: () => finish('closing'),
      };
      // Access is read again on a slow beat, by the same rule that opened the stream (membership
      // and the call's e-mail filter): one who lost it has their stream ended within one beat.
      const recheck = setInterval(() => {
        loadSubmissionFor(db, user, submissionId, { need: 'read' }).then(
          () => events.ping(),
          // A database hiccup is no proof of lost access: try again at the next beat.
          (err) => (err instanceof AppError && err.status < 500 ? finish('membership') : events.ping()),
        );
      }, config.presenceRecheckMs);
      const lifetime = setTimeout(() => finish('renew'), STREAM_LIFETIME_MS);
      recheck.unref();
      lifetime.unref();
      function finish(reason: 'closing' | 'membership' | 'renew' | 'gone') {
        if (ended) return;
        ended = true;
        clearInterval(recheck);
        clearTimeout(lifetime);
        registry.leave(submissionId, stream);
        registry.release(user.id);
        if (reason !== 'gone') events.send('end', { reason });
        events.end();
      }
      events.onClose(() => finish('gone'));
      // A client that went away while the checks above were awaited closed before onClose was
      // attached: its close event is gone, so ask the socket, or the stream would be shown (and
      // hold a slot) until its lifetime ends.
      if (request.raw.destroyed || reply.raw.destroyed || request.raw.socket?.destroyed) {
        finish('gone');
        return reply;
      }
      registry.join(submissionId, stream);
      return reply;
    },
  );
};
