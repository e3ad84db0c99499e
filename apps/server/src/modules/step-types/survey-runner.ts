import {
  isJsonObject,
  parseJson,
  SURVEY_DEFAULT_LOCALE,
  type TFieldError,
  type TJsonObject,
  withDefaultLocaleStrings,
} from '@impact/domain';
import { RE2JS } from 're2js';
import { type Question, RegexValidator, Model as SurveyModel, settings, surveyLocalization } from 'survey-core';

// SurveyJS runs here without a browser: no DOM, no timers we would have to wait for.
settings.lazyRender.enabled = false;
// A localisable string's `default` is the content's default language (packages/domain/src/survey-locales.ts).
surveyLocalization.defaultLocale = SURVEY_DEFAULT_LOCALE;

/**
 * Regex validators run on RE2's linear-time engine here, never on JavaScript's backtracking one:
 * whatever pattern a model holds and whatever an applicant types, a check takes time in
 * proportion to the text (`^(\w|\d)+$` on 30 letters: 5.9 s backtracking, under 1 ms here). A
 * pattern RE2 cannot compile (look-arounds, back-references) is refused when saved; one stored
 * before that rule is treated as matching, so it never blocks Submit.
 */
(RegexValidator.prototype as unknown as { createRegExp(): RegExp }).createRegExp = function linearRegExp(
  this: RegexValidator,
) {
  let compiled: ReturnType<typeof RE2JS.compile> | null = null;
  try {
    compiled = RE2JS.compile(this.regex, this.caseInsensitive ? RE2JS.CASE_INSENSITIVE : 0);
  } catch {
    compiled = null;
  }
  return { test: (value: unknown) => compiled === null || compiled.matcher(String(value)).find() } as RegExp;
};

/**
 * A SurveyJS model loaded with the given answers, or null when the model cannot be loaded. SurveyJS
 * is lenient (unknown properties are ignored), so null means a model that is not an object or
 * that made SurveyJS throw; callers treat it as "nothing to check" and log it (SPEC 8).
 */
export function loadSurvey(model: unknown, answer: TJsonObject | null, locale?: string): SurveyModel | null {
  if (!isJsonObject(model)) return null;
  try {
    const survey = new SurveyModel(withDefaultLocaleStrings(model));
    if (locale) survey.locale = locale;
    survey.data = answer ?? {};
    return survey;
  } catch {
    return null;
  }
}

/** Every visible question, on every visible page, including those inside panels. */
function visibleQuestions(survey: SurveyModel): Question[] {
  return survey.visiblePages.flatMap((page) => page.questions.filter((q) => q.isVisible));
}

/** A checkbox's "at most N" (SurveyJS enforces it in the page only, so the server counts). */
function tooManySelections(question: Question): number | null {
  const max = Number((question as unknown as { maxSelectedChoices?: number }).maxSelectedChoices ?? 0);
  const value = question.value as unknown;
  return max > 0 && Array.isArray(value) && value.length > max ? max : null;
}

/**
 * What keeps a survey answer from being complete (SPEC 5 "validate by completing the last page"):
 * required visible questions without an answer, validators that fail, more selections than
 * allowed. Paths are `<prefix>.<question name>`.
 */
export function surveyAnswerProblems(model: unknown, answer: TJsonObject | null, prefix: string): TFieldError[] {
  const survey = loadSurvey(model, answer);
  return survey ? problemsOf(survey, prefix) : [];
}

function problemsOf(survey: SurveyModel, prefix: string): TFieldError[] {
  const problems: TFieldError[] = [];
  for (const question of visibleQuestions(survey)) {
    const path = `${prefix}.${question.name}`;
    const max = tooManySelections(question);
    if (max !== null) {
      problems.push({ path, messageKey: 'errors.surveys.tooManySelections', params: { maximum: max } });
      continue;
    }
    if (question.isReadOnly) continue;
    if (question.hasErrors(true)) {
      const required = question.isRequired && question.isEmpty();
      problems.push({ path, messageKey: required ? 'errors.surveys.answerRequired' : 'errors.surveys.answerInvalid' });
    }
  }
  return problems;
}

/**
 * The answer without what the applicant can no longer see: the values (and comments) of questions
 * hidden by the answers themselves, on hidden pages or panels, as SurveyJS clears them when a survey
 * completes (a question whose model says to keep its value keeps it). Only keys SurveyJS cleared
 * are dropped; every other key stays exactly as sent (SurveyJS would add default values). A
 * question whose choices come from a URL is never cleared: without a browser it has no choices and
 * may look hidden when the applicant saw it. Anything SurveyJS throws keeps the answer whole.
 */
export function withoutHiddenAnswers(model: unknown, answer: TJsonObject): TJsonObject {
  const survey = loadSurvey(model, answer);
  return survey ? keptOf(survey, answer) : answer;
}

function keptOf(survey: SurveyModel, answer: TJsonObject): TJsonObject {
  try {
    for (const question of survey.getAllQuestions()) {
      const byUrl = (question as unknown as { choicesByUrl?: { url?: string } }).choicesByUrl?.url;
      if (!byUrl) question.clearValueIfInvisible('onComplete');
    }
    const kept = survey.data as Record<string, unknown>;
    const out: TJsonObject = {};
    for (const [key, value] of Object.entries(answer)) if (key in kept) out[key] = value;
    return out;
  } catch {
    return answer;
  }
}

/** What keeps the answer from being complete, and the answer as it is kept: one load of the model for both. */
export function checkSurveyAnswer(model: unknown, answer: TJsonObject, prefix: string) {
  const survey = loadSurvey(model, answer);
  if (!survey) return { problems: [], answer };
  return { problems: problemsOf(survey, prefix), answer: keptOf(survey, answer) };
}

/** One line of a survey's answers as a reader sees it. */
export type TSurveyAnswerLine = { name: string; title: string; answer: string };

function displayText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(displayText).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${displayText(v)}`)
      .join('; ');
  }
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  return String(value);
}

/**
 * A survey's answers as the reader of a document sees them (the application PDF): each answered,
 * visible question's title and its answer's display text (choice texts, not values), in the
 * given locale when the model has localised strings. An unreadable model or answer gives [].
 */
export function surveyAnswerDisplay(model: unknown, answer: unknown, locale: string): TSurveyAnswerLine[] {
  // The stored strings (steps.content, step_results.content) may be passed as they are.
  const data = typeof answer === 'string' ? parseJson(answer) : answer;
  if (!isJsonObject(data)) return [];
  const survey = loadSurvey(typeof model === 'string' ? parseJson(model) : model, data, locale);
  if (!survey) return [];
  const lines: TSurveyAnswerLine[] = [];
  for (const question of survey.getAllQuestions(true)) {
    if (question.isEmpty()) continue;
    let shown: unknown;
    try {
      shown = question.displayValue;
    } catch {
      shown = question.value;
    }
    const text = displayText(shown);
    if (!text) continue;
    lines.push({
      name: question.name,
      title: question.processedTitle || question.title || question.name,
      answer: text,
    });
  }
  return lines;
}
