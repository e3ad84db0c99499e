import { type TCall, ZCall } from '@impact/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';

/** An admin writes a call's texts in en and fr; applicants read them in the language they ask for. */
describe('call content in three languages', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let applicant: Record<string, string>;
  let call: { id: string; textStepId: string; uploadStepId: string };

  const adminCall = async (): Promise<TCall> =>
    ZCall.parse((await t.app.inject({ url: `/api/Call/GetCallByIdAdmin?callId=${call.id}`, headers: admin })).json());

  /** UpdateCall as the call editor sends it: the call with its call type and steps. */
  function saveCall(current: TCall, changes: { translations?: unknown; stepTranslations?: unknown[] }) {
    return t.app.inject({
      method: 'PUT',
      url: '/api/Call/UpdateCall',
      headers: admin,
      payload: {
        id: current.id,
        name: current.name,
        description: current.description,
        openingAt: current.openingAt,
        closingAt: current.closingAt,
        callTypeId: current.callTypeId,
        ...(changes.translations !== undefined ? { translations: changes.translations } : {}),
        callType: {
          id: current.callTypeId,
          name: 'Type',
          description: 'Type',
          steps: current.steps.map((s, i) => ({
            id: s.id,
            name: s.name,
            description: s.description,
            content: s.content,
            sort: s.sort,
            stepTypeId: s.stepTypeId,
            ...(changes.stepTranslations?.[i] !== undefined ? { translations: changes.stepTranslations[i] } : {}),
          })),
        },
      },
    });
  }

  const listAs = (language: string | null, extra: Record<string, string> = {}) =>
    t.app.inject({
      url: '/api/Call/GetCallListUser',
      headers: { ...applicant, ...(language ? { 'accept-language': language } : {}), ...extra },
    });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await signInAs(t.database.db, { email: 'admin@impact.example', roles: ['admin'] })).headers;
    const anna = await signInAs(t.database.db, { email: 'anna@ente.example' });
    const org = await createOrganization(t.app, anna.headers);
    applicant = { ...anna.headers, 'x-organization-id': org };
    call = await createOpenCall(t.app, admin, { name: 'Bando Impatto 2027' });
    const current = await adminCall();
    const saved = await saveCall(current, {
      translations: { en: { name: 'Impact Call 2027', description: '<p>In English<script>x()</script></p>' } },
      stepTranslations: [
        { en: { name: 'Your project', question: '<p>Tell us about it</p>' }, fr: { name: 'Votre projet' } },
        { en: { name: 'Files', uploadSlots: { Budget: { name: 'Budget plan', description: 'As a PDF' } } } },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(() => t.close());

  it('GetCallByIdAdmin returns every language, rich text sanitised as the default language is', async () => {
    const read = await adminCall();
    expect(read.name).toBe('Bando Impatto 2027');
    expect(read.translations).toEqual({ en: { name: 'Impact Call 2027', description: '<p>In English</p>' } });
    expect(read.steps[0]?.name).toBe('Project');
    expect(read.steps[0]?.translations).toEqual({
      en: { name: 'Your project', question: '<p>Tell us about it</p>' },
      fr: { name: 'Votre projet' },
    });
    expect(read.steps[1]?.translations.en?.uploadSlots?.Budget).toEqual({
      name: 'Budget plan',
      description: 'As a PDF',
    });
  });

  it('GetCallListUser answers the name in the Accept-Language asked; a missing French name falls back to Italian', async () => {
    const name = async (language: string | null) =>
      ((await listAs(language)).json() as Array<{ id: string; name: string }>).find((c) => c.id === call.id)?.name;
    expect(await name('en')).toBe('Impact Call 2027');
    expect(await name('en-GB,en;q=0.9')).toBe('Impact Call 2027');
    expect(await name('fr-FR')).toBe('Bando Impatto 2027');
    expect(await name('it')).toBe('Bando Impatto 2027');
    expect(await name(null)).toBe('Bando Impatto 2027');
    expect(await name('de')).toBe('Bando Impatto 2027');
  });

  it('GetCallListUser says which texts are shown in Italian to a reader of another language (a page marks them)', async () => {
    const shownIn = async (language: string) =>
      ((await listAs(language)).json() as Array<{ id: string; textLanguages?: object }>).find((c) => c.id === call.id)
        ?.textLanguages;
    expect(await shownIn('en')).toEqual({});
    expect(await shownIn('fr')).toEqual({ name: 'it', description: 'it' });
    expect(await shownIn('it')).toEqual({});
  });

  it('the list ETag names the language: the same tag in another language is a 200 with that language, not a 304', async () => {
    const english = await listAs('en');
    const tag = english.headers.etag as string;
    expect(english.headers.vary).toContain('accept-language');
    expect((await listAs('en', { 'if-none-match': tag })).statusCode).toBe(304);
    const italian = await listAs('it', { 'if-none-match': tag });
    expect(italian.statusCode).toBe(200);
    expect(italian.headers.etag).not.toBe(tag);
    expect(italian.json().find((c: { id: string }) => c.id === call.id)?.name).toBe('Bando Impatto 2027');
  });

  it("the wizard's call has the language's step names, question and slot names; slots keep their key", async () => {
    const read = async (language: string) =>
      (
        await t.app.inject({
          url: `/api/Call/GetCallById?callId=${call.id}`,
          headers: { ...applicant, 'accept-language': language },
        })
      ).json();
    const english = await read('en');
    expect(english.name).toBe('Impact Call 2027');
    expect(english.description).toBe('<p>In English</p>');
    expect(english.translations).toBeUndefined();
    expect(english.steps.map((s: { name: string }) => s.name)).toEqual(['Your project', 'Files']);
    expect(JSON.parse(english.steps[0].content).question).toBe('<p>Tell us about it</p>');
    const slots = JSON.parse(english.steps[1].content);
    expect(slots[0]).toMatchObject({ file_name: 'Budget', label: 'Budget plan', file_description: 'As a PDF' });
    // The slot without an English text keeps the default language's.
    expect(slots[1]).toMatchObject({ file_name: 'Logo', label: 'Logo', file_description: 'Your logo' });

    const french = await read('fr');
    expect(french.name).toBe('Bando Impatto 2027');
    expect(french.steps.map((s: { name: string }) => s.name)).toEqual(['Votre projet', 'Documents']);
    expect(JSON.parse(french.steps[0].content).question).toBe('<p>Describe your project</p>');
    // Which texts are shown in Italian, for the page to mark them.
    expect(english.textLanguages).toEqual({});
    expect(french.textLanguages).toEqual({ name: 'it', description: 'it' });
    expect(french.steps[0].textLanguages).toEqual({ description: 'it' });
    expect((await read('it')).steps[0].textLanguages).toEqual({});
  });

  it('an unknown language code in translations is a translated 400 and changes nothing', async () => {
    const before = await adminCall();
    for (const body of [
      { translations: { de: { name: 'Aufruf' } } },
      { translations: { it: { name: 'Già nei campi' } } },
      { stepTranslations: [{ es: { name: 'Su proyecto' } }] },
    ]) {
      const res = await saveCall(before, { translations: { en: { name: 'Changed' } }, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toContainEqual(expect.objectContaining({ messageKey: 'errors.translations.language' }));
    }
    const upsert = await t.app.inject({
      method: 'PUT',
      url: '/api/Call/UpsertCallType',
      headers: admin,
      payload: {
        id: before.callTypeId,
        name: 'Type',
        description: 'Type',
        steps: before.steps.map((s) => ({ ...s, stepType: undefined, translations: { xx: { name: 'x' } } })),
      },
    });
    expect(upsert.statusCode).toBe(400);
    expect(upsert.json().errors[0].messageKey).toBe('errors.translations.language');
    expect(await adminCall()).toEqual(before);
  });

  it('UpsertCallType accepts step translations; leaving them out keeps the stored ones', async () => {
    const before = await adminCall();
    const steps = before.steps.map(({ stepType: _type, translations: _t, ...s }) => s);
    const put = (payloadSteps: unknown[]) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/Call/UpsertCallType',
        headers: admin,
        payload: { id: before.callTypeId, name: 'Type', description: 'Type', steps: payloadSteps },
      });
    expect((await put(steps)).statusCode).toBe(200);
    expect((await adminCall()).steps[0]?.translations).toEqual(before.steps[0]?.translations);
    const renamed = await put(
      steps.map((s, i) => (i === 0 ? { ...s, translations: { fr: { name: 'Le projet' } } } : s)),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await adminCall()).steps[0]?.translations).toEqual({ fr: { name: 'Le projet' } });
  });
});
