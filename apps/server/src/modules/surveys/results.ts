import { localisedStep, type TLanguage, type TSubmissionResults } from '@impact/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { stepResults } from '../../db/schema';
import type { SessionUser } from '../../plugins/authentication';
import { stepsOfCallTypes } from '../calls/call-types';
import { serverStepTypeOf } from '../step-types';
import { isCallLocked, loadSubmissionFor } from '../submission-core/access';
import { scoresShownToApplicants } from '../submission-core/scores-shown';

/**
 * GET Call/GetSubmissionResults: what the results step and the closing page show (SPEC 3, 4): the
 * score range of each impact step and the recap of each quiz, computed here from the stored
 * answers. While the call is locked an applicant gets `locked` and nothing else; the quizzes'
 * recaps only once submitted (`quizzesAfterSubmit` says they will come); admins see all.
 */
export async function submissionResults(
  db: Db,
  user: SessionUser,
  submissionId: string,
  locale: TLanguage,
  now = new Date(),
): Promise<TSubmissionResults> {
  const { call, submission } = await loadSubmissionFor(db, user, submissionId, { allowAdmin: true, need: 'read' });
  const lockEnd = call.callLockEnd?.toISOString() ?? null;
  if (!user.isAdmin && isCallLocked(call, now)) return { locked: true, lockEnd, scoreRanges: [], quizzes: [] };
  // A quiz's recap says which answers are right: not while they can still change (scores-shown.ts).
  const quizzesShown = user.isAdmin || (await scoresShownToApplicants(db, submission, call, now));
  const steps = (await stepsOfCallTypes(db, [call.callTypeId])).get(call.callTypeId) ?? [];
  const results = await db.select().from(stepResults).where(eq(stepResults.callSubmissionId, submissionId));
  const byStep = new Map(results.map((r) => [r.stepId, r.content]));
  const out: TSubmissionResults = { locked: false, lockEnd, scoreRanges: [], quizzes: [] };
  for (const step of steps) {
    // The step's name as the reader's language has it (the results name their steps).
    const shown = serverStepTypeOf(step).results?.(localisedStep(step, locale), byStep.get(step.id), locale);
    if (shown?.scoreRange) out.scoreRanges.push(shown.scoreRange);
    if (shown?.quiz) {
      if (quizzesShown) out.quizzes.push(shown.quiz);
      else out.quizzesAfterSubmit = true;
    }
  }
  return out;
}
