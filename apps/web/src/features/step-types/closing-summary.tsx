import {
  callCurrency,
  miniDyiStepType,
  parseImpactStepContent,
  parseMiniDyiAnswer,
  type TMiniDyiAnswer,
  type TSroiParams,
  type TStepResult,
  type TUserStep,
} from '@impact/domain';
import { SroiPanel } from './impact/sroi-panel';
import { ResultsStep } from './results/results-step';

type ImpactResult = { stepId: string; answer: TMiniDyiAnswer; params: TSroiParams | undefined };

/** What the applicant submitted for each impact step, to show its SROI range. */
export function impactResults(steps: TUserStep[], results: TStepResult[]): ImpactResult[] {
  return steps.flatMap((step) => {
    if (step.stepType?.name !== miniDyiStepType.name) return [];
    const answer = parseMiniDyiAnswer(results.find((r) => r.stepId === step.id)?.content);
    return answer ? [{ stepId: step.id, answer, params: parseImpactStepContent(step.content)?.sroiParams }] : [];
  });
}

/** What the thank-you page shows of a sent application's answers: the SROI range of each impact step, the quiz recap. */
export function ClosingSummary({
  submissionId,
  steps,
  results,
}: {
  submissionId: string;
  steps: TUserStep[];
  results: TStepResult[];
}) {
  return (
    <>
      {impactResults(steps, results).map((r) => (
        <SroiPanel key={r.stepId} answer={r.answer} params={r.params} currency={callCurrency(steps)} sent />
      ))}
      {/* SPEC 4: on closing the quiz recap is loaded (computed by the server, hidden while locked). */}
      <ResultsStep submissionId={submissionId} quizzesOnly />
    </>
  );
}
