import {
  DEFAULT_CURRENCY,
  estimateSroi,
  forecastSroiInput,
  sroiRatios,
  type TActualsForecastResponse,
} from '@impact/domain';
import type { Db } from '../../db/client';
import { conflict } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/authentication';
import { forecastOfReport } from '../step-types/impact-actuals-forecast';
import { isImpactActualsStep } from '../step-types/impact-actuals-step';
import { loadSubmissionFor } from '../submission-core/access';
import { stepOfSubmission } from '../submission-core/writes';

/**
 * GET ImpactActuals/GetForecast: what a report's impact-actuals step measures against, the
 * application's indicators with their targets and its SROI, for whoever may read the report.
 */
export async function getActualsForecast(
  db: Db,
  user: SessionUser,
  submissionId: string,
  stepId: string,
): Promise<TActualsForecastResponse> {
  const { call, submission } = await loadSubmissionFor(db, user, submissionId, { allowAdmin: true, need: 'read' });
  const step = await stepOfSubmission(db, call, stepId, submission);
  if (!isImpactActualsStep(step)) throw conflict('errors.impactActuals.notAnActualsStep');
  const { status, forecast, currency } = await forecastOfReport(db, submissionId);
  return {
    status,
    forecast,
    currency: currency ?? DEFAULT_CURRENCY,
    forecastSroi: forecast ? sroiRatios(estimateSroi(forecastSroiInput(forecast), forecast.params)) : null,
  };
}
