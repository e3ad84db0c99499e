import type { Db, Tx } from '../../db/client';
import { type CallRow, isCallLocked, isStageSubmitted } from './access';
import { openChangeRequest } from './change-requests';

/**
 * Whether the applicant's team may see the scores of a submission's answers and its quiz recaps.
 * A quiz's score and recap say which answers are right: shown while the answers can still change,
 * they give the key away one save at a time. So only once the submission (its stage) is submitted, while no
 * request for changes has reopened it (decision 0039), and not while the call is locked (SPEC 1,
 * 4). Admins always see them. Decision 0046.
 */
export async function scoresShownToApplicants(
  db: Db | Tx,
  submission: { id: string; closed: boolean; stage: number; stageClosedAt: Date | null },
  call: Pick<CallRow, 'callLockEnd'>,
  now = new Date(),
): Promise<boolean> {
  if (!isStageSubmitted(submission) || isCallLocked(call, now)) return false;
  return (await openChangeRequest(db, submission.id, now)) === null;
}
