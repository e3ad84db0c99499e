import { type TCall, type TStepType, ZCall } from '@impact/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { signInAs } from '../../../test/sign-in';

const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** "New call" makes a draft that applicants never see until it has a name and steps. */
describe('call drafts', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let applicant: Record<string, string>;
  let textTypeId: string;
  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = admin) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await signInAs(t.database.db, { email: 'admin@example.org', roles: ['Admin'] })).headers;
    applicant = (await signInAs(t.database.db, { email: 'applicant@example.org' })).headers;
    const types = (await inject('GET', '/api/Step/GetStepTypes')).json() as TStepType[];
    textTypeId = types.find((s) => s.name === 'text')?.id ?? '';
  });
  afterAll(async () => {
    await t.close();
  });

  async function newDraft(): Promise<TCall> {
    const ct = await inject('POST', '/api/Call/CreateCallType', { name: '', description: '', steps: [] });
    const res = await inject('POST', '/api/Call/CreateCall', {
      name: 'Nuovo bando',
      description: '',
      openingAt: at(-1),
      closingAt: at(30),
      callTypeId: (ct.json() as { id: string }).id,
    });
    expect(res.statusCode).toBe(201);
    return ZCall.parse(res.json());
  }
  const applicantSees = async (callId: string) => {
    const list = await inject('GET', '/api/Call/GetCallListUser', undefined, applicant);
    expect(list.statusCode).toBe(200);
    const body = list.json() as Array<{ id: string }> | { items: Array<{ id: string }> };
    const items = Array.isArray(body) ? body : body.items;
    return items.some((c) => c.id === callId);
  };
  const body = (call: TCall, extra: Record<string, unknown> = {}) => ({
    id: call.id,
    name: call.name,
    description: call.description,
    openingAt: call.openingAt,
    closingAt: call.closingAt,
    callTypeId: call.callTypeId,
    isUserFilterEnable: false,
    userFilterEmail: '',
    ...extra,
  });

  it('a new call with no steps is a draft: hidden from the applicant list, 404 when opened by id', async () => {
    const call = await newDraft();
    expect(call.draft).toBe(true);
    expect(await applicantSees(call.id)).toBe(false);
    const byId = await inject('GET', `/api/Call/GetCallById?callId=${call.id}`, undefined, applicant);
    expect(byId.statusCode).toBe(404);
    // The admin still lists it, marked as a draft.
    const list = (await inject('GET', '/api/Call/GetCallList')).json() as TCall[] | { items: TCall[] };
    const items = Array.isArray(list) ? list : list.items;
    expect(items.find((c) => c.id === call.id)?.draft).toBe(true);
  });

  it('saved without steps it stays a draft; saved with a name and a step it is published for good', async () => {
    const call = await newDraft();
    const noSteps = await inject('PUT', '/api/Call/UpdateCall', body(call, { name: 'Bando senza passi' }));
    expect(noSteps.statusCode).toBe(200);
    expect(ZCall.parse(noSteps.json()).draft).toBe(true);
    expect(await applicantSees(call.id)).toBe(false);

    const step = {
      id: '00000000-0000-0000-0000-000000000000',
      name: 'Il progetto',
      description: '',
      content: JSON.stringify({ question: '<p>Perché?</p>', maxLength: 500 }),
      sort: 0,
      stepTypeId: textTypeId,
      callTypeId: call.callTypeId,
    };
    const withStep = await inject(
      'PUT',
      '/api/Call/UpdateCall',
      body(call, {
        name: 'Bando pubblicato',
        callType: { id: call.callTypeId, name: '', description: '', steps: [step] },
      }),
    );
    expect(withStep.statusCode, withStep.body).toBe(200);
    expect(ZCall.parse(withStep.json()).draft).toBe(false);
    expect(await applicantSees(call.id)).toBe(true);

    // Saving again without touching the steps does not make it a draft again.
    const again = await inject('PUT', '/api/Call/UpdateCall', body(call, { name: 'Bando pubblicato 2' }));
    expect(ZCall.parse(again.json()).draft).toBe(false);
  });

  it('an applicant cannot start a submission on a draft (404, nothing created)', async () => {
    const call = await newDraft();
    const org = await inject(
      'POST',
      '/api/Organization/CreateOrganization',
      {
        name: 'Cooperativa Bozza',
        reg_number: '01234567890',
        street_name: 'Via Roma 1',
        city_name: 'Torino',
        country: 'IT',
        contact_name: 'Marco',
        contact_surname: 'Bianchi',
        contact_role: 'Presidente',
        contact_email: 'marco@example.org',
        personalData: true,
      },
      applicant,
    );
    expect(org.statusCode).toBe(201);
    const orgId = (org.json() as { id: string }).id;
    const res = await inject(
      'POST',
      '/api/Call/UpsertCallSubmission',
      { callId: call.id, organizationId: orgId },
      { ...applicant, 'x-organization-id': orgId },
    );
    expect(res.statusCode).toBe(404);
    const subs = (await inject('GET', `/api/Call/GetSubmissions?callId=${call.id}`)).json() as
      | unknown[]
      | { items: unknown[] };
    expect(Array.isArray(subs) ? subs : subs.items).toHaveLength(0);
  });

  const textStep = (call: TCall, content: string, extra: Record<string, unknown> = {}) => ({
    id: '00000000-0000-0000-0000-000000000000',
    name: 'Il progetto',
    description: '',
    content,
    sort: 0,
    stepTypeId: textTypeId,
    callTypeId: call.callTypeId,
    ...extra,
  });
  const withSteps = (call: TCall, steps: object[], extra: Record<string, unknown> = {}) =>
    body(call, { callType: { id: call.callTypeId, name: '', description: '', steps }, ...extra });
  const asked = JSON.stringify({ question: '<p>Perché?</p>' });
  const unasked = JSON.stringify({ question: '<p>&nbsp;</p>' });

  it('kept a draft when asked, with a name and a half-finished step, until it is published', async () => {
    const call = await newDraft();
    const kept = await inject(
      'PUT',
      '/api/Call/UpdateCall',
      withSteps(call, [textStep(call, unasked)], { draft: true }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    const saved = ZCall.parse(kept.json());
    expect(saved.draft).toBe(true);
    expect(saved.steps).toHaveLength(1);
    expect(await applicantSees(call.id)).toBe(false);

    // Publishing refuses the step that asks nothing, at its field, and changes nothing.
    const step = { ...textStep(call, unasked), id: saved.steps[0]?.id };
    const refused = await inject(
      'PUT',
      '/api/Call/UpdateCall',
      withSteps(saved, [{ ...step, name: ' ' }], { draft: false, name: 'Bando rinominato' }),
    );
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { errors: Array<{ path: string; messageKey: string }> }).errors).toEqual([
      expect.objectContaining({ path: 'callType.steps.0.name', messageKey: 'errors.calls.unfinished.stepNoName' }),
      expect.objectContaining({
        path: 'callType.steps.0.content',
        messageKey: 'errors.calls.unfinished.textNoQuestion',
      }),
    ]);
    const after = ZCall.parse((await inject('GET', `/api/Call/GetCallByIdAdmin?callId=${call.id}`)).json());
    expect(after.name).toBe('Nuovo bando');
    expect(after.draft).toBe(true);

    // Published once the step asks its question.
    const published = await inject(
      'PUT',
      '/api/Call/UpdateCall',
      withSteps(after, [{ ...step, content: asked }], { draft: false, basedOnUpdatedAt: after.updatedAt }),
    );
    expect(published.statusCode, published.body).toBe(200);
    expect(ZCall.parse(published.json()).draft).toBe(false);
    expect(await applicantSees(call.id)).toBe(true);
  });

  it('a published call cannot become a draft again, nor be published without a step', async () => {
    const call = await newDraft();
    const empty = await inject('PUT', '/api/Call/UpdateCall', body(call, { draft: false }));
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('errors.calls.publishNeedsSteps');
    expect(ZCall.parse((await inject('GET', `/api/Call/GetCallByIdAdmin?callId=${call.id}`)).json()).draft).toBe(true);

    const published = ZCall.parse(
      (await inject('PUT', '/api/Call/UpdateCall', withSteps(call, [textStep(call, asked)], { draft: false }))).json(),
    );
    expect(published.draft).toBe(false);
    const back = await inject('PUT', '/api/Call/UpdateCall', body(published, { draft: true }));
    expect(back.statusCode).toBe(409);
    expect(JSON.stringify(back.json())).toContain('errors.calls.publishedStaysPublished');
    expect(await applicantSees(call.id)).toBe(true);
  });

  it('a published call is judged on the steps a save adds or changes, not on one nobody touched', async () => {
    const call = await newDraft();
    // Published the old way (no `draft`), with a step that asks nothing.
    const old = ZCall.parse(
      (await inject('PUT', '/api/Call/UpdateCall', withSteps(call, [textStep(call, unasked)]))).json(),
    );
    expect(old.draft).toBe(false);
    const [stored] = old.steps;
    // Sent back as the editor does: as stored.
    const untouched = { ...textStep(old, stored?.content ?? ''), id: stored?.id };
    const renamed = await inject(
      'PUT',
      '/api/Call/UpdateCall',
      withSteps(old, [untouched], { draft: false, name: 'Bando rinominato' }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const added = await inject(
      'PUT',
      '/api/Call/UpdateCall',
      withSteps(old, [untouched, { ...textStep(old, unasked), sort: 1, name: 'Altro' }], { draft: false }),
    );
    expect(added.statusCode).toBe(400);
    expect(JSON.stringify(added.json())).toContain('callType.steps.1.content');
  });

  it('the steps of a published call stay answerable through the call types page and a draft sharing its type', async () => {
    const call = await newDraft();
    const published = ZCall.parse(
      (await inject('PUT', '/api/Call/UpdateCall', withSteps(call, [textStep(call, asked)], { draft: false }))).json(),
    );
    const [stored] = published.steps;
    const kept = { ...textStep(published, stored?.content ?? ''), id: stored?.id };
    const added = { ...textStep(published, unasked), sort: 1, name: 'Altro' };
    const typePage = await inject('PUT', '/api/Call/UpsertCallType', {
      id: published.callTypeId,
      name: 'Tipo',
      description: 'Tipo',
      steps: [kept, added],
    });
    expect(typePage.statusCode).toBe(400);
    expect(JSON.stringify(typePage.json())).toContain('steps.1.content');

    // Another call, a draft, pointed at the same type: kept a draft, it still cannot empty its steps.
    const other = await newDraft();
    const sharing = await inject(
      'PUT',
      '/api/Call/UpdateCall',
      body(other, {
        callTypeId: published.callTypeId,
        callType: { id: published.callTypeId, name: '', description: '', steps: [{ ...kept, name: ' ' }] },
        draft: true,
      }),
    );
    expect(sharing.statusCode).toBe(400);
    expect(JSON.stringify(sharing.json())).toContain('errors.calls.unfinished.stepNoName');
    const after = ZCall.parse((await inject('GET', `/api/Call/GetCallByIdAdmin?callId=${call.id}`)).json());
    expect(after.steps.map((s) => s.name)).toEqual(['Il progetto']);
  });
});
