import {
  parseSurveyModel,
  STEP_TYPES,
  surveyAnswerOf,
  surveyQuestions,
  type TStep,
  ZSurveyAnswer,
} from '@impact/domain';
import { surveyModelColumns } from './export-columns';
import { parseAnswer } from './invalid-answer';
import { answerBoundProblem, assertAnswerWithinBounds } from './survey-answer-check';
import { checkSurveyAnswerOffThread } from './survey-check-pool';
import { keepContent, type ServerStepType } from './types';
import { unsafePatternIssuesInText } from './validator-patterns';

const shared = STEP_TYPES.survey;

/**
 * What keeps a survey answer from closing, and the answer as it is kept: without the values of
 * questions the applicant no longer sees, which no export, chart, PDF or reviewer may show.
 */
async function closeSurvey(_db: unknown, step: TStep, content: string | undefined) {
  const answer = surveyAnswerOf(content);
  if (!answer) return { problems: [{ path: step.id, messageKey: 'errors.surveys.answerMissing' }] };
  // An answer stored before its bounds existed is not handed to the validator.
  const bound = answerBoundProblem(step, answer);
  if (bound) return { problems: [{ ...bound, path: bound.path.replace(/^content/, step.id) }] };
  const checked = await checkSurveyAnswerOffThread({ model: parseSurveyModel(step.content), answer, prefix: step.id });
  const kept = JSON.stringify(checked.answer);
  return { problems: checked.problems, ...(kept !== JSON.stringify(answer) ? { content: kept } : {}) };
}

/** Survey answers are SurveyJS answer data: a JSON object, stored as it came (re-serialised). */
export const surveyServerType: ServerStepType<'survey'> = {
  name: shared.name,
  async write(_db, step, content) {
    const answer = parseAnswer(ZSurveyAnswer, content);
    assertAnswerWithinBounds(step, answer);
    return { content: JSON.stringify(answer), score: null };
  },
  async missing(db, step, content) {
    return (await closeSurvey(db, step, content)).problems;
  },
  closing: (db, step, content) => closeSurvey(db, step, content),
  contentIssues: unsafePatternIssuesInText,
  prepareContent: keepContent,
  // One column per question, the chosen choices' texts in the export's language.
  exportColumns: (step, ctx) => surveyModelColumns(step, ctx),
  report: { questions: surveyQuestions },
};
