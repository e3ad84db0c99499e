import { localisedCall, ZCallReminders, ZProblem, ZRemindersQuery, ZSaveRemindersRequest } from '@impact/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { calls } from '../../db/schema';
import { escapeHtml } from '../../lib/html';
import { requestLanguage } from '../../lib/request-language';
import { translator } from '../../lib/texts';
import { currentUser } from '../../plugins/authentication';
import { readReminders, saveReminders, unsubscribe } from './settings';
import { validSignature } from './unsubscribe-link';

const tags = ['reminders'];
const problems = { 400: ZProblem, 401: ZProblem, 403: ZProblem, 404: ZProblem };
const ZUnsubscribeQuery = z.object({ callId: z.uuid(), email: z.string().max(320), sig: z.string().max(100) });

/**
 * Reminders before a call closes (decision 0036): the admin's settings and log, and the public
 * one-click unsubscribe every reminder carries. The link is signed: GET shows a confirmation (a
 * link scanner that follows it changes nothing), POST unsubscribes (the page's button, and mail
 * clients' RFC 8058 one-click POST).
 */
export const reminderRoutes: FastifyPluginAsyncZod<AppDeps & { unsubscribeKey: string }> = async (
  app,
  { db, unsubscribeKey },
) => {
  app.get(
    '/Call/GetReminders',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "A call's reminder settings (defaults while none are saved) and the reminders sent",
        querystring: ZRemindersQuery,
        response: { 200: ZCallReminders, ...problems },
      },
    },
    async (request) => readReminders(db, request.query.callId),
  );

  app.put(
    '/Call/SaveReminders',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Reminders at chosen hours before closing and a nudge after days without a change',
        body: ZSaveRemindersRequest,
        response: { 200: ZCallReminders, ...problems },
      },
    },
    async (request) => saveReminders(db, currentUser(request), request.body),
  );

  const page = async (
    request: { query: z.infer<typeof ZUnsubscribeQuery>; headers: Record<string, unknown> },
    done: boolean,
  ) => {
    const language = requestLanguage(request as never);
    const t = translator(language);
    const { callId, email, sig } = request.query;
    if (!validSignature(unsubscribeKey, callId, email, sig)) return null;
    const [call] = await db
      .select({ name: calls.name, description: calls.description, translations: calls.translations })
      .from(calls)
      .where(eq(calls.id, callId));
    if (!call) return null;
    if (done) await unsubscribe(db, callId, email);
    const names = { call: localisedCall(call, language).name, email: email.toLowerCase() };
    const action = `?${new URLSearchParams({ callId, email, sig })}`;
    const body = done
      ? `<p role="status">${escapeHtml(t('unsubscribePage.done', names))}</p>`
      : `<form method="post" action="${escapeHtml(action)}"><p>${escapeHtml(t('unsubscribePage.confirm', names))}</p>
<button type="submit" style="font:inherit;padding:10px 18px;border-radius:6px;border:0;background:#087f5b;color:#fff;cursor:pointer">${escapeHtml(t('unsubscribePage.button'))}</button></form>`;
    return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t('unsubscribePage.title'))}</title></head>
<body style="font-family:system-ui,Arial,sans-serif;color:#212529;line-height:1.5;max-width:40rem;margin:3rem auto;padding:0 1rem">
<main><h1 style="font-size:1.5rem">${escapeHtml(t('unsubscribePage.title'))}</h1>${body}</main></body></html>`;
  };

  // RFC 8058's one-click POST may come as multipart/form-data: its body says nothing the signed
  // address does not, so it is drained unread (this parser lives in this plugin only).
  app.addContentTypeParser('multipart/form-data', (_request, payload, done) => {
    payload.resume();
    payload.on('end', () => done(null, undefined));
    payload.on('error', done);
  });

  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/Call/UnsubscribeReminders',
      // Mail providers' one-click POSTs come from few shared addresses: a generous limit.
      config: { access: 'public', rateLimit: { max: 300, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          method === 'GET'
            ? 'The confirmation page of a reminder’s unsubscribe link (signed)'
            : 'Stops one address’s reminders for one call (the page’s button and RFC 8058 one-click)',
        querystring: ZUnsubscribeQuery,
      },
      handler: async (request, reply) => {
        const html = await page(request, method === 'POST');
        if (html === null) {
          return reply
            .status(404)
            .type('text/plain; charset=utf-8')
            .send(translator(requestLanguage(request))('unsubscribePage.invalid'));
        }
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
      },
    });
  }
};
