/**
 * What a step's page found wrong that the shared rules cannot see in the answer (the SurveyJS
 * form's checks; a budget amount that does not read as one, saved empty), by step, for the
 * wizard's Next and menu checks, which must stay synchronous and must not load the step's chunk.
 * The page updates it on every change; `reveal` asks a survey to show its errors on the questions.
 */
const problems = new Map<string, string[]>();
const revealers = new Map<string, () => void>();
/** Steps whose page holds typing it could not save (a figure that does not read as one). */
const holding = new Set<string>();

export const pageProblems = {
  /**
   * `held`: what was typed on the step's page is not saved (a figure that does not read as one):
   * it lives only on the page, so leaving the page (Back, the steps' menu) loses it. The wizard
   * asks first. Cleared with the problems (`set(stepId, [])` when the page goes).
   */
  set(stepId: string, found: string[], held = false) {
    problems.set(stepId, found);
    if (held) holding.add(stepId);
    else holding.delete(stepId);
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
  holds(stepId: string): boolean {
    return holding.has(stepId);
  },
};
