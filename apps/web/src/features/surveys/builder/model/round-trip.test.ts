import { NPS_TEMPLATE, QUIZ_TEMPLATE, type TJsonObject } from '@impact/domain';
import { describe, expect, it } from 'vitest';
import dynamicPanel from '../fixtures/dynamic-panel.json';
import localised from '../fixtures/localised.json';
import matrix from '../fixtures/matrix.json';
import nps from '../fixtures/nps.json';
import quiz from '../fixtures/quiz.json';
import { parseCondition } from './conditions';
import { modelFromText, prettyModel, textAfterBuilder } from './document';
import { pushHistory, startHistory, undo } from './history';
import { kindOf } from './kinds';
import { SURVEY_LANGUAGES, textIn, withTextIn } from './localised';
import { addElement, deleteElement, duplicateElement, moveElement } from './operations';
import { elementAt, pagesOf, questionsInOrder, setProperty } from './tree';

/** SurveyJS's own examples (docs and demos) and our templates: what an admin may paste or start from. */
const EXAMPLES: Record<string, TJsonObject> = {
  nps,
  matrix,
  dynamicPanel,
  quiz,
  localised,
  ourNps: NPS_TEMPLATE,
  ourQuiz: QUIZ_TEMPLATE,
};

/** Everything the builder reads from a model to draw its cards. */
function readAll(model: TJsonObject) {
  pagesOf(model);
  for (const { element } of questionsInOrder(model)) {
    kindOf(element);
    for (const lang of SURVEY_LANGUAGES) textIn(element.title, lang);
    for (const key of ['visibleIf', 'enableIf', 'requiredIf'])
      if (typeof element[key] === 'string') parseCondition(element[key]);
  }
}

describe.each(Object.entries(EXAMPLES))('the %s example through the builder', (_, example) => {
  const text = prettyModel(example);

  it('comes back unchanged: JSON → builder → JSON, text and model', () => {
    const model = modelFromText(text);
    if (!model) throw new Error('example is not an object');
    readAll(model);
    expect(model).toEqual(example);
    expect(textAfterBuilder(text, model)).toBe(text);
    // Spacing pasted by hand survives too.
    const compact = JSON.stringify(example);
    expect(textAfterBuilder(compact, modelFromText(compact) ?? {})).toBe(compact);
  });

  it('keeps every other property when one question is edited, moved, copied and the copy deleted', () => {
    const first = questionsInOrder(example)[0];
    if (!first) throw new Error('no question');
    const before = structuredClone(example);
    const retitled = setProperty(example, first.path, 'title', withTextIn(first.element.title, 'en', 'Changed'));
    const edited = elementAt(retitled, first.path);
    const { title: _t, ...restAfter } = edited ?? {};
    const { title: _o, ...restBefore } = first.element;
    expect(restAfter).toEqual(restBefore);
    expect(textIn(edited?.title, 'en')).toBe('Changed');
    // Other languages of the title are untouched.
    for (const lang of ['it', 'fr'] as const) {
      if (textIn(first.element.title, lang))
        expect(textIn(edited?.title, lang)).toBe(textIn(first.element.title, lang));
    }
    const copied = duplicateElement(example, first.path);
    expect(deleteElement(copied.model, copied.path)).toEqual(example);
    const moved = moveElement(example, first.path, 1);
    if (moved) expect(moveElement(moved.model, moved.path, -1)?.model).toEqual(example);
    // Undo restores the exact model; the example itself was never mutated.
    const history = pushHistory(startHistory(example), retitled);
    expect(undo(history).present).toBe(example);
    expect(example).toEqual(before);
  });
});

describe('untouched parts stay the same objects', () => {
  it('an edit copies only the path to the edited question', () => {
    const { model } = addElement(quiz, [1], { type: 'text' });
    expect((model.pages as unknown[])[0]).toBe(quiz.pages[0]);
    expect((model.pages as unknown[])[2]).toBe(quiz.pages[2]);
  });
});
