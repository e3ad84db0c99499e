import { Model, type Question } from 'survey-core';

/**
 * The same checks the server makes on closing (apps/server/src/modules/step-types/survey-runner.ts),
 * run silently on a copy of the model so the applicant's page shows no errors before Next. The
 * copy is built once per model and given each new answer: the form checks at every keystroke, and
 * building a model of 80 questions costs about ten checks. Its answers are replaced whole each
 * time (`data`), so nothing of an earlier answer stays in it; but for rows and panels the
 * applicant adds (below).
 */
export function silentSurveyChecker(model: object): (data: Record<string, unknown>) => string[] {
  // Rows and panels added by the applicant outlive a change of `data` (a dynamic matrix keeps its
  // row count when its answer is cleared): such a survey is checked on a model built afresh.
  const fresh = /"(matrixdynamic|paneldynamic)"/i.test(JSON.stringify(model));
  const kept = fresh ? null : new Model(model);
  return (data) => {
    const survey = kept ?? new Model(model);
    survey.data = data;
    const found = new Set<string>();
    for (const page of survey.visiblePages) {
      for (const q of page.questions.filter((x: Question) => x.isVisible)) {
        const max = Number((q as unknown as { maxSelectedChoices?: number }).maxSelectedChoices ?? 0);
        if (max > 0 && Array.isArray(q.value) && q.value.length > max) found.add('errors.surveys.tooManySelections');
        else if (!q.isReadOnly && q.hasErrors(false)) found.add('applying.validation.surveyIncomplete');
      }
    }
    return [...found];
  };
}
