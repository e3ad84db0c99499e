import { eq } from 'drizzle-orm';
import type { Db } from './db/client';
import { grants, grantTranches, reviewDecisions } from './db/schema';
import { letterHash } from './modules/grants/award-letter';
import { composeLetterFor } from './modules/grants/service';
import { createOrganization } from './modules/organizations/service';
import { applicationForecast } from './modules/step-types/impact-actuals-forecast';
import { demoImpactAnswer, seedReportingPlan, seedSubmittedInterimReport } from './seed-demo-reports';
import { seedSubmittedApplication } from './seed-demo-submitted';

const DAY = 86_400_000;

/**
 * The demo organization's application to the closed call, accepted, with its grant's award letter
 * sent and waiting for the applicant's answer (decision 0043): "Grants" in the user menu shows it.
 * Its mail is not queued: nobody is waiting for it.
 */
export async function seedAwardedGrant(
  db: Db,
  call: { id: string; steps: Array<{ id: string; sort: number }> },
  organizationId: string,
  applicant: { id: string; email: string },
  admin: { id: string; email: string },
  reporting: { frameworkId: string | null; formCallTypeId: string },
) {
  const now = Date.now();
  const callId = call.id;
  const impact = reporting.frameworkId ? await demoImpactAnswer(db, reporting.frameworkId, 45_000) : null;
  const seeded = await seedSubmittedApplication(
    db,
    call,
    organizationId,
    applicant,
    [
      'Dodici orti condivisi nei cortili delle case popolari di Torino nord, curati dalle famiglie con due giardinieri e le scuole del quartiere.',
      ...(impact ? [{ content: impact.content, score: impact.score }] : []),
    ],
    new Date(now - 200 * DAY),
  );
  if (!seeded) return null;
  const { submission } = seeded;
  await db.insert(reviewDecisions).values({
    submissionId: submission.id,
    callId,
    outcome: 'accepted',
    message: '',
    decidedByUserId: admin.id,
    decidedAt: new Date(now - 10 * DAY),
  });
  const [grant] = await db
    .insert(grants)
    .values({
      submissionId: submission.id,
      organizationId,
      callId,
      amount: '45000.00',
      startsAt: '2027-01-01',
      endsAt: '2027-12-31',
      conditions: 'Una relazione intermedia a 6 mesi e una finale a 12 mesi; il logo del finanziatore sui materiali.',
    })
    .returning();
  if (!grant) return null;
  await sendDemoLetter(db, grant, admin, new Date(now - 2 * DAY), { status: 'awaitingAcceptance' });
  // Reports at 6 and 12 months (made when the letter is accepted); paid in two tranches: one on
  // acceptance, the rest once the interim report is approved.
  const [interim] = await seedReportingPlan(db, admin, callId, reporting.formCallTypeId);
  await db.insert(grantTranches).values([
    { grantId: grant.id, position: 0, amount: '30000.00', condition: 'onAcceptance' },
    interim
      ? {
          grantId: grant.id,
          position: 1,
          amount: '15000.00',
          condition: 'onReportApproval',
          reportPlanId: interim.id,
        }
      : { grantId: grant.id, position: 1, amount: '15000.00', condition: 'onDate', dueAt: '2027-07-01' },
  ]);
  return interim?.id ?? null;
}

/** What every demo organization declared when it registered (the form's consents and questions). */
export const DEMO_DECLARATIONS = {
  personalData: true,
  selfCertification: true,
  termsOfService: true,
  nordicCountry: false,
  preFunding: false,
  chnageInLife: false,
} as const;

/**
 * A second grantee of the same call, its owner the demo colleague: the grant was accepted seven
 * months ago and its first tranche paid; its interim report came in three weeks ago with the
 * impact achieved (below the targets), so the admin's portfolio shows forecast against actual
 * and a report waiting for approval, with the second tranche waiting for it.
 */
export async function seedRunningGrant(
  db: Db,
  call: { id: string; steps: Array<{ id: string; sort: number }> },
  owner: { id: string; email: string },
  admin: { id: string; email: string },
  reporting: { frameworkId: string | null; interimPlanId: string | null },
) {
  const now = Date.now();
  const organization = await createOrganization(db, owner.id, {
    name: 'Associazione Il Ponte',
    reg_number: '09876543210',
    street_name: 'Corso Vercelli 40',
    city_name: 'Torino',
    country: 'IT',
    date_of_foundation: '2011-03-02',
    contact_name: 'Lucia',
    contact_surname: 'Ferri',
    contact_role: 'Coordinatrice',
    contact_email: owner.email,
    ...DEMO_DECLARATIONS,
  });
  const impact = reporting.frameworkId ? await demoImpactAnswer(db, reporting.frameworkId, 38_000, 0.5) : null;
  const seeded = await seedSubmittedApplication(
    db,
    call,
    organization.id,
    owner,
    [
      'Orti didattici in sei scuole di Barriera di Milano, con i nonni del quartiere come tutor.',
      ...(impact ? [{ content: impact.content, score: impact.score }] : []),
    ],
    new Date(now - 215 * DAY),
  );
  if (!seeded) return;
  const acceptedAt = new Date(now - 212 * DAY);
  await db.insert(reviewDecisions).values({
    submissionId: seeded.submission.id,
    callId: call.id,
    outcome: 'accepted',
    message: '',
    decidedByUserId: admin.id,
    decidedAt: new Date(now - 214 * DAY),
  });
  const startsAt = acceptedAt.toISOString().slice(0, 10);
  const endsAt = new Date(acceptedAt.getTime() + 365 * DAY).toISOString().slice(0, 10);
  const [grant] = await db
    .insert(grants)
    .values({
      submissionId: seeded.submission.id,
      organizationId: organization.id,
      callId: call.id,
      amount: '38000.00',
      startsAt,
      endsAt,
      conditions: 'Una relazione intermedia a 6 mesi e una finale a 12 mesi.',
    })
    .returning();
  if (!grant) return;
  await sendDemoLetter(db, grant, admin, new Date(acceptedAt.getTime() - 2 * DAY), {
    status: 'active',
    acceptedAt,
    acceptedByUserId: owner.id,
    acceptedByName: 'Lucia Ferri',
    // As an acceptance keeps it: what the reports are measured against.
    impactForecast: await applicationForecast(db, { submissionId: seeded.submission.id, callId: call.id }),
  });
  await db.insert(grantTranches).values([
    {
      grantId: grant.id,
      position: 0,
      amount: '25000.00',
      condition: 'onAcceptance',
      paidAt: startsAt,
      paymentReference: 'CRO 0412-2026',
      paidByUserId: admin.id,
    },
    reporting.interimPlanId
      ? {
          grantId: grant.id,
          position: 1,
          amount: '13000.00',
          condition: 'onReportApproval',
          reportPlanId: reporting.interimPlanId,
        }
      : { grantId: grant.id, position: 1, amount: '13000.00', condition: 'onAcceptance' },
  ]);
  // Achieved a little under the targets: 85 % of the first indicator's, 70 % of the second's.
  const achieved = (impact?.targets ?? []).map((target, i) => Math.round((target ?? 0) * (i === 0 ? 0.85 : 0.7)));
  await seedSubmittedInterimReport(db, grant, owner, achieved, new Date(now - 20 * DAY));
}

/** The grant's award letter as SendAwardLetter writes it (Italian, hashed), sent at `sentAt`; then `state`. */
async function sendDemoLetter(
  db: Db,
  grant: typeof grants.$inferSelect,
  admin: { email: string },
  sentAt: Date,
  state: Partial<typeof grants.$inferInsert>,
) {
  const { text } = await composeLetterFor(db, grant, admin.email, 'it', sentAt);
  await db
    .update(grants)
    .set({ letterLanguage: 'it', letterText: text, letterHash: letterHash(text), letterSentAt: sentAt, ...state })
    .where(eq(grants.id, grant.id));
}
