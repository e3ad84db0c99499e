import type { TFieldError, TJsonObject } from '@impact/domain';
import { ConditionRunner, ExpressionErrorType, type Model as SurveyModel } from 'survey-core';
import { checkSurveyAnswer, loadSurvey } from './survey-runner';

/*
 * SurveyJS conditions judged in Node, for the eligibility screener (docs/decisions/0033): whether
 * each of a list of expressions is a condition SurveyJS can run on a model's answers and some
 * named variables, and which of them hold for given answers. Run on the survey-check thread: a
 * parse or an evaluation is SurveyJS's own code on input an admin or an applicant wrote.
 */

/** A condition's problem at save time, on `rules.<i>.expression`. */
function issue(index: number, messageKey: string, params?: Record<string, string>): TFieldError {
  return { path: `rules.${index}.expression`, messageKey, ...(params ? { params } : {}) };
}

/** Every name an answer is kept under in the model (a question's `valueName` when it has one), lower-cased. */
function answerNames(survey: SurveyModel): Set<string> {
  return new Set(survey.getAllQuestions(false).map((q) => q.getValueName().toLowerCase()));
}

/**
 * What keeps a screener from being saved: a model SurveyJS cannot load, a question named like the
 * variable the organization's data is under, and each expression that does not parse, calls a
 * function SurveyJS does not have (or one that answers later), or names neither an answer of the
 * model nor one of `variables` (`org.country`: a typo would make a rule that never holds).
 */
export function conditionIssues(
  model: unknown,
  expressions: string[],
  reserved: string,
  variables: string[],
): TFieldError[] {
  const survey = loadSurvey(model, null);
  if (!survey) return [{ path: 'model', messageKey: 'errors.screening.modelInvalid' }];
  const answers = answerNames(survey);
  if (answers.has(reserved.toLowerCase()))
    return [{ path: 'model', messageKey: 'errors.screening.reservedName', params: { name: reserved } }];
  const known = new Set(variables.map((v) => v.toLowerCase()));
  const problems: TFieldError[] = [];
  expressions.forEach((expression, index) => {
    try {
      const problem = expressionIssue(expression, index, answers, known, survey);
      if (problem) problems.push(problem);
    } catch {
      // SurveyJS's own failure on what the admin typed: the expression is what to change.
      problems.push(issue(index, 'errors.screening.expressionSyntax'));
    }
  });
  return problems;
}

/** One expression's problem, or null: syntax, then functions, then the names it reads. */
function expressionIssue(
  expression: string,
  index: number,
  answers: Set<string>,
  known: Set<string>,
  survey: SurveyModel,
): TFieldError | null {
  const runner = new ConditionRunner(expression);
  if (!runner.canRun()) return issue(index, 'errors.screening.expressionSyntax');
  const unknownFunction = runner
    .validate(survey.getValueGetterContext(), { functions: true, variables: false, semantics: false }, true)
    .find((e) => e.errorType === ExpressionErrorType.UnknownFunction);
  if (unknownFunction)
    return issue(index, 'errors.screening.unknownFunction', { name: unknownFunction.functionName ?? '' });
  if (runner.isAsync) return issue(index, 'errors.screening.unknownFunction', { name: '' });
  for (const variable of runner.getVariables()) {
    const name = variable.toLowerCase();
    // `{q.text}` or `{q[0]}` read inside an answer: the answer's own name decides.
    const root = name.split(/[.[]/)[0] ?? name;
    if (!known.has(name) && !answers.has(root) && !answers.has(name))
      return issue(index, 'errors.screening.unknownVariable', { name: variable });
  }
  return null;
}

/**
 * The answers checked (required questions, validators, bounds of selections; paths
 * `answers.<question>`), the answers as kept (without what they hide), and for each expression
 * whether it holds on those answers with `variables` set (the organization's data under its
 * name). An expression that throws counts as holding: the funder's condition was not shown to be
 * met, and its message tells the applicant which (the safer reading, decision 0033).
 */
export function judgeConditions(
  model: unknown,
  answers: TJsonObject,
  expressions: string[],
  variables: Record<string, unknown>,
): { problems: TFieldError[]; answers: TJsonObject; held: boolean[] } {
  const checked = checkSurveyAnswer(model, answers, 'answers');
  if (checked.problems.length) return { problems: checked.problems, answers: checked.answer, held: [] };
  const survey = loadSurvey(model, checked.answer);
  if (!survey)
    return { problems: [{ path: 'answers', messageKey: 'errors.screening.modelInvalid' }], answers, held: [] };
  for (const [name, value] of Object.entries(variables)) survey.setVariable(name, value);
  const values = survey.getFilteredValues();
  const properties = survey.getFilteredProperties();
  const held = expressions.map((expression) => {
    try {
      return new ConditionRunner(expression).runValues(values, properties);
    } catch {
      return true;
    }
  });
  return { problems: [], answers: checked.answer, held };
}
