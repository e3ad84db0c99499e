import { eq } from 'drizzle-orm';
import type { Db } from './db/client';
import { callSubmissions, calls, stepResults, submissionRecords } from './db/schema';
import { buildExportData } from './modules/pdf/export-data';

type Stage2 = { stage: 2; stageInvitedAt: Date; stageClosingAt: Date };

/**
 * A demo application as Submit leaves it: closed at `closedAt` with a text answer per step given
 * (in the call's step order) and its frozen stage-1 record, so its PDF downloads; `stage2` moves it
 * to a second stage as an invitation does. Returns the submission and its steps in order.
 */
export async function seedSubmittedApplication(
  db: Db,
  call: { id: string; steps: Array<{ id: string; sort: number }> },
  organizationId: string,
  applicant: { id: string; email: string },
  /** A text step's answer, or a step's whole stored content. */
  answers: Array<string | { content: string; score: number | null }>,
  closedAt: Date,
  stage2?: Stage2,
) {
  const steps = [...call.steps].sort((a, b) => a.sort - b.sort);
  const [submission] = await db
    .insert(callSubmissions)
    .values({ callId: call.id, organizationId, createdByUserId: applicant.id, closed: true, closedAt, ...stage2 })
    .returning();
  const [callRow] = await db.select().from(calls).where(eq(calls.id, call.id));
  if (!submission || !callRow) return null;
  const results = answers.flatMap((answer, i) => {
    const step = steps[i];
    const stored = typeof answer === 'string' ? { content: JSON.stringify({ answer }), score: null } : answer;
    return step ? [{ callSubmissionId: submission.id, stepId: step.id, ...stored }] : [];
  });
  if (results.length) await db.insert(stepResults).values(results);
  const data = await buildExportData(db, submission, callRow, applicant.id, closedAt, 1);
  await db.insert(submissionRecords).values({
    callSubmissionId: submission.id,
    closedAt,
    closedByUserId: applicant.id,
    closedByEmail: applicant.email,
    language: 'it',
    stage: 1,
    data,
  });
  return { submission, steps };
}
