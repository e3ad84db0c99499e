import { parseSurveyModel, STEP_TYPES, surveyAnswerOf, surveyQuestions, ZSurveyAnswer } from '@impact/domain';
import { surveyModelColumns } from './export-columns';
import { parseAnswer } from './invalid-answer';
import { answerBoundProblem, assertAnswerWithinBounds } from './survey-answer-check';
import { surveyAnswerProblemsOffThread } from './survey-check-pool';
import { keepContent, type ServerStepType } from './types';
import { unsafePatternIssuesInText } from './validator-patterns';

const shared = STEP_TYPES.survey;

/** Survey answers are SurveyJS answer data: a JSON object, stored as it came (re-serialised). */
export const surveyServerType: ServerStepType<'survey'> = {
  name: shared.name,
  async write(_db, step, content) {
    const answer = parseAnswer(ZSurveyAnswer, content);
    assertAnswerWithinBounds(step, answer);
    return { content: JSON.stringify(answer), score: null };
  },
  async missing(_db, step, content) {
    const answer = surveyAnswerOf(content);
    if (!answer) return [{ path: step.id, messageKey: 'errors.surveys.answerMissing' }];
    // An answer stored before its bounds existed is not handed to the validator.
    const bound = answerBoundProblem(step, answer);
    if (bound) return [{ ...bound, path: bound.path.replace(/^content/, step.id) }];
    return surveyAnswerProblemsOffThread({ model: parseSurveyModel(step.content), answer, prefix: step.id });
  },
  contentIssues: unsafePatternIssuesInText,
  prepareContent: keepContent,
  // One column per question, the chosen choices' texts in the export's language.
  exportColumns: (step, ctx) => surveyModelColumns(step, ctx),
  report: { questions: surveyQuestions },
};
