import {
  DEFAULT_SROI_PARAMS,
  estimateMiniDyi,
  parseImpactStepContent,
  parseMiniDyiAnswer,
  sroiScoreRange,
  type TMiniDyiAnswer,
  type TPdfMiniDyi,
} from '@impact/domain';
import {
  type Column,
  columnLabel,
  type ExportContext,
  type ExportStep,
  type RowContext,
  twoDecimals,
} from './export-columns';
import type { RecordStep } from './types';

/** The impact design as the frozen record keeps it: what was chosen and its SROI range. */
export function impactDesign(step: RecordStep, content: string | undefined): TPdfMiniDyi | null {
  const answer = parseMiniDyiAnswer(content);
  if (!answer) return null;
  const params = parseImpactStepContent(step.content)?.sroiParams ?? DEFAULT_SROI_PARAMS;
  const estimate = estimateMiniDyi(answer, params);
  return {
    stepId: step.id,
    StepName: step.name,
    budget: answer.budget,
    budgetSpent: answer.budgetSpent,
    sdg: answer.sdg,
    selectedOutcomes: answer.selectedOutcomes.map((o) => ({
      outcomeName: o.outcomeName,
      stakeholderName: o.stakeholderName,
      sdg: o.sdg,
      indicators: o.indicators.map((i) => ({
        indicatorName: i.indicatorName,
        indicatorTargetValue: i.indicatorTargetValue,
        proxyName: i.proxyName,
        proxyValue: i.proxyValue,
      })),
    })),
    sroi: { ...sroiScoreRange(estimate), overThreshold: estimate.overThreshold },
  };
}

/** The export's columns of an impact step: the SDGs, outcomes, budget, yearly value and SROI range. */
type ImpactColumn = 'sdg' | 'outcomes' | 'budget' | 'yearlyValue' | 'sroiLow' | 'sroiCentral' | 'sroiHigh';

export function impactColumns(step: ExportStep, { t }: ExportContext): Column[] {
  const label = (key: ImpactColumn) => columnLabel(step, t(`export.${key}`));
  const params = parseImpactStepContent(step.content)?.sroiParams ?? DEFAULT_SROI_PARAMS;
  // Seven columns read the same estimate: parse and compute it once per row.
  const key = `estimate:${step.id}`;
  const estimate = (ctx: RowContext) => {
    if (!ctx.parsed.has(key)) {
      const answer = parseMiniDyiAnswer(ctx.answers.get(step.id));
      ctx.parsed.set(key, answer ? { answer, estimate: estimateMiniDyi(answer, params) } : null);
    }
    return ctx.parsed.get(key) as { answer: TMiniDyiAnswer; estimate: ReturnType<typeof estimateMiniDyi> } | null;
  };
  return [
    { header: label('sdg'), value: (ctx) => estimate(ctx)?.answer.sdg.join('; ') ?? null },
    {
      header: label('outcomes'),
      value: (ctx) =>
        estimate(ctx)
          ?.answer.selectedOutcomes.map((o) => o.outcomeName)
          .join('; ') ?? null,
    },
    { header: label('budget'), value: (ctx) => estimate(ctx)?.answer.budget ?? null },
    { header: label('yearlyValue'), value: (ctx) => twoDecimals(estimate(ctx)?.estimate.yearlyValue) },
    { header: label('sroiLow'), value: (ctx) => twoDecimals(estimate(ctx)?.estimate.low.ratio) },
    { header: label('sroiCentral'), value: (ctx) => twoDecimals(estimate(ctx)?.estimate.central.ratio) },
    { header: label('sroiHigh'), value: (ctx) => twoDecimals(estimate(ctx)?.estimate.high.ratio) },
  ];
}
