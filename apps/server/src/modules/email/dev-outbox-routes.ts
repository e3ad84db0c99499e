import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { emailAttachments } from '../../db/schema';
import { attachmentDisposition } from '../../lib/file-names';
import { escapeHtml } from '../../lib/html';
import { attachmentContent, attachmentNamesOf, type RenderRecordPdf } from './attachments';
import { listRecentMails } from './outbox';

/**
 * Development only (never registered in production): the mails the app would have sent, so a
 * person trying it without SMTP can click the verification link.
 */
export async function devOutboxRoutes(
  app: FastifyInstance,
  { db, renderRecord }: { db: Db; renderRecord: RenderRecordPdf },
) {
  app.get('/dev/outbox', { config: { access: 'public' } }, async (_request, reply) => {
    const mails = await listRecentMails(db);
    const attachments = await attachmentNamesOf(
      db,
      mails.map((m) => m.id),
    );
    const now = new Date();
    // A mail held for later (a decision until the call's lock ends, a retry) says so: listed as
    // written, it looked as if it had gone out already.
    const state = (m: (typeof mails)[number]) =>
      m.sentAt
        ? 'sent'
        : m.nextAttemptAt > now
          ? `held: to be sent from ${m.nextAttemptAt.toISOString()}`
          : 'not sent (no SMTP)';
    const items = mails
      .map(
        (m) => `<article class="mail">
  <header><strong>${escapeHtml(m.subject)}</strong><br><span>To: ${escapeHtml(m.to)} · ${m.createdAt.toISOString()} · ${state(m)}</span></header>
  <div class="body">${m.html.replace(/^[\s\S]*<body[^>]*>|<\/body>[\s\S]*$/g, '')}</div>
  ${(attachments.get(m.id) ?? [])
    .map(
      (a) =>
        `<p class="attachment">Attachment: <a href="/dev/outbox/attachments/${a.id}">${escapeHtml(a.fileName)}</a></p>`,
    )
    .join('')}
</article>`,
      )
      .join('\n');
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev outbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,Arial,sans-serif;max-width:860px;margin:24px auto;padding:0 16px;background:#f8f9fa}
.mail{background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:16px;margin:16px 0}
header span{color:#868e96;font-size:13px}.attachment{border-top:1px solid #dee2e6;padding-top:8px}</style></head>
<body><h1>Development outbox</h1><p>Mails are kept here because SMTP_URL is not set. Newest first.</p>
${items || '<p>No mails yet.</p>'}</body></html>`;
  });

  // An attachment as the mail would carry it (a submission's PDF is made from its frozen record).
  app.get<{ Params: { id: string } }>(
    '/dev/outbox/attachments/:id',
    { config: { access: 'public' } },
    async (request, reply) => {
      const id = /^[0-9a-f-]{36}$/i.test(request.params.id) ? request.params.id : null;
      const [row] = id ? await db.select().from(emailAttachments).where(eq(emailAttachments.id, id)) : [];
      if (!row) return reply.status(404).type('text/plain').send('not found');
      const bytes = await attachmentContent(db, row, renderRecord);
      return reply
        .type(row.contentType)
        .header('content-disposition', attachmentDisposition(row.fileName, 'attachment'))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );
}
