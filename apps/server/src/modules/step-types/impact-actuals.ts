import {
  actualsEstimates,
  actualsWriteProblems,
  IMPACT_ACTUALS_ERRORS,
  indicatorsWithoutValue,
  issueToFieldError,
  parseImpactActualsAnswer,
  parseJson,
  STEP_TYPES,
  sroiRatios,
  type TImpactActualsAnswer,
  type TPdfAttachment,
  ZImpactActualsWrite,
} from '@impact/domain';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { stepResults } from '../../db/schema';
import { invalid } from '../../lib/app-error';
import { columnLabel, type ExportStep, type RowContext, twoDecimals } from './export-columns';
import { forecastOfReport } from './impact-actuals-forecast';
import { keepContent, type ServerStepType } from './types';

const shared = STEP_TYPES.impactActuals;

async function storedAnswer(db: Db | Tx, submissionId: string, stepId: string) {
  const [row] = await db
    .select({ content: stepResults.content })
    .from(stepResults)
    .where(and(eq(stepResults.callSubmissionId, submissionId), eq(stepResults.stepId, stepId)));
  return parseImpactActualsAnswer(row?.content);
}

const storedOf = (ctx: RowContext, step: ExportStep): TImpactActualsAnswer | null => {
  const key = `impactActuals:${step.id}`;
  if (!ctx.parsed.has(key)) ctx.parsed.set(key, parseImpactActualsAnswer(ctx.answers.get(step.id)));
  return ctx.parsed.get(key) as TImpactActualsAnswer | null;
};

/** The evidence of each indicator: one PDF in a slot named by its key (typed by its bytes, as uploads are). */
const EVIDENCE_MAX_BYTES = 20 * 1024 * 1024;

/**
 * Impact actuals in a grant's report (docs/IMPACT.md "Actual SROI"). The grantee writes a value
 * and a note per indicator; the forecast (indicators, targets, proxies, budget, parameters) is read
 * from the application on every write, never from the client, and both SROI estimates are stored,
 * the actual central ratio as the score. Refused (400): a value for an indicator the application
 * did not choose, a negative or non-finite one, and any value where there is no forecast.
 */
export const impactActualsServerType: ServerStepType<'impactActuals'> = {
  name: shared.name,
  async write(db, step, content, ctx) {
    const parsed = ZImpactActualsWrite.safeParse(parseJson(content));
    if (!parsed.success) {
      throw invalid(
        parsed.error.issues.map((issue) => {
          const error = issueToFieldError(issue);
          return { ...error, path: error.path ? `content.${error.path}` : 'content' };
        }),
        'errors.impactActuals.answerInvalid',
      );
    }
    const { values } = parsed.data;
    if (!ctx) return { content: JSON.stringify({ values }), score: null };
    const { status, forecast } = await forecastOfReport(db, ctx.submissionId);
    if (!forecast) {
      // Nothing can be measured: only an empty answer is kept, so nothing invalid is stored.
      if (values.some((v) => v.value !== null || v.note !== ''))
        throw invalid([{ path: 'content', messageKey: IMPACT_ACTUALS_ERRORS[status] }], IMPACT_ACTUALS_ERRORS[status]);
      // A report whose application chose no indicators: kept as having nothing to measure.
      const nothing = status === 'noImpactAnswer' ? { nothingToMeasure: true } : {};
      return { content: JSON.stringify({ values: [], ...nothing }), score: null };
    }
    const problems = actualsWriteProblems(forecast, values);
    if (problems.length) throw invalid(problems, 'errors.impactActuals.answerInvalid');
    const estimates = actualsEstimates(forecast, values);
    const actualSroi = sroiRatios(estimates.actual);
    const answer: TImpactActualsAnswer = {
      values,
      // Files are written by uploads only: the ones stored stay, whatever the client sent.
      files: (await storedAnswer(db, ctx.submissionId, step.id))?.files ?? [],
      forecast,
      forecastSroi: sroiRatios(estimates.forecast),
      actualSroi,
    };
    return { content: JSON.stringify(answer), score: actualSroi?.central ?? null };
  },
  async missing(db, step, content, _language, of) {
    const answer = parseImpactActualsAnswer(content);
    let forecast = answer?.forecast ?? null;
    // An answer without a forecast (never saved, or saved when there was nothing to measure) is
    // judged by its report as it is now: an application reopened since may have chosen
    // indicators, which then want a value each; still none, nothing is missing.
    if (!forecast && of) {
      const report = await forecastOfReport(db, of.submissionId);
      if (report.status === 'noImpactAnswer') return [];
      forecast = report.forecast;
    } else if (!forecast && answer?.nothingToMeasure) return [];
    if (!forecast) return [{ path: step.id, messageKey: IMPACT_ACTUALS_ERRORS.notAReport }];
    return indicatorsWithoutValue(forecast, answer?.values ?? []).map((key) => ({
      path: `${step.id}.${key}`,
      messageKey: IMPACT_ACTUALS_ERRORS.valueRequired,
    }));
  },
  // Nothing to set up: the indicators come from the application.
  prepareContent: keepContent,
  evidence: {
    async slots(db, _step, submissionId) {
      const { forecast } = await forecastOfReport(db, submissionId);
      return (forecast?.indicators ?? []).map((i) => ({
        file_name: i.key,
        file_description: i.indicatorName,
        file_type: 'pdf' as const,
        dimensions: EVIDENCE_MAX_BYTES,
        mandatory: false,
      }));
    },
    withFiles(content, files) {
      const answer = parseImpactActualsAnswer(content);
      const kept = answer ?? { values: [], forecast: null, forecastSroi: null, actualSroi: null };
      return { content: JSON.stringify({ ...kept, files }), score: answer?.actualSroi?.central ?? null };
    },
  },
  exportColumns: (step, { t }) => {
    const ratio = (ctx: RowContext, which: 'forecastSroi' | 'actualSroi') =>
      twoDecimals(storedOf(ctx, step)?.[which]?.central);
    return [
      { header: columnLabel(step, t('export.forecastSroi')), value: (ctx) => ratio(ctx, 'forecastSroi') },
      { header: columnLabel(step, t('export.actualSroi')), value: (ctx) => ratio(ctx, 'actualSroi') },
      {
        header: columnLabel(step, t('export.attachments')),
        value: (ctx) => ctx.files.get(step.id)?.join('; ') ?? null,
      },
    ];
  },
  recordParts(step, answer) {
    const parsed = parseImpactActualsAnswer(answer);
    const names = new Map(parsed?.forecast?.indicators.map((i) => [i.key, i.indicatorName]));
    const attachments: TPdfAttachment[] = (parsed?.files ?? []).map((f) => ({
      attachmentTitle: names.get(f.slot) ?? f.slot,
      fileName: f.fileName,
      description: f.description,
      stepName: step.name,
      fileDownloadId: f.fileDownloadId,
    }));
    return { attachments };
  },
  // Evidence files are named by the organization as often as anything: a blind reviewer gets neutral names.
  redactAnswer(answer, neutralName) {
    const parsed = parseImpactActualsAnswer(answer);
    if (!parsed) return answer;
    return JSON.stringify({ ...parsed, files: parsed.files.map((f) => ({ ...f, fileName: neutralName(f.fileName) })) });
  },
};
