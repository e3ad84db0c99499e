import { parseSurveyModel, stepTypeDefinition, surveyAnswerOf, ZSurveyAnswer } from '@impact/domain';
import { parseAnswer } from './invalid-answer';
import { surveyAnswerProblems } from './survey-runner';
import { keepContent, type ServerStepType } from './types';

const shared = stepTypeDefinition('survey');

/** Survey answers are SurveyJS answer data: a JSON object, stored as it came (re-serialised). */
export const surveyServerType: ServerStepType = {
  name: shared.name,
  async write(_db, _step, content) {
    return { content: JSON.stringify(parseAnswer(ZSurveyAnswer, content)), score: null };
  },
  async missing(_db, step, content) {
    const answer = surveyAnswerOf(content);
    if (!answer) return [{ path: step.id, messageKey: 'errors.surveys.answerMissing' }];
    return surveyAnswerProblems(parseSurveyModel(step.content), answer, step.id);
  },
  prepareContent: keepContent,
};
