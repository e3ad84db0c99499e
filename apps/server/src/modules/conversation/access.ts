import { roleAllows, type TMessageSide } from '@impact/domain';
import type { Db, Tx } from '../../db/client';
import { forbidden } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/authentication';
import { loadSubmissionFor } from '../submission-core/access';

/**
 * The caller's side in an application's conversation: its organization's members are the
 * applicant's side (any role reads, owners and editors write), administrators who are not members
 * are the funder's; anyone else, reviewers included, gets the 404 of a submission that does not
 * exist.
 */
export async function conversationSide(
  db: Db | Tx,
  user: SessionUser,
  submissionId: string,
  need: 'read' | 'write',
): Promise<{ side: TMessageSide; organizationId: string; callId: string; canWrite: boolean }> {
  const { submission, role } = await loadSubmissionFor(db, user, submissionId, { allowAdmin: true, need });
  if (role && !roleAllows(role, need)) throw forbidden('errors.organizations.roleTooLow');
  return {
    side: role ? 'applicant' : 'funder',
    canWrite: role ? roleAllows(role, 'write') : true,
    organizationId: submission.organizationId,
    callId: submission.callId,
  };
}
