import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { emailOutbox } from '../../db/schema';
import { enqueueMail, sendDueMails } from './outbox';
import { renderMail } from './templates';

describe('e-mail outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('renders every template in it, en and fr, escaping user values in HTML', () => {
    for (const template of ['verify-email', 'reset-password', 'already-registered'] as const) {
      for (const language of ['it', 'en', 'fr'] as const) {
        const mail = renderMail(template, language, {
          firstName: '<b>Eve</b>',
          appName: 'Bandi',
          link: 'http://x/y?a=1&b=2',
        });
        expect(mail.subject).toContain('Bandi');
        expect(mail.text).toContain('http://x/y?a=1&b=2');
        expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
        expect(mail.html).not.toContain('<b>Eve</b>');
      }
    }
  });

  it('keeps a mail whose sending failed and retries it later; a sent mail is sent once', async () => {
    await enqueueMail(t.database.db, {
      to: 'someone@example.org',
      template: 'verify-email',
      language: 'it',
      params: { firstName: 'S', appName: 'A', link: 'http://l' },
    });
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error('SMTP down');
    };
    expect(await sendDueMails(t.database.db, failing)).toBe(1);
    const [afterFailure] = await t.database.db.select().from(emailOutbox);
    expect(afterFailure?.sentAt).toBeNull();
    expect(afterFailure?.attempts).toBe(1);
    expect(afterFailure?.lastError).toContain('SMTP down');
    // Not due yet: back-off.
    expect(await sendDueMails(t.database.db, failing)).toBe(0);
    expect(calls).toBe(1);

    await t.database.db.update(emailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    const sent: string[] = [];
    expect(await sendDueMails(t.database.db, async (m) => void sent.push(m.to))).toBe(1);
    expect(sent).toEqual(['someone@example.org']);
    expect(await sendDueMails(t.database.db, async (m) => void sent.push(m.to))).toBe(0);
    const [done] = await t.database.db.select().from(emailOutbox);
    expect(done?.sentAt).toBeInstanceOf(Date);
  });

  it('lists mails at /dev/outbox outside production, a mail held for later as held', async () => {
    const later = new Date(Date.now() + 3_600_000);
    await t.database.db.insert(emailOutbox).values({
      to: 'held@example.org',
      subject: 'Esito',
      text: 'Esito',
      html: '<p>Esito</p>',
      template: 'decision',
      nextAttemptAt: later,
    });
    const res = await t.app.inject('/dev/outbox');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('someone@example.org');
    expect(res.body).toContain(`To: held@example.org · `);
    expect(res.body).toContain(`held: to be sent from ${later.toISOString()}`);
  });
});

describe('production', () => {
  it('does not expose /dev/outbox and requires AUTH_SECRET', async () => {
    const { loadConfig } = await import('../../config');
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
    const t = await buildTestApp({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) });
    try {
      expect((await t.app.inject('/dev/outbox')).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
