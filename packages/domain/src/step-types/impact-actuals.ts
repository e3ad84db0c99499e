import {
  actualsWriteProblems,
  IMPACT_ACTUALS_ERRORS,
  indicatorsWithoutValue,
  parseImpactActualsAnswer,
  ZImpactActualsWrite,
} from '../impact-actuals';
import { anyContent, sameContent, type TStepTypeDefinition } from './definition';

/**
 * What keeps a report's impact actuals from being submitted: no forecast because the submission is
 * not a grant's report (a report whose application has no indicators has nothing to measure and
 * is not held), a value out of range (on the page, which saves it empty), or an indicator without
 * a value.
 */
export function impactActualsProblems(content: string | undefined): string[] {
  const answer = parseImpactActualsAnswer(content);
  if (!answer?.forecast) return answer?.nothingToMeasure ? [] : [IMPACT_ACTUALS_ERRORS.notAReport];
  // A value typed out of range (the page shows it, saving it empty) holds Next and Submit with its own words.
  const outOfRange = actualsWriteProblems(answer.forecast, answer.values).map((p) => p.messageKey);
  if (outOfRange.length > 0) return [...new Set(outOfRange)];
  return indicatorsWithoutValue(answer.forecast, answer.values).length ? [IMPACT_ACTUALS_ERRORS.valueRequired] : [];
}

/**
 * Impact actuals (docs/IMPACT.md "Actual SROI"): in a grant's report, the value each indicator of
 * the application achieved; the server keeps the forecast and both SROI ratios, the actual central
 * one as the score.
 */
export const impactActualsStepType: TStepTypeDefinition<'impactActuals'> = {
  name: 'impactActuals',
  subSteps: [],
  hiddenInPicker: false,
  defaultContent: '',
  // Nothing to set up: the indicators come from the application the report answers for.
  parseContent: anyContent,
  answerSchema: ZImpactActualsWrite,
  serverKeptAnswer: false,
  answerProblems: (_step, content) => impactActualsProblems(content),
  applicantContent: sameContent,
  scored: true,
};
