import { roleAllows, type TMessageSide } from '@impact/domain';
import type { Db, Tx } from '../../db/client';
import { conflict, forbidden } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/authentication';
import { loadSubmissionFor } from '../submission-core/access';
import { reportOfClosedGrant } from '../submission-core/approved-report';

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
): Promise<{
  side: TMessageSide;
  organizationId: string;
  callId: string;
  canWrite: boolean;
  grantClosed: boolean;
  /** A grant's report: only its form call is a draft (decision 0044). */
  report: boolean;
}> {
  const { submission, call, role } = await loadSubmissionFor(db, user, submissionId, { allowAdmin: true, need });
  if (role && !roleAllows(role, need)) throw forbidden('errors.organizations.roleTooLow');
  // A closed grant's report is no longer asked for (decision 0052): its messages are read, no
  // longer written, by either side.
  const report = call.draft;
  const grantClosed = report && (await reportOfClosedGrant(db, submissionId));
  if (grantClosed && need === 'write') throw conflict('errors.grantReports.closedForReports');
  return {
    side: role ? 'applicant' : 'funder',
    canWrite: !grantClosed && (role ? roleAllows(role, 'write') : true),
    grantClosed,
    report,
    organizationId: submission.organizationId,
    callId: submission.callId,
  };
}
