import { type TCall, type TStepType, ZCall } from '@impact/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { signInAs } from '../../../test/sign-in';
import { auditLog, callTypes } from '../../db/schema';

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** One admin action, one line of the audit trail: the call editor's "new call" and its save. */
describe('a call created with its new call type', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let textTypeId: string;

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
  const auditRows = () => t.database.db.select().from(auditLog);
  const callTypeCount = async () => (await t.database.db.select({ n: count() }).from(callTypes))[0]?.n ?? 0;
  const dates = { openingAt: future(30), closingAt: future(90) };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await signInAs(t.database.db, { email: 'admin@example.org', roles: ['Admin'] })).headers;
    const types = (await inject('GET', '/api/Step/GetStepTypes')).json() as TStepType[];
    textTypeId = types.find((s) => s.name === 'text')?.id ?? '';
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates both in one request and writes one audit row naming the call type it brought', async () => {
    const before = (await auditRows()).length;
    const res = await inject('POST', '/api/Call/CreateCall', {
      name: 'Bando nuovo',
      description: '',
      ...dates,
      callType: { name: '', description: '', steps: [] },
    });
    expect(res.statusCode).toBe(201);
    const call = ZCall.parse(res.json());
    expect(call.draft).toBe(true);
    const rows = (await auditRows()).slice(before);
    expect(rows.map((r) => r.action)).toEqual(['call.create']);
    expect(rows[0]?.targetId).toBe(call.id);
    expect(rows[0]?.details).toEqual({ name: 'Bando nuovo', newCallType: { id: call.callTypeId, name: '', steps: 0 } });
  });

  it('keeps a call type with steps sent with the call (the survey call page), one row again', async () => {
    const before = (await auditRows()).length;
    const step = { name: 'Perché', description: '', content: JSON.stringify({ question: 'Perché?', maxLength: 500 }) };
    const res = await inject('POST', '/api/Call/CreateCall', {
      name: 'Bando con passi',
      description: '',
      ...dates,
      callType: { name: 'Bando con passi', description: '', steps: [{ ...step, sort: 0, stepTypeId: textTypeId }] },
    });
    expect(res.statusCode).toBe(201);
    const call: TCall = ZCall.parse(res.json());
    expect(call.steps.map((s) => s.name)).toEqual(['Perché']);
    expect(call.draft).toBe(false);
    expect((await auditRows()).slice(before).map((r) => r.action)).toEqual(['call.create']);
  });

  it('saving the call with its steps afterwards is one row too', async () => {
    const created = ZCall.parse(
      (
        await inject('POST', '/api/Call/CreateCall', {
          name: 'Bando da salvare',
          description: '',
          ...dates,
          callType: { name: '', description: '', steps: [] },
        })
      ).json(),
    );
    const before = (await auditRows()).length;
    const step = { name: 'Domanda', description: '', content: JSON.stringify({ question: 'Chi?', maxLength: 100 }) };
    const saved = await inject('PUT', '/api/Call/UpdateCall', {
      id: created.id,
      name: created.name,
      description: '',
      openingAt: created.openingAt,
      closingAt: created.closingAt,
      callTypeId: created.callTypeId,
      callType: {
        id: created.callTypeId,
        name: '',
        description: '',
        steps: [{ ...step, sort: 0, stepTypeId: textTypeId }],
      },
    });
    expect(saved.statusCode).toBe(200);
    expect((await auditRows()).slice(before).map((r) => r.action)).toEqual(['call.update']);
  });

  it('refuses both an existing call type and a new one, or neither, with a translated error; nothing is written', async () => {
    const rowsBefore = (await auditRows()).length;
    const typesBefore = await callTypeCount();
    const existing = (await t.database.db.select({ id: callTypes.id }).from(callTypes).limit(1))[0]?.id;
    for (const pick of [{ callTypeId: existing, callType: { name: '', description: '', steps: [] } }, {}]) {
      const res = await inject('POST', '/api/Call/CreateCall', {
        name: 'Bando doppio',
        description: '',
        ...dates,
        ...pick,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ path: 'callTypeId', messageKey: 'errors.calls.callTypeOrNewType' });
    }
    expect((await auditRows()).length).toBe(rowsBefore);
    expect(await callTypeCount()).toBe(typesBefore);
  });

  it('leaves no call type behind when the call is refused (closing before opening) or a step is bad', async () => {
    const typesBefore = await callTypeCount();
    const rowsBefore = (await auditRows()).length;
    const badDates = await inject('POST', '/api/Call/CreateCall', {
      name: 'Bando storto',
      description: '',
      openingAt: future(90),
      closingAt: future(30),
      callType: { name: '', description: '', steps: [] },
    });
    expect(badDates.statusCode).toBe(400);
    const badStep = await inject('POST', '/api/Call/CreateCall', {
      name: 'Bando storto',
      description: '',
      ...dates,
      callType: {
        name: '',
        description: '',
        steps: [{ name: 'x', description: '', content: 'not json', sort: 0, stepTypeId: textTypeId }],
      },
    });
    expect(badStep.statusCode).toBe(400);
    expect(badStep.json().errors[0].path).toMatch(/^callType\.steps/);
    expect(await callTypeCount()).toBe(typesBefore);
    expect((await auditRows()).length).toBe(rowsBefore);
    const names = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'callType.create'));
    expect(names).toEqual([]);
  });
});
