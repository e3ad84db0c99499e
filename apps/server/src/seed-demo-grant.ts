import { eq } from 'drizzle-orm';
import type { Db } from './db/client';
import { grants, grantTranches, reviewDecisions } from './db/schema';
import { letterHash } from './modules/grants/award-letter';
import { composeLetterFor } from './modules/grants/service';
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
) {
  const now = Date.now();
  const callId = call.id;
  const seeded = await seedSubmittedApplication(
    db,
    call,
    organizationId,
    applicant,
    [
      'Dodici orti condivisi nei cortili delle case popolari di Torino nord, curati dalle famiglie con due giardinieri e le scuole del quartiere.',
    ],
    new Date(now - 200 * DAY),
  );
  if (!seeded) return;
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
  if (!grant) return;
  const sentAt = new Date(now - 2 * DAY);
  const { text } = await composeLetterFor(db, grant, admin.email, 'it', sentAt);
  await db
    .update(grants)
    .set({
      status: 'awaitingAcceptance',
      letterLanguage: 'it',
      letterText: text,
      letterHash: letterHash(text),
      letterSentAt: sentAt,
    })
    .where(eq(grants.id, grant.id));
  // Paid in two tranches: one when the letter is accepted, the rest at mid-term.
  await db.insert(grantTranches).values([
    { grantId: grant.id, position: 0, amount: '30000.00', condition: 'onAcceptance' },
    { grantId: grant.id, position: 1, amount: '15000.00', condition: 'onDate', dueAt: '2027-07-01' },
  ]);
}
