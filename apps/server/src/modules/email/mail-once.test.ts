import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_URL } from '../../../test/postgres-only';
import { startSmtpSink } from '../../../test/smtp-sink';
import { createTestDatabase } from '../../../test/test-database';
import { type Database, openDatabase } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { emailOutbox } from '../../db/schema';
import { enqueueMail, messageIdFor, sendDueMails } from './outbox';

const FROM = 'Impact Calls <no-reply@impact-calls.test>';
const serverDir = path.join(import.meta.dirname, '../../..');

async function enqueue(db: Database['db'], n: number, tag: string) {
  for (let i = 0; i < n; i++) {
    await enqueueMail(db, {
      to: `${tag}-${i}@example.org`,
      template: 'verify-email',
      language: 'en',
      params: { firstName: 'S', appName: 'A', link: 'http://l' },
    });
  }
}

describe.skipIf(!POSTGRES_URL)('background mail on several instances (PostgreSQL)', () => {
  let created: Awaited<ReturnType<typeof createTestDatabase>>;
  let url: string;

  beforeAll(async () => {
    created = await createTestDatabase();
    url = created.url ?? '';
    await runMigrations(created.database);
  });
  afterAll(async () => {
    await created?.drop();
  });

  it('three instances polling at once send each of 30 mails exactly once', async () => {
    await created.database.db.delete(emailOutbox);
    await enqueue(created.database.db, 30, 'many');
    const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ kind: 'postgres', url, poolSize: 2 })));
    const sent: string[] = [];
    const send = async (m: { to: string }) => {
      await new Promise((r) => setTimeout(r, 5)); // a slow SMTP server widens the race
      sent.push(m.to);
    };
    try {
      const counts = await Promise.all(instances.map((i) => sendDueMails(i.db, send, { batchSize: 100 })));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
      expect(counts.filter((c) => c > 0).length).toBeGreaterThan(1); // the work was actually shared
    } finally {
      await Promise.all(instances.map((i) => i.close()));
    }
    expect(sent).toHaveLength(30);
    expect(new Set(sent).size).toBe(30);
  });

  it('a worker killed mid-send loses nothing and sends nothing twice: the restarted one finishes', async () => {
    const db = created.database.db;
    await db.delete(emailOutbox);
    await enqueue(db, 3, 'crash');
    const smtp = await startSmtpSink();
    const children: ChildProcess[] = [];
    const startWorker = async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/mail-worker-child.ts'], {
        cwd: serverDir,
        env: { ...process.env, DATABASE_URL: url, SMTP_URL: smtp.url },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      return child;
    };
    try {
      // The first mail goes through; the second arrives at the SMTP server but is never acknowledged...
      const held = smtp.holdAfter(1);
      const first = await startWorker();
      await held;
      // ...and the worker dies right there, its transaction open.
      const exited = new Promise((r) => first.once('exit', r));
      first.kill('SIGKILL');
      await exited;
      expect(smtp.accepted).toHaveLength(1);

      // The dead worker's claim expires after its lease (2 s here), then the new one sends.
      await startWorker();
      await expect
        .poll(async () => (await db.select().from(emailOutbox)).filter((m) => m.sentAt).length, { timeout: 60_000 })
        .toBe(3);
      const rows = await db.select().from(emailOutbox);
      // Each mail accepted once, with the Message-ID derived from its outbox id.
      expect(smtp.accepted.map((m) => m.messageId).sort()).toEqual(rows.map((r) => messageIdFor(r.id, FROM)).sort());
      expect(smtp.accepted.map((m) => m.to[0]).sort()).toEqual([
        '<crash-0@example.org>',
        '<crash-1@example.org>',
        '<crash-2@example.org>',
      ]);
    } finally {
      for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
      await smtp.stop();
    }
  });

  it('nodemailer sends the Message-ID the outbox derives from the mail id', async () => {
    const smtp = await startSmtpSink();
    try {
      const transport = nodemailer.createTransport(smtp.url);
      const id = '6f1c2d3e-0000-4000-8000-000000000001';
      await transport.sendMail({
        from: FROM,
        to: 'a@example.org',
        subject: 's',
        text: 't',
        messageId: messageIdFor(id, FROM),
      });
      transport.close();
      expect(smtp.accepted[0]?.messageId).toBe(`<${id}@impact-calls.test>`);
    } finally {
      await smtp.stop();
    }
  });
});
