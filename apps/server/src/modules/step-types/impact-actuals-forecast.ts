import {
  actualsIndicatorsOf,
  DEFAULT_SROI_PARAMS,
  parseImpactStepContent,
  parseMiniDyiAnswer,
  STEP_TYPES,
  type TActualsForecast,
  type TActualsForecastStatus,
} from '@impact/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { calls, stepResults, steps, stepTypes } from '../../db/schema';
import { applicationOfReport } from './report-application';

export type ReportForecast =
  | { status: Exclude<TActualsForecastStatus, 'ok'>; forecast: null; currency?: string }
  | { status: 'ok'; forecast: TActualsForecast; currency: string };

/**
 * An application's impact forecast as it stands: its first impact step with an answer, that
 * answer's indicators and budget, and the step's SROI parameters; null without one.
 */
export async function applicationForecast(
  db: Db | Tx,
  application: { submissionId: string; callId: string },
): Promise<TActualsForecast | null> {
  const rows = await db
    .select({ stepContent: steps.content, answer: stepResults.content })
    .from(calls)
    .innerJoin(steps, eq(steps.callTypeId, calls.callTypeId))
    .innerJoin(stepTypes, eq(stepTypes.id, steps.stepTypeId))
    .innerJoin(
      stepResults,
      and(eq(stepResults.stepId, steps.id), eq(stepResults.callSubmissionId, application.submissionId)),
    )
    .where(and(eq(calls.id, application.callId), eq(stepTypes.name, STEP_TYPES.miniDyi.name)))
    .orderBy(asc(steps.sort));
  for (const row of rows) {
    const answer = parseMiniDyiAnswer(row.answer);
    if (!answer || answer.selectedOutcomes.every((o) => o.indicators.length === 0)) continue;
    return {
      budget: answer.budget ?? 0,
      params: parseImpactStepContent(row.stepContent)?.sroiParams ?? DEFAULT_SROI_PARAMS,
      indicators: actualsIndicatorsOf(answer),
    };
  }
  return null;
}

/**
 * The forecast a report's impact actuals are measured against: the one kept on the grant when it
 * was accepted (so nothing edited later, by an admin or in a reopened application, moves it), or
 * for a grant accepted before it was kept, the application's as it stands. Never what a grantee sends.
 */
export async function forecastOfReport(db: Db | Tx, reportSubmissionId: string): Promise<ReportForecast> {
  const application = await applicationOfReport(db, reportSubmissionId);
  if (!application) return { status: 'notAReport', forecast: null };
  const forecast =
    application.impactForecast ??
    (await applicationForecast(db, { submissionId: application.applicationSubmissionId, callId: application.callId }));
  return forecast
    ? { status: 'ok', forecast, currency: application.currency }
    : { status: 'noImpactAnswer', forecast: null, currency: application.currency };
}
