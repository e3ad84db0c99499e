import type { SurveyModel } from 'survey-core';

const escaped = (text: string) => text.replace(/[&<>"'{}]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * An HTML question may name answers, `{q1}`; SurveyJS fills them in as HTML, so an applicant's
 * answer would become markup (a link, an image) in whoever reads the form next, an admin
 * included. An answer filled into an HTML question goes in as text: its characters escaped,
 * braces included (SurveyJS fills the result in again, and a typed "{q2}" must stay text).
 * Titles and other texts are shown as text by the renderer already.
 */
export function fillAnswersAsText(survey: SurveyModel) {
  survey.onProcessDynamicText.add((_, options) => {
    if (options.element?.getType?.() !== 'html') return;
    const value: unknown = options.value;
    if (value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean') return;
    // A list as SurveyJS shows one; anything else (a matrix's rows, a panel's answers) as its JSON.
    const text =
      typeof value === 'string'
        ? value
        : Array.isArray(value) && value.every((v) => typeof v !== 'object')
          ? value.join(', ')
          : JSON.stringify(value);
    options.value = escaped(text);
  });
}
