import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, organizationForm, submitToCall } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { organizations, submissionRecords } from '../../db/schema';

/**
 * The contact an owner names for their organization is often another person with an account of
 * their own. When that person deletes their account, their name and address leave the
 * organization and its submitted applications; the organization and its owner stay.
 */
describe('erasing a person who is another organization’s contact', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('removes their name and e-mail from the organization, its records and the admin export', async () => {
    const admin = await signInAs(t.database.db, { email: 'admin@example.org', roles: ['admin'] });
    const owner = await signInAs(t.database.db, { email: 'owner@aurora.example', firstName: 'Olga' });
    const bea = await signInAs(t.database.db, { email: 'bea.contatto@aurora.example', firstName: 'Bea' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/Organization/CreateOrganization',
      headers: owner.headers,
      payload: {
        ...organizationForm('Aurora'),
        contact_name: 'Beatrice',
        contact_surname: 'Contatto',
        contact_email: 'Bea.Contatto@aurora.example',
      },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const org = created.json().id as string;
    const call = await createOpenCall(t.app, admin.headers);
    const submissionId = await submitToCall(t.app, owner.headers, org, call);

    const gone = await t.app.inject({
      method: 'POST',
      url: '/api/User/DeleteMyAccount',
      headers: bea.headers,
      payload: { confirm: true },
    });
    expect(gone.statusCode, gone.body).toBe(200);

    const [row] = await t.database.db.select().from(organizations).where(eq(organizations.id, org));
    expect(row?.name).toBe('Aurora');
    expect(row?.ownerUserId).toBe(owner.user.id);
    expect(row?.contactEmail).toMatch(/^deleted-user-/);
    expect(`${row?.contactName} ${row?.contactSurname}`).not.toMatch(/Beatrice|Contatto/);
    const [record] = await t.database.db
      .select()
      .from(submissionRecords)
      .where(eq(submissionRecords.callSubmissionId, submissionId));
    expect(JSON.stringify(record?.data)).not.toMatch(/bea\.contatto|Beatrice/i);
    const csv = await t.app.inject({
      url: `/api/Report/ExportSubmissions?callId=${call.id}&format=csv`,
      headers: admin.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Aurora');
    expect(csv.body).not.toMatch(/bea\.contatto|Beatrice/i);
  });
});
