/**
 * What a step's page found wrong that the shared rules cannot see in the answer (the SurveyJS
 * form's checks; a budget amount that does not read as one, saved empty), by step, for the
 * wizard's Next and menu checks, which must stay synchronous and must not load the step's chunk.
 * The page updates it on every change; `reveal` asks a survey to show its errors on the questions.
 */
const problems = new Map<string, string[]>();
const revealers = new Map<string, () => void>();

export const pageProblems = {
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
