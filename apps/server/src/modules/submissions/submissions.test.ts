import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization, EXE_BYTES, multipart, PDF_BYTES } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { calls, stepResults } from '../../db/schema';

describe('submissions (SPEC 3, 4, 5, 7)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  let anna: Awaited<ReturnType<typeof signInAs>>;
  let eve: Awaited<ReturnType<typeof signInAs>>;
  let annaOrg: string;
  let eveOrg: string;
  let call: Awaited<ReturnType<typeof createOpenCall>>;

  const as = (who: { headers: Record<string, string> }, org?: string) => ({
    ...who.headers,
    ...(org ? { 'x-organization-id': org } : {}),
  });
  const start = async (who: typeof anna, org: string, callId = call.id) =>
    t.app.inject({ method: 'POST', url: '/api/Call/UpsertCallSubmission', headers: as(who, org), payload: { callId } });
  const writeText = (
    who: typeof anna,
    submissionId: string,
    answer: string,
    version: number,
    stepId = call.textStepId,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallStepResult',
      headers: as(who),
      payload: { callSubmissionId: submissionId, stepId, content: JSON.stringify({ answer }), version },
    });
  const upload = (
    who: typeof anna,
    submissionId: string,
    slot: string,
    file: { name: string; bytes: Buffer },
    description = 'desc',
  ) => {
    const body = multipart(
      { submissionId, stepId: call.uploadStepId, Nome: slot, Descrizione: description, TipoFileId: '1' },
      file,
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/FileUpload/UploadFile',
      headers: { ...as(who), ...body.headers },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'admin@example.org', roles: ['admin'] });
    anna = await signInAs(t.database.db, { email: 'anna@ente.example' });
    eve = await signInAs(t.database.db, { email: 'eve@example.org' });
    annaOrg = await createOrganization(t.app, anna.headers, 'Aurora');
    eveOrg = await createOrganization(t.app, eve.headers, 'Eve Ltd');
    call = await createOpenCall(t.app, admin.headers);
  });
  afterAll(async () => {
    await t.close();
  });

  it('one submission per organization per call: asking twice returns the same one', async () => {
    const first = await start(anna, annaOrg);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ closed: false });
    const second = await start(anna, annaOrg);
    expect(second.json().id).toBe(first.json().id);
    const listed = (await t.app.inject({ url: '/api/Call/GetCallListUser', headers: as(anna, annaOrg) })).json();
    expect(listed.find((c: { id: string }) => c.id === call.id)).toMatchObject({
      submissionId: first.json().id,
      submissionClosed: false,
    });
  });

  it("refuses to start a submission for someone else's organization", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: as(eve),
      payload: { callId: call.id, organizationId: annaOrg },
    });
    expect(res.statusCode).toBe(404);
  });

  it('another applicant gets 404 on the submission, its step results and its files', async () => {
    const sub = (await start(anna, annaOrg)).json().id;
    expect((await writeText(anna, sub, 'Nostro progetto', 0)).statusCode).toBe(200);
    const file = (await upload(anna, sub, 'Budget', { name: 'budget.pdf', bytes: PDF_BYTES })).json();
    expect(file.fileDownloadId).toBeTruthy();

    expect(
      (await t.app.inject({ url: `/api/Call/GetSubmissionByID?submissionId=${sub}`, headers: as(eve) })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          url: `/api/Call/GetStepResult?submissionId=${sub}&StepId=${call.textStepId}`,
          headers: as(eve),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/FileUpload/GetFile?downloadId=${file.fileDownloadId}`, headers: as(eve) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/FileUpload/GetAttachments?submissionId=${sub}`, headers: as(eve) })).statusCode,
    ).toBe(404);
    expect((await writeText(eve, sub, 'hijack', 1)).statusCode).toBe(404);

    // The owner and an admin can read them.
    const own = await t.app.inject({
      url: `/api/FileUpload/GetFile?downloadId=${file.fileDownloadId}`,
      headers: as(anna),
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-disposition']).toContain('attachment');
    expect(own.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(
      (await t.app.inject({ url: `/api/FileUpload/GetFile?downloadId=${file.fileDownloadId}`, headers: as(admin) }))
        .statusCode,
    ).toBe(200);
  });

  it('a stale version is refused with 409 and the newer answer stays', async () => {
    const sub = (await start(anna, annaOrg)).json().id;
    const current = (
      await t.app.inject({
        url: `/api/Call/GetStepResult?submissionId=${sub}&StepId=${call.textStepId}`,
        headers: as(anna),
      })
    ).json();
    const tabA = await writeText(anna, sub, 'from tab A', current.version);
    expect(tabA.statusCode).toBe(200);
    const tabB = await writeText(anna, sub, 'from tab B, stale', current.version);
    expect(tabB.statusCode).toBe(409);
    expect(tabB.json().messageKey).toBe('errors.submissions.staleVersion');
    const stored = (
      await t.app.inject({
        url: `/api/Call/GetStepResult?submissionId=${sub}&StepId=${call.textStepId}`,
        headers: as(anna),
      })
    ).json();
    expect(JSON.parse(stored.content).answer).toBe('from tab A');
    expect(stored.version).toBe(current.version + 1);
  });

  it('a save repeated after its reply was lost is answered with the stored answer, not refused as stale', async () => {
    const sub = (await start(anna, annaOrg)).json().id;
    const read = await t.app.inject({
      url: `/api/Call/GetStepResult?submissionId=${sub}&StepId=${call.textStepId}`,
      headers: as(anna),
    });
    const version = read.statusCode === 200 ? read.json().version : 0;
    const first = await writeText(anna, sub, 'sent once, reply lost', version);
    expect(first.statusCode, first.body).toBe(200);
    // The browser never saw the reply: it sends the same answer from the same version.
    const again = await writeText(anna, sub, 'sent once, reply lost', version);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().version).toBe(first.json().version);
    // Anything else from that version is the conflict it always was; and no one else learns anything.
    expect((await writeText(anna, sub, 'something else', version)).statusCode).toBe(409);
    expect((await writeText(eve, sub, 'sent once, reply lost', version)).statusCode).toBe(404);
  });

  it('enforces the text length limit of the step on the server', async () => {
    const sub = (await start(anna, annaOrg)).json().id;
    const current = (
      await t.app.inject({
        url: `/api/Call/GetStepResult?submissionId=${sub}&StepId=${call.textStepId}`,
        headers: as(anna),
      })
    ).json();
    const res = await writeText(anna, sub, 'x'.repeat(201), current.version);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ messageKey: 'errors.field.tooBig', params: { maximum: 200 } });
  });

  it('uploads: over the size limit, a spoofed type and an unknown slot are refused and store nothing', async () => {
    const sub = (await start(anna, annaOrg)).json().id;
    const before = (
      await t.app.inject({ url: `/api/FileUpload/GetAttachments?submissionId=${sub}`, headers: as(anna) })
    ).json();
    const big = await upload(anna, sub, 'Budget', {
      name: 'big.pdf',
      bytes: Buffer.concat([PDF_BYTES, Buffer.alloc(4096, 32)]),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().errors[0]).toMatchObject({
      messageKey: 'errors.files.tooLarge',
      params: { value: 2, unit: 'KB' },
    });
    const spoofed = await upload(anna, sub, 'Budget', { name: 'invoice.pdf', bytes: EXE_BYTES });
    expect(spoofed.statusCode).toBe(415);
    const unknown = await upload(anna, sub, 'Nope', { name: 'a.pdf', bytes: PDF_BYTES });
    expect(unknown.statusCode).toBe(400);
    const after = (
      await t.app.inject({ url: `/api/FileUpload/GetAttachments?submissionId=${sub}`, headers: as(anna) })
    ).json();
    expect(after).toEqual(before);
  });

  it('cuts file descriptions at 1024 characters and replaces the file of a slot', async () => {
    const sub = (await start(anna, annaOrg)).json().id;
    await upload(anna, sub, 'Budget', { name: 'v2.pdf', bytes: PDF_BYTES }, 'd'.repeat(3000));
    const rows = (
      await t.app.inject({ url: `/api/FileUpload/GetAttachments?submissionId=${sub}`, headers: as(anna) })
    ).json();
    const budget = rows.filter((r: { nomeAllegato: string }) => r.nomeAllegato === 'Budget');
    expect(budget).toHaveLength(1);
    expect(budget[0].fileName).toBe('v2.pdf');
    expect(budget[0].descrizione).toHaveLength(1024);
  });

  it('stores a file under a name ending as its bytes are typed (a PDF named poly.html downloads as .pdf)', async () => {
    const sub = (await start(anna, annaOrg)).json().id;
    const sent = await upload(anna, sub, 'Budget', { name: 'poly.html', bytes: PDF_BYTES });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().fileName).toBe('poly.html.pdf');
    const file = await t.app.inject({
      url: `/api/FileUpload/GetFile?downloadId=${sent.json().fileDownloadId}`,
      headers: as(anna),
    });
    expect(file.headers['content-disposition']).toMatch(/poly\.html\.pdf/);
  });

  it('closing needs the text answer and the mandatory files; then the submission is read-only (409, nothing changes)', async () => {
    const sub = (await start(eve, eveOrg)).json().id;
    const incomplete = await t.app.inject({
      method: 'POST',
      url: '/api/Call/CloseCallSubmission',
      headers: as(eve),
      payload: { submissionId: sub },
    });
    expect(incomplete.statusCode).toBe(400);
    expect(
      incomplete
        .json()
        .errors.map((e: { messageKey: string }) => e.messageKey)
        .sort(),
    ).toEqual(['errors.submissions.fileMissing', 'errors.submissions.textMissing']);
    expect((await writeText(eve, sub, 'Il progetto', 0)).statusCode).toBe(200);
    expect((await upload(eve, sub, 'Budget', { name: 'b.pdf', bytes: PDF_BYTES })).statusCode).toBe(200);
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/Call/CloseCallSubmission',
      headers: as(eve),
      payload: { submissionId: sub },
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toEqual({ id: sub, closed: true });

    const write = await writeText(eve, sub, 'changed after closing', 1);
    expect(write.statusCode).toBe(409);
    // The save whose reply was lost before the Submit, sent again: it is stored, and said so.
    const repeated = await writeText(eve, sub, 'Il progetto', 0);
    expect(repeated.statusCode, repeated.body).toBe(200);
    expect(repeated.json().version).toBe(1);
    expect((await upload(eve, sub, 'Logo', { name: 'b.pdf', bytes: PDF_BYTES })).statusCode).toBe(409);
    const stored = await t.database.db.select().from(stepResults).where(eq(stepResults.callSubmissionId, sub));
    expect(stored.find((r) => r.stepId === call.textStepId)?.content).toBe(JSON.stringify({ answer: 'Il progetto' }));

    // An admin reopens it: the applicant can edit again.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/CallSubmission/ReOpenSubmission?submissionId=${sub}`,
          headers: as(anna),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/CallSubmission/ReOpenSubmission?submissionId=${sub}`,
          headers: as(admin),
        })
      ).statusCode,
    ).toBe(204);
    expect((await writeText(eve, sub, 'edited again', 1)).statusCode).toBe(200);
  });

  it('refuses writes after the closing date, and new submissions outside the open window', async () => {
    const late = await createOpenCall(t.app, admin.headers, { name: 'Late' });
    const sub = (await start(anna, annaOrg, late.id)).json().id;
    await t.database.db
      .update(calls)
      .set({ closingAt: new Date(Date.now() - 60_000) })
      .where(eq(calls.id, late.id));
    const res = await writeText(anna, sub, 'too late', 0, late.textStepId);
    expect(res.statusCode).toBe(409);
    expect(res.json().messageKey).toBe('errors.submissions.deadlinePassed');

    const future = await createOpenCall(t.app, admin.headers, { name: 'Future', opensInDays: 5, closesInDays: 30 });
    const early = await start(anna, annaOrg, future.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().messageKey).toBe('errors.submissions.callNotOpen');
  });

  it('an e-mail-filtered call is invisible to others (case-insensitive, spaces trimmed)', async () => {
    const filtered = await createOpenCall(t.app, admin.headers, {
      name: 'Riservato',
      filterEmails: ' ANNA@ente.example , x@y.org',
    });
    const annaList = (await t.app.inject({ url: '/api/Call/GetCallListUser', headers: as(anna) })).json();
    const eveList = (await t.app.inject({ url: '/api/Call/GetCallListUser', headers: as(eve) })).json();
    expect(annaList.map((c: { id: string }) => c.id)).toContain(filtered.id);
    expect(eveList.map((c: { id: string }) => c.id)).not.toContain(filtered.id);
    expect(
      (await t.app.inject({ url: `/api/Call/GetCallById?callId=${filtered.id}`, headers: as(eve) })).statusCode,
    ).toBe(404);
    expect((await start(eve, eveOrg, filtered.id)).statusCode).toBe(404);
    // Removed from the filter later: the submission already started is out of reach too.
    const started = (await start(anna, annaOrg, filtered.id)).json().id;
    await t.database.db.update(calls).set({ userFilterEmail: 'x@y.org' }).where(eq(calls.id, filtered.id));
    expect(
      (await t.app.inject({ url: `/api/Call/GetSubmissionByID?submissionId=${started}`, headers: as(anna) }))
        .statusCode,
    ).toBe(404);
    await t.database.db
      .update(calls)
      .set({ userFilterEmail: 'anna@ente.example,x@y.org' })
      .where(eq(calls.id, filtered.id));
    // Applicants never see the list of allowed addresses.
    const seen = (await t.app.inject({ url: `/api/Call/GetCallById?callId=${filtered.id}`, headers: as(anna) })).json();
    // The applicant's contract has no such fields at all, not blanked ones.
    for (const adminOnly of ['userFilterEmail', 'powerBIReportID', 'powerBIWorkspaceID']) {
      expect(seen).not.toHaveProperty(adminOnly);
    }
    expect(seen.steps.length).toBeGreaterThan(0);
    for (const step of seen.steps) expect(step).not.toHaveProperty('expectedAnswers');
    const list = (await t.app.inject({ url: '/api/Call/GetCallListUser', headers: as(anna) })).json();
    for (const listed of list) expect(listed).not.toHaveProperty('userFilterEmail');
  });

  it("ignores a score sent by the applicant: scores are the server's to compute", async () => {
    const own = await createOpenCall(t.app, admin.headers, { name: 'Self-graded' });
    const sub = (await start(anna, annaOrg, own.id)).json().id;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallStepResult',
      headers: as(anna),
      payload: {
        callSubmissionId: sub,
        stepId: own.textStepId,
        content: JSON.stringify({ answer: 'a' }),
        score: 1e300,
        version: 0,
      },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(stepResults).where(eq(stepResults.callSubmissionId, sub));
    expect(row?.score).toBeNull();
  });

  it('hides scores from applicants while the call is locked', async () => {
    const locked = await createOpenCall(t.app, admin.headers, { name: 'Locked' });
    const sub = (await start(anna, annaOrg, locked.id)).json().id;
    await writeText(anna, sub, 'a', 0, locked.textStepId);
    // A score as a reviewer or a computed step would give it (applicants cannot write scores).
    await t.database.db.update(stepResults).set({ score: 0.75 }).where(eq(stepResults.callSubmissionId, sub));
    await t.database.db
      .update(calls)
      .set({ callLockEnd: new Date(Date.now() + 86_400_000) })
      .where(eq(calls.id, locked.id));
    const mine = (
      await t.app.inject({ url: `/api/Call/GetSubmissionByID?submissionId=${sub}`, headers: as(anna) })
    ).json();
    expect(mine.stepResults[0].score).toBeNull();
    const adminView = (
      await t.app.inject({ url: `/api/Call/GetSubmissionByIDAdmin?submissionId=${sub}`, headers: as(admin) })
    ).json();
    expect(adminView.stepResults[0].score).toBe(0.75);
    // The administrator's read names whose application it is; the team's does not need to.
    expect(adminView.organizationName).toBe('Aurora');
    expect(mine).not.toHaveProperty('organizationName');
  });

  it('admin endpoints answer 403 to applicants; the list shows call, organization, user and status', async () => {
    for (const url of ['/api/Call/GetSubmissions', `/api/Call/GetSubmissionByIDAdmin?submissionId=${annaOrg}`]) {
      expect((await t.app.inject({ url, headers: as(anna) })).statusCode).toBe(403);
    }
    const list = (await t.app.inject({ url: '/api/Call/GetSubmissions', headers: as(admin) })).json();
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]).toHaveProperty('organizationName');
    expect(list[0]).toHaveProperty('userEmail');
  });

  it('an admin cannot remove a step applicants have answered: 409 and the call stays as it was', async () => {
    const answered = await createOpenCall(t.app, admin.headers, { name: 'Answered' });
    const sub = (await start(anna, annaOrg, answered.id)).json().id;
    expect((await writeText(anna, sub, 'risposta', 0, answered.textStepId)).statusCode).toBe(200);
    const full = (
      await t.app.inject({ url: `/api/Call/GetCallByIdAdmin?callId=${answered.id}`, headers: as(admin) })
    ).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/Call/UpdateCall',
      headers: as(admin),
      payload: {
        id: full.id,
        name: full.name,
        description: full.description,
        openingAt: full.openingAt,
        closingAt: full.closingAt,
        callTypeId: full.callTypeId,
        callType: { id: full.callTypeId, name: 'Type', description: 'Type', steps: [{ ...full.steps[1], sort: 0 }] },
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().messageKey).toBe('errors.calls.stepHasAnswers');
    const after = (
      await t.app.inject({ url: `/api/Call/GetCallByIdAdmin?callId=${answered.id}`, headers: as(admin) })
    ).json();
    expect(after.steps.map((s: { id: string }) => s.id)).toEqual(full.steps.map((s: { id: string }) => s.id));
  });

  it('an organization or a call with submissions cannot be deleted; deleting the submission frees them', async () => {
    const del = await t.app.inject({
      method: 'POST',
      url: `/api/Organization/DeleteOrganization?orgId=${eveOrg}`,
      headers: as(eve),
    });
    expect(del.statusCode).toBe(409);
    const delCall = await t.app.inject({
      method: 'POST',
      url: `/api/Call/DeleteCall?callId=${call.id}`,
      headers: as(admin),
    });
    expect(delCall.statusCode).toBe(409);
    const eveSub = (await start(eve, eveOrg)).json().id;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/CallSubmission/DeleteSubmission?submissionId=${eveSub}`,
          headers: as(admin),
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ url: `/api/Call/GetSubmissionByIDAdmin?submissionId=${eveSub}`, headers: as(admin) }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/Organization/DeleteOrganization?orgId=${eveOrg}`,
          headers: as(eve),
        })
      ).statusCode,
    ).toBeLessThan(300);
  });
});
