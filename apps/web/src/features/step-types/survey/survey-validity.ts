/**
 * What the SurveyJS form (a lazy chunk) found wrong with each survey step's answer, for the
 * wizard's Next and menu checks, which must stay synchronous and must not load SurveyJS. The
 * form updates it on every change; `reveal` asks the form to show its errors on the questions.
 */
const problems = new Map<string, string[]>();
const revealers = new Map<string, () => void>();

export const surveyValidity = {
  set(stepId: string, found: string[]) {
    problems.set(stepId, found);
  },
  get(stepId: string): string[] | undefined {
    return problems.get(stepId);
  },
  onReveal(stepId: string, reveal: () => void) {
    revealers.set(stepId, reveal);
    return () => {
      if (revealers.get(stepId) === reveal) revealers.delete(stepId);
    };
  },
  reveal(stepId: string) {
    revealers.get(stepId)?.();
  },
};
