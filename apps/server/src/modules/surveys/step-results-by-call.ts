import type { TStepResultByCallItem } from '@impact/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { callSubmissions, calls, organizations, stepResults } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { stepsOfCallTypes } from '../calls/call-types';

/**
 * GET Call/GetStepResultByCall (admin): every submission's answer to one step of a call, with its
 * organization and status, oldest submission first, one page at a time (the reports chart it).
 */
export async function stepResultsByCall(
  db: Db,
  query: { callId: string; stepId: string; page: number; pageSize: number },
): Promise<{ items: TStepResultByCallItem[]; total: number }> {
  const [call] = await db.select({ callTypeId: calls.callTypeId }).from(calls).where(eq(calls.id, query.callId));
  if (!call) throw notFound('errors.calls.notFound');
  const step = (await stepsOfCallTypes(db, [call.callTypeId])).get(call.callTypeId)?.find((s) => s.id === query.stepId);
  if (!step) throw notFound('errors.submissions.stepNotInCall');

  const where = and(eq(callSubmissions.callId, query.callId), eq(stepResults.stepId, query.stepId));
  const [rows, [total]] = await Promise.all([
    db
      .select({ result: stepResults, submission: callSubmissions, organizationName: organizations.name })
      .from(stepResults)
      .innerJoin(callSubmissions, eq(callSubmissions.id, stepResults.callSubmissionId))
      .innerJoin(organizations, eq(organizations.id, callSubmissions.organizationId))
      .where(where)
      .orderBy(asc(callSubmissions.createdAt), asc(callSubmissions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(stepResults)
      .innerJoin(callSubmissions, eq(callSubmissions.id, stepResults.callSubmissionId))
      .where(where),
  ]);
  return {
    total: total?.n ?? 0,
    items: rows.map(({ result, submission, organizationName }) => ({
      id: result.id,
      submissionId: submission.id,
      organizationId: submission.organizationId,
      organizationName,
      closed: submission.closed,
      closedAt: submission.closedAt?.toISOString() ?? null,
      stepId: result.stepId,
      stepStepTypeName: step.stepType?.name ?? '',
      content: result.content,
      score: result.score === null || !Number.isFinite(result.score) ? null : result.score,
      updatedAt: result.updatedAt.toISOString(),
    })),
  };
}
