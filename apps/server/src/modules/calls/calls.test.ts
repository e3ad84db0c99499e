import {
  EMPTY_ID,
  STEP_TYPE_NAMES,
  type TCall,
  type TCallType,
  type TStepType,
  ZCall,
  ZCallType,
} from '@impact/domain';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { POSTGRES_URL } from '../../../test/postgres-only';
import { signInAs } from '../../../test/sign-in';
import { calls, impactFrameworks, steps as stepsTable } from '../../db/schema';
import { seedStepTypes } from './step-types';

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('call builder API', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let applicant: Record<string, string>;
  let types: Map<string, string>;

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = admin) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  async function newCall(): Promise<{ call: TCall; callType: TCallType }> {
    const ct = await inject('POST', '/api/Call/CreateCallType', { name: '', description: '', steps: [] });
    expect(ct.statusCode).toBe(201);
    const callType = ZCallType.parse(ct.json());
    const res = await inject('POST', '/api/Call/CreateCall', {
      name: 'Bando prova',
      description: '<p>Descrizione</p>',
      openingAt: future(30),
      closingAt: future(90),
      callTypeId: callType.id,
    });
    expect(res.statusCode).toBe(201);
    return { call: ZCall.parse(res.json()), callType };
  }

  const uploadContent = JSON.stringify([
    { file_name: 'Budget', file_description: 'Il budget', file_type: 'excel', dimensions: 1_000_000, mandatory: true },
  ]);
  const textContent = JSON.stringify({ question: '<p>Perché?</p>', maxLength: 500 });

  function updateBody(call: TCall, extra: Record<string, unknown> = {}) {
    return {
      id: call.id,
      name: call.name,
      description: call.description,
      openingAt: call.openingAt,
      closingAt: call.closingAt,
      callTypeId: call.callTypeId,
      isUserFilterEnable: false,
      userFilterEmail: '',
      ...extra,
    };
  }

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await signInAs(t.database.db, { email: 'admin@example.org', roles: ['Admin'] })).headers;
    applicant = (await signInAs(t.database.db, { email: 'applicant@example.org' })).headers;
    const res = await inject('GET', '/api/Step/GetStepTypes');
    types = new Map((res.json() as TStepType[]).map((s) => [s.name, s.id]));
  });
  afterAll(async () => {
    await t.close();
  });

  it('seeds the shipped step types once, however often it runs', async () => {
    await seedStepTypes(t.database.db);
    const res = await inject('GET', '/api/Step/GetStepTypes');
    expect((res.json() as TStepType[]).map((s) => s.name).sort()).toEqual([...STEP_TYPE_NAMES].sort());
  });

  it('every endpoint answers 403 to an applicant and 401 without a session', async () => {
    const { call, callType } = await newCall();
    const endpoints: Array<['GET' | 'POST' | 'PUT', string, object?]> = [
      ['GET', '/api/Call/GetCallList'],
      ['GET', `/api/Call/GetCallByIdAdmin?callId=${call.id}`],
      ['GET', '/api/Call/GetCallTypes'],
      ['GET', `/api/Call/GetCallType?callTypeId=${callType.id}`],
      [
        'POST',
        '/api/Call/CreateCall',
        { name: 'x', description: '', openingAt: future(1), closingAt: future(2), callTypeId: callType.id },
      ],
      ['PUT', '/api/Call/UpdateCall', updateBody(call, { name: 'hacked' })],
      ['POST', `/api/Call/DeleteCall?callId=${call.id}`],
      ['POST', '/api/Call/CreateCallType', { name: 'x', description: 'y', steps: [] }],
      ['PUT', '/api/Call/UpsertCallType', { id: callType.id, name: 'hacked', description: '', steps: [] }],
      ['GET', `/api/Step/GetStepById?stepId=${EMPTY_ID}`],
      ['GET', `/api/Step/GetSteps?callTypeId=${callType.id}`],
      ['GET', '/api/Step/GetStepTypes'],
      ['POST', '/api/Step/CreateStepType', { name: 'hacked' }],
    ];
    for (const [method, url, payload] of endpoints) {
      const asApplicant = await inject(method, url, payload, applicant);
      expect(asApplicant.statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await inject(method, url, payload, {});
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    // Nothing changed behind the refusals.
    const after = ZCall.parse((await inject('GET', `/api/Call/GetCallByIdAdmin?callId=${call.id}`)).json());
    expect(after.name).toBe('Bando prova');
  });

  it('creates a call, lists it and reads it back', async () => {
    const { call } = await newCall();
    expect(call).toMatchObject({ name: 'Bando prova', callLockEnd: null, submissionId: EMPTY_ID, steps: [] });
    expect(call.powerBIReportID).toBeNull();
    const list = await inject('GET', '/api/Call/GetCallList');
    expect((list.json() as TCall[]).some((c) => c.id === call.id)).toBe(true);
  });

  it('refuses a save based on a version saved over since (409, nothing changed); saves from the new one, or without a base', async () => {
    const { call } = await newCall();
    const read = async () => ZCall.parse((await inject('GET', `/api/Call/GetCallByIdAdmin?callId=${call.id}`)).json());
    const first = await inject(
      'PUT',
      '/api/Call/UpdateCall',
      updateBody(call, { name: 'Primo', basedOnUpdatedAt: call.updatedAt }),
    );
    expect(first.statusCode, first.body).toBe(200);
    // A second editor who opened the same version saves after the first.
    const second = await inject(
      'PUT',
      '/api/Call/UpdateCall',
      updateBody(call, { name: 'Secondo', basedOnUpdatedAt: call.updatedAt }),
    );
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().messageKey).toBe('errors.calls.changedSince');
    expect((await read()).name).toBe('Primo');
    const saved = ZCall.parse(first.json());
    const fromNew = await inject(
      'PUT',
      '/api/Call/UpdateCall',
      updateBody(call, { name: 'Terzo', basedOnUpdatedAt: saved.updatedAt }),
    );
    expect(fromNew.statusCode, fromNew.body).toBe(200);
    // "Save mine anyway" (and an older client) sends no base.
    const anyway = await inject('PUT', '/api/Call/UpdateCall', updateBody(call, { name: 'Quarto' }));
    expect(anyway.statusCode, anyway.body).toBe(200);
    expect((await read()).name).toBe('Quarto');
  });

  it('refuses steps based on a call type saved elsewhere since (409, nothing changed); saves from the new one, or without a base', async () => {
    const { call, callType } = await newCall();
    const read = async () => ZCall.parse((await inject('GET', `/api/Call/GetCallByIdAdmin?callId=${call.id}`)).json());
    const loaded = await read();
    expect(loaded.callTypeUpdatedAt).toEqual(expect.any(String));
    const withSteps = (name: string) => ({
      id: callType.id,
      name: '',
      description: '',
      steps: [{ name, description: '', content: textContent, sort: 0, stepTypeId: types.get('text') }],
    });
    // Another administrator changes the steps through the call types page.
    const elsewhere = await inject('PUT', '/api/Call/UpsertCallType', withSteps('Dal tipo di bando'));
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    // This call's editor, opened before, saves its own steps: the call's row did not change, its steps did.
    const mine = await inject(
      'PUT',
      '/api/Call/UpdateCall',
      updateBody(loaded, {
        name: 'Mio',
        callType: withSteps('Dal bando'),
        basedOnUpdatedAt: loaded.updatedAt,
        basedOnCallTypeUpdatedAt: loaded.callTypeUpdatedAt,
      }),
    );
    expect(mine.statusCode, mine.body).toBe(409);
    expect(mine.json().messageKey).toBe('errors.calls.changedSince');
    const after = await read();
    expect(after.name).toBe('Bando prova');
    expect(after.steps.map((s) => s.name)).toEqual(['Dal tipo di bando']);
    // Another call on the same type, saved with the steps as they are: no change, so no conflict here.
    const other = await inject('POST', '/api/Call/CreateCall', {
      name: 'Altro bando',
      description: '',
      openingAt: future(30),
      closingAt: future(90),
      callTypeId: callType.id,
    });
    expect(other.statusCode, other.body).toBe(201);
    const unchanged = {
      id: callType.id,
      name: '',
      description: '',
      steps: after.steps.map(({ id, name, description, content, sort, stepTypeId }) => ({
        id,
        name,
        description,
        content,
        sort,
        stepTypeId,
      })),
    };
    const otherSave = await inject(
      'PUT',
      '/api/Call/UpdateCall',
      updateBody(ZCall.parse(other.json()), { callType: unchanged }),
    );
    expect(otherSave.statusCode, otherSave.body).toBe(200);
    expect((await read()).callTypeUpdatedAt).toBe(after.callTypeUpdatedAt);
    // A change of a step's translations alone is a change: the version moves.
    const translated = {
      ...unchanged,
      steps: unchanged.steps.map((step) => ({ ...step, translations: { en: { name: 'From the call type' } } })),
    };
    const translatedSave = await inject(
      'PUT',
      '/api/Call/UpdateCall',
      updateBody(ZCall.parse(other.json()), { callType: translated }),
    );
    expect(translatedSave.statusCode, translatedSave.body).toBe(200);
    const moved = (await read()).callTypeUpdatedAt;
    expect(moved).not.toBe(after.callTypeUpdatedAt);
    // From the version read now, the save goes through and answers the next base.
    const fromNew = await inject(
      'PUT',
      '/api/Call/UpdateCall',
      updateBody(after, {
        name: 'Mio',
        callType: withSteps('Dal bando'),
        basedOnUpdatedAt: after.updatedAt,
        basedOnCallTypeUpdatedAt: moved,
      }),
    );
    expect(fromNew.statusCode, fromNew.body).toBe(200);
    const saved = ZCall.parse(fromNew.json());
    expect(saved.steps.map((s) => s.name)).toEqual(['Dal bando']);
    expect(saved.callTypeUpdatedAt).toBe((await read()).callTypeUpdatedAt);
    // Without the call type's base (older clients), the steps are saved over it.
    const anyway = await inject(
      'PUT',
      '/api/Call/UpdateCall',
      updateBody(after, { callType: withSteps('Senza base'), basedOnUpdatedAt: saved.updatedAt }),
    );
    expect(anyway.statusCode, anyway.body).toBe(200);
    expect((await read()).steps.map((s) => s.name)).toEqual(['Senza base']);
  });

  it('refuses a closing date not after the opening date, and an empty name', async () => {
    const { call } = await newCall();
    const res = await inject('PUT', '/api/Call/UpdateCall', updateBody(call, { closingAt: call.openingAt }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: 'closingAt', messageKey: 'errors.calls.closingBeforeOpening' });
    const noName = await inject('PUT', '/api/Call/UpdateCall', updateBody(call, { name: '   ' }));
    expect(noName.statusCode).toBe(400);
    const create = await inject('POST', '/api/Call/CreateCall', {
      name: 'x',
      description: '',
      openingAt: future(10),
      closingAt: future(5),
      callTypeId: call.callTypeId,
    });
    expect(create.statusCode).toBe(400);
  });

  it('strips scripts and event handlers from the description, keeps the allowed formatting', async () => {
    const { call } = await newCall();
    const dirty =
      '<p>Ciao <strong>mondo</strong> <a href="https://example.org" target="_blank">link</a></p>' +
      '<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">js</a>' +
      '<p onclick="alert(4)" style="color:red">testo</p>';
    const res = await inject('PUT', '/api/Call/UpdateCall', updateBody(call, { description: dirty }));
    expect(res.statusCode).toBe(200);
    const saved = ZCall.parse((await inject('GET', `/api/Call/GetCallByIdAdmin?callId=${call.id}`)).json());
    expect(saved.description).not.toMatch(/script|onerror|onclick|javascript:|style=|<img/i);
    expect(saved.description).toContain('<strong>mondo</strong>');
    expect(saved.description).toContain('href="https://example.org"');
    expect(saved.description).toContain('rel="noopener noreferrer nofollow"');
    expect(saved.description).toContain('<p>testo</p>');
    // The same allow-list applies on create.
    const created = await inject('POST', '/api/Call/CreateCall', {
      name: 'x',
      description: '<script>alert(1)</script><p>ok</p>',
      openingAt: future(1),
      closingAt: future(2),
      callTypeId: call.callTypeId,
    });
    expect(created.json().description).toBe('<p>ok</p>');
  });

  it('stores empty report ids as absent', async () => {
    const { call } = await newCall();
    const res = await inject(
      'PUT',
      '/api/Call/UpdateCall',
      updateBody(call, {
        powerBIReportID: '',
        powerBIWorkspaceID: EMPTY_ID,
        userPowerBIReportID: '  ',
        userPowerBIWorkspaceID: 'ab12-cd34',
      }),
    );
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(calls).where(eq(calls.id, call.id));
    expect(row).toMatchObject({
      powerBiReportId: null,
      powerBiWorkspaceId: null,
      userPowerBiReportId: null,
      userPowerBiWorkspaceId: 'ab12-cd34',
    });
  });

  it('normalises the e-mail filter and refuses an invalid address', async () => {
    const { call } = await newCall();
    const ok = await inject(
      'PUT',
      '/api/Call/UpdateCall',
      updateBody(call, { isUserFilterEnable: true, userFilterEmail: ' A@x.org,b@y.org , a@x.org' }),
    );
    expect(ok.json().userFilterEmail).toBe('a@x.org, b@y.org');
    const bad = await inject(
      'PUT',
      '/api/Call/UpdateCall',
      updateBody(call, { isUserFilterEnable: true, userFilterEmail: 'a@x.org, nope' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({
      path: 'userFilterEmail',
      messageKey: 'errors.calls.filterEmailInvalid',
    });
  });

  it('call lock: must not be in the past; once saved it cannot be changed or cleared', async () => {
    const { call } = await newCall();
    const past = await inject('PUT', '/api/Call/UpdateCall', updateBody(call, { callLockEnd: future(-1) }));
    expect(past.statusCode).toBe(400);
    expect(past.json().errors[0].messageKey).toBe('errors.calls.callLockInPast');

    const lockEnd = future(120);
    const set = await inject('PUT', '/api/Call/UpdateCall', updateBody(call, { callLockEnd: lockEnd }));
    expect(set.statusCode).toBe(200);
    expect(set.json().callLockEnd).toBe(lockEnd);

    const changed = await inject(
      'PUT',
      '/api/Call/UpdateCall',
      updateBody(call, { callLockEnd: future(200), name: 'Nuovo' }),
    );
    expect(changed.statusCode).toBe(409);
    expect(changed.json().messageKey).toBe('errors.calls.callLockFixed');
    const cleared = await inject('PUT', '/api/Call/UpdateCall', updateBody(call, { callLockEnd: null, name: 'Nuovo' }));
    expect(cleared.statusCode).toBe(409);

    // Re-sending the same value, or leaving it out, keeps the lock and saves the rest.
    const same = await inject(
      'PUT',
      '/api/Call/UpdateCall',
      updateBody(call, { callLockEnd: lockEnd, name: 'Stesso' }),
    );
    expect(same.statusCode).toBe(200);
    const omitted = await inject('PUT', '/api/Call/UpdateCall', updateBody(call, { name: 'Omesso' }));
    expect(omitted.json()).toMatchObject({ name: 'Omesso', callLockEnd: lockEnd });
  });

  it('saves the call type with its steps and the call together; content is validated per type', async () => {
    const { call, callType } = await newCall();
    const res = await inject(
      'PUT',
      '/api/Call/UpdateCall',
      updateBody(call, {
        name: 'Con passi',
        callType: {
          id: callType.id,
          name: '',
          description: '',
          steps: [
            {
              name: 'Allegati',
              description: '<p>Carica</p><script>x</script>',
              content: uploadContent,
              sort: 0,
              stepTypeId: types.get('upload'),
            },
            { name: 'Domanda', description: '', content: textContent, sort: 1, stepTypeId: types.get('text') },
          ],
        },
      }),
    );
    expect(res.statusCode).toBe(200);
    const saved = ZCall.parse(res.json());
    expect(saved.name).toBe('Con passi');
    expect(saved.steps.map((s) => [s.name, s.sort, s.stepType?.name])).toEqual([
      ['Allegati', 0, 'upload'],
      ['Domanda', 1, 'text'],
    ]);
    expect(saved.steps[0]?.description).toBe('<p>Carica</p>');
    expect(JSON.parse(saved.steps[0]?.content ?? '')).toEqual(JSON.parse(uploadContent));

    const steps = await inject('GET', `/api/Step/GetSteps?callTypeId=${callType.id}`);
    expect(steps.json()).toHaveLength(2);
    const one = await inject('GET', `/api/Step/GetStepById?stepId=${saved.steps[1]?.id}`);
    expect(one.json()).toMatchObject({ name: 'Domanda', stepType: { name: 'text' } });
    const missing = await inject('GET', `/api/Step/GetStepById?stepId=${EMPTY_ID}`);
    expect(missing.statusCode).toBe(404);
  });

  it('a failed step save leaves the call and its call type unchanged (one transaction)', async () => {
    const { call, callType } = await newCall();
    const first = await inject(
      'PUT',
      '/api/Call/UpdateCall',
      updateBody(call, {
        callType: {
          id: callType.id,
          name: 'Tipo',
          description: '',
          steps: [
            { name: 'Allegati', description: '', content: uploadContent, sort: 0, stepTypeId: types.get('upload') },
          ],
        },
      }),
    );
    expect(first.statusCode).toBe(200);
    const before = ZCall.parse(first.json());

    const badUpload = JSON.stringify([
      { file_name: 'x', file_description: '', file_type: 'exe', dimensions: 10, mandatory: false },
    ]);
    const res = await inject(
      'PUT',
      '/api/Call/UpdateCall',
      updateBody(call, {
        name: 'Cambiato',
        callType: {
          id: callType.id,
          name: 'Tipo cambiato',
          description: '',
          steps: [
            {
              id: before.steps[0]?.id,
              name: 'Rinominato',
              description: '',
              content: uploadContent,
              sort: 0,
              stepTypeId: types.get('upload'),
            },
            { name: 'Rotto', description: '', content: badUpload, sort: 1, stepTypeId: types.get('upload') },
          ],
        },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({
      path: 'callType.steps.1.content.0.file_type',
      messageKey: 'errors.calls.stepContentInvalid',
    });

    const after = ZCall.parse((await inject('GET', `/api/Call/GetCallByIdAdmin?callId=${call.id}`)).json());
    expect(after.name).toBe(before.name);
    expect(after.steps).toEqual(before.steps);
    const type = await inject('GET', `/api/Call/GetCallType?callTypeId=${callType.id}`);
    expect(type.json().name).toBe('Tipo');
  });

  it('an impact step without its framework is refused, with the field named', async () => {
    const { callType } = await newCall();
    for (const content of ['', '{}', JSON.stringify({ frameworkId: 'not-an-id' })]) {
      const res = await inject('PUT', '/api/Call/UpsertCallType', {
        id: callType.id,
        name: 'Tipo',
        description: '',
        steps: [{ name: 'Impatto', description: '', content, sort: 0, stepTypeId: types.get('miniDyi') }],
      });
      expect(res.statusCode, content).toBe(400);
      expect(res.json().errors[0]).toMatchObject({
        path: 'steps.0.content.frameworkId',
        messageKey: 'errors.calls.impactFrameworkRequired',
      });
    }
    const steps = await inject('GET', `/api/Step/GetSteps?callTypeId=${callType.id}`);
    expect(steps.json()).toEqual([]);

    // An impact step stored before the rule, sent back unchanged, does not block the call's other edits.
    const [legacy] = await t.database.db
      .insert(stepsTable)
      .values({
        callTypeId: callType.id,
        name: 'Impatto',
        content: '',
        sort: 0,
        stepTypeId: types.get('miniDyi') ?? '',
      })
      .returning();
    const step = {
      id: legacy?.id,
      name: 'Impatto',
      description: '',
      content: '',
      sort: 0,
      stepTypeId: types.get('miniDyi'),
    };
    const renamed = await inject('PUT', '/api/Call/UpsertCallType', {
      id: callType.id,
      name: 'Tipo rinominato',
      description: '',
      steps: [step, { name: 'Domanda', description: '', content: textContent, sort: 1, stepTypeId: types.get('text') }],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // Edited, it meets the rule.
    const edited = await inject('PUT', '/api/Call/UpsertCallType', {
      id: callType.id,
      name: 'Tipo rinominato',
      description: '',
      steps: [{ ...step, content: '{}' }],
    });
    expect(edited.statusCode).toBe(400);
  });

  const aFramework = async () => {
    const [row] = await t.database.db
      .insert(impactFrameworks)
      .values({ name: 'Quadro', stakeholders: [], outcomes: [] })
      .returning({ id: impactFrameworks.id });
    if (!row) throw new Error('no framework');
    return row.id;
  };
  const impactStepsOf = (callTypeId: string, frameworkId: string) => ({
    id: callTypeId,
    name: 'Tipo',
    description: '',
    steps: [
      {
        name: 'Impatto',
        description: '',
        content: JSON.stringify({ frameworkId }),
        sort: 0,
        stepTypeId: types.get('miniDyi'),
      },
    ],
  });

  it('an impact step naming a framework that no longer exists is refused, with the field named', async () => {
    const { callType } = await newCall();
    const gone = await aFramework();
    await t.database.db.delete(impactFrameworks).where(eq(impactFrameworks.id, gone));
    const res = await inject('PUT', '/api/Call/UpsertCallType', impactStepsOf(callType.id, gone));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      expect.objectContaining({ path: 'steps.0.content.frameworkId', messageKey: 'errors.calls.frameworkGone' }),
    ]);
    expect((await inject('GET', `/api/Step/GetSteps?callTypeId=${callType.id}`)).json()).toEqual([]);
    const kept = await inject('PUT', '/api/Call/UpsertCallType', impactStepsOf(callType.id, await aFramework()));
    expect(kept.statusCode, kept.body).toBe(200);
  });

  // Two transactions at once: PostgreSQL only (the embedded database takes them in turn).
  it.skipIf(!POSTGRES_URL)(
    'a save naming a framework being deleted waits for the deletion, then is refused',
    async () => {
      const { callType } = await newCall();
      const frameworkId = await aFramework();
      // The deletion in progress: its row locked, not yet committed.
      const deleting = new pg.Client({ connectionString: t.url ?? '' });
      await deleting.connect();
      try {
        await deleting.query('begin');
        await deleting.query('select id from impact_frameworks where id = $1 for update', [frameworkId]);
        let settled = false;
        const saved = inject('PUT', '/api/Call/UpsertCallType', impactStepsOf(callType.id, frameworkId)).finally(() => {
          settled = true;
        });
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(settled, 'the save went on beside the deletion').toBe(false);
        await deleting.query('delete from impact_frameworks where id = $1', [frameworkId]);
        await deleting.query('commit');
        const answer = await saved;
        expect(answer.statusCode, answer.body).toBe(400);
        expect(answer.json().errors[0]).toMatchObject({ messageKey: 'errors.calls.frameworkGone' });
      } finally {
        await deleting.end();
      }
    },
  );

  it('a step without a type, or a type-mismatched call type, is refused', async () => {
    const { call, callType } = await newCall();
    const noType = await inject('PUT', '/api/Call/UpsertCallType', {
      id: callType.id,
      name: '',
      description: '',
      steps: [{ name: 'x', description: '', content: '', sort: 0, stepTypeId: EMPTY_ID }],
    });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().errors[0]).toMatchObject({
      path: 'steps.0.stepTypeId',
      messageKey: 'errors.calls.stepTypeRequired',
    });
    const other = await newCall();
    const mismatch = await inject(
      'PUT',
      '/api/Call/UpdateCall',
      updateBody(call, { callType: { id: other.callType.id, name: '', description: '', steps: [] } }),
    );
    expect(mismatch.statusCode).toBe(400);
  });

  it('impact actuals are refused in an application (they belong in a report form)', async () => {
    const { call, callType } = await newCall();
    const res = await inject(
      'PUT',
      '/api/Call/UpdateCall',
      updateBody(call, {
        callType: {
          id: callType.id,
          name: '',
          description: '',
          steps: [{ name: 'Risultati', description: '', content: '', sort: 0, stepTypeId: types.get('impactActuals') }],
        },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({
      path: 'callType.steps.0.stepTypeId',
      messageKey: 'errors.impactActuals.onlyInReports',
    });
    const actualsStep = {
      name: 'Risultati',
      description: '',
      content: '',
      sort: 0,
      stepTypeId: types.get('impactActuals'),
    };
    // Nor by the call type's own route, nor by a call made on, or moved to, a type that has them.
    const upsert = await inject('PUT', '/api/Call/UpsertCallType', {
      id: callType.id,
      name: 'Tipo',
      description: '',
      steps: [actualsStep],
    });
    expect(upsert.statusCode).toBe(400);
    expect(upsert.json().errors[0].messageKey).toBe('errors.impactActuals.onlyInReports');
    const formType = await inject('POST', '/api/Call/CreateCallType', {
      name: 'Modulo',
      description: 'Relazione',
      steps: [actualsStep],
    });
    expect(formType.statusCode).toBe(201);
    const made = await inject('POST', '/api/Call/CreateCall', {
      name: 'Bando',
      description: '',
      openingAt: call.openingAt,
      closingAt: call.closingAt,
      callTypeId: formType.json().id,
    });
    expect(made.statusCode).toBe(400);
    const moved = await inject('PUT', '/api/Call/UpdateCall', updateBody(call, { callTypeId: formType.json().id }));
    expect(moved.statusCode).toBe(400);
    expect((await inject('GET', `/api/Call/GetCallByIdAdmin?callId=${call.id}`)).json().callTypeId).toBe(callType.id);
  });

  it('reordering swaps sort values and keeps them unique; duplicates are refused', async () => {
    const { callType } = await newCall();
    const make = (name: string, sort: number, id?: string) => ({
      ...(id ? { id } : {}),
      name,
      description: '',
      content: '',
      sort,
      stepTypeId: types.get('survey'),
    });
    const created = await inject('PUT', '/api/Call/UpsertCallType', {
      id: callType.id,
      name: 'Ordine',
      description: '',
      steps: [make('A', 0), make('B', 1), make('C', 2)],
    });
    expect(created.statusCode).toBe(200);
    const [a, b, c] = ZCallType.parse(created.json()).steps;
    if (!a || !b || !c) throw new Error('steps missing');

    // Move B up: A and B swap their sort values (the unique index must not trip halfway).
    const swapped = await inject('PUT', '/api/Call/UpsertCallType', {
      id: callType.id,
      name: 'Ordine',
      description: '',
      steps: [make('A', 1, a.id), make('B', 0, b.id), make('C', 2, c.id)],
    });
    expect(swapped.statusCode).toBe(200);
    const order = ZCallType.parse(swapped.json()).steps;
    expect(order.map((s) => [s.id, s.sort])).toEqual([
      [b.id, 0],
      [a.id, 1],
      [c.id, 2],
    ]);

    const duplicate = await inject('PUT', '/api/Call/UpsertCallType', {
      id: callType.id,
      name: 'Ordine',
      description: '',
      steps: [make('A', 0, a.id), make('B', 0, b.id), make('C', 2, c.id)],
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().errors[0]).toMatchObject({
      path: 'steps.1.sort',
      messageKey: 'errors.calls.duplicateSort',
    });
    const unchanged = ZCallType.parse((await inject('GET', `/api/Call/GetCallType?callTypeId=${callType.id}`)).json());
    expect(new Set(unchanged.steps.map((s) => s.sort)).size).toBe(3);

    // Removing a step drops it; ids of another call type are refused.
    const removed = await inject('PUT', '/api/Call/UpsertCallType', {
      id: callType.id,
      name: 'Ordine',
      description: '',
      steps: [make('B', 0, b.id), make('C', 1, c.id)],
    });
    expect(ZCallType.parse(removed.json()).steps.map((s) => s.name)).toEqual(['B', 'C']);
    const other = await newCall();
    const foreign = await inject('PUT', '/api/Call/UpsertCallType', {
      id: other.callType.id,
      name: '',
      description: '',
      steps: [make('B', 0, b.id)],
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('lists call types; UpsertCallType with the empty id creates one', async () => {
    const res = await inject('PUT', '/api/Call/UpsertCallType', {
      id: EMPTY_ID,
      name: 'Nuovo tipo',
      description: 'd',
      steps: [],
    });
    expect(res.statusCode).toBe(200);
    const created = ZCallType.parse(res.json());
    expect(created.id).not.toBe(EMPTY_ID);
    const list = await inject('GET', '/api/Call/GetCallTypes');
    expect((list.json() as TCallType[]).some((c) => c.id === created.id)).toBe(true);
    const unknown = await inject('GET', `/api/Call/GetCallType?callTypeId=${EMPTY_ID}`);
    expect(unknown.statusCode).toBe(404);
  });

  it('creates a step type; a duplicate name is a conflict', async () => {
    const res = await inject('POST', '/api/Step/CreateStepType', { name: 'checklist' });
    expect(res.statusCode).toBe(201);
    const again = await inject('POST', '/api/Step/CreateStepType', { name: 'Checklist' });
    expect(again.statusCode).toBe(409);
    expect(again.json().messageKey).toBe('errors.calls.stepTypeExists');
    const empty = await inject('POST', '/api/Step/CreateStepType', { name: '  ' });
    expect(empty.statusCode).toBe(400);
  });

  it('deletes a call without submissions; an unknown call is 404', async () => {
    const { call } = await newCall();
    const res = await inject('POST', `/api/Call/DeleteCall?callId=${call.id}`);
    expect(res.statusCode).toBe(204);
    expect((await inject('GET', `/api/Call/GetCallByIdAdmin?callId=${call.id}`)).statusCode).toBe(404);
    expect((await inject('POST', `/api/Call/DeleteCall?callId=${call.id}`)).statusCode).toBe(404);
  });
});
