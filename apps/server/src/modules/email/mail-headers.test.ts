import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization, submitToCall } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { startSmtpSink } from '../../../test/smtp-sink';
import { emailOutbox } from '../../db/schema';
import { enqueueMail, messageIdFor, sendDueMails } from './outbox';

type Headers = Record<string, string>;

/** Every control character a header could carry but the tab (C0, DEL, C1). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/;
/** Vertical tab, form feed, bell, escape, NEL and a C1 control between the words; a tab kept. */
const DIRTY = 'Bando\u000b \u000cSpeciale\u0007\u001b2027\u0085\u009b\tfine';
const CLEAN = 'Bando Speciale2027 \tfine';

describe('mail headers: no control character but the tab, in every mail', () => {
  let t: TestApp;
  let admin: Headers;
  let anna: Headers;
  let call: Awaited<ReturnType<typeof createOpenCall>>;

  const mailsOf = (template: string) =>
    t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, template));

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await signInAs(t.database.db, { email: 'admin@ente.example', roles: ['admin'] })).headers;
    anna = (await signInAs(t.database.db, { email: 'anna@example.org' })).headers;
    call = await createOpenCall(t.app, admin, { name: DIRTY });
    await submitToCall(t.app, anna, await createOrganization(t.app, anna), call);
  });
  afterAll(async () => {
    await t.close();
  });

  it('SendEmail: the subject the admin typed loses vertical tab, form feed and the rest', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/SendEmail/SendEmail',
      headers: admin,
      payload: {
        callId: call.id,
        audience: 'all',
        subject: `Avviso: ${DIRTY}\r\nBcc: x@evil.example`,
        html: '<p>Ciao</p>',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await mailsOf('admin-message');
    expect(mail?.subject).toBe(`Avviso: ${CLEAN} Bcc: x@evil.example`);
    expect(mail?.subject).not.toMatch(CONTROL);
  });

  it('the receipt queued at Submit: the call’s name in its subject is cleaned', async () => {
    const [receipt] = await mailsOf('submission-receipt');
    expect(receipt?.subject).toContain(CLEAN);
    expect(receipt?.subject).not.toMatch(CONTROL);
  });

  it('review mails: the invitation’s subject names the call, cleaned', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Review/InviteReviewer',
      headers: admin,
      payload: { callId: call.id, email: 'rita@panel.example', language: 'en' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [invitation] = await mailsOf('review-invitation');
    expect(invitation?.subject).toBe(`Invitation to review: ${CLEAN}`);
  });

  it('account mails: the site’s name in the subject is cleaned', async () => {
    await enqueueMail(t.database.db, {
      to: 'new@example.org',
      template: 'verify-email',
      language: 'it',
      params: { firstName: 'Eve', appName: DIRTY, link: 'http://localhost:3000/x' },
    });
    const [mail] = await mailsOf('verify-email');
    expect(mail?.subject).toBe(`Conferma il tuo indirizzo e-mail – ${CLEAN}`);
  });

  it('the transport: a row stored raw (before this rule, or by hand) goes out with clean headers', async () => {
    await t.database.db.update(emailOutbox).set({ sentAt: sql`now()` });
    // Plain SQL, past the column's own cleaning, as an older row would be.
    await t.database.db.execute(
      sql`insert into email_outbox ("to", subject, text, html, template) values (${'old@example.org\u000b'}, ${`Vecchio ${DIRTY}`}, 't', '<p>t</p>', 'legacy')`,
    );
    const smtp = await startSmtpSink();
    const from = 'Impact Calls <no-reply@impact-calls.test>';
    const transport = nodemailer.createTransport(smtp.url);
    const handed: string[] = [];
    try {
      const sent = await sendDueMails(t.database.db, async (mail) => {
        handed.push(mail.subject);
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          messageId: messageIdFor(mail.id, from),
        });
      });
      expect(sent).toBe(1);
      expect(handed).toEqual([`Vecchio ${CLEAN}`]);
      const data = smtp.accepted[0]?.data ?? '';
      const headerBlock = data.slice(0, data.indexOf('\r\n\r\n'));
      // Only CR LF line ends and folding whitespace (space or tab) in the headers on the wire.
      expect(headerBlock.replace(/\r\n[ \t]/g, ' ').replace(/\r\n/g, '\n')).not.toMatch(
        // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
        /[\u0000-\u0008\u000b-\u001f\u007f]/,
      );
      expect(smtp.accepted[0]?.to).toEqual(['<old@example.org>']);
    } finally {
      transport.close();
      await smtp.stop();
    }
  });
});
