import type { TJsonObject } from '@impact/domain';

export type TValidatorKind = 'length' | 'range' | 'pattern';

/** What the builder edits for one kind of question, beside title, description and conditions. */
export type TQuestionKind = {
  /** The SurveyJS JSON a new question of this kind starts from (the builder adds name and title). */
  preset: TJsonObject;
  matches: (element: TJsonObject) => boolean;
  placeholder?: boolean;
  choices?: boolean;
  other?: boolean;
  maxSelections?: boolean;
  rating?: boolean;
  matrix?: boolean;
  panel?: boolean;
  html?: boolean;
  validators?: TValidatorKind[];
};

const typed = (type: string, inputType?: string) => (element: TJsonObject) =>
  element.type === type &&
  (inputType ? element.inputType === inputType : element.inputType === undefined || element.inputType === 'text');

/**
 * One entry per kind of question the builder offers (the order of its "add" menu). Questions of
 * other SurveyJS types still show as cards that can be moved, copied and deleted; their own
 * properties are edited in the JSON tab.
 */
export const QUESTION_KINDS = {
  text: { preset: { type: 'text' }, matches: typed('text'), placeholder: true, validators: ['length', 'pattern'] },
  comment: { preset: { type: 'comment' }, matches: typed('comment'), placeholder: true, validators: ['length'] },
  number: {
    preset: { type: 'text', inputType: 'number' },
    matches: typed('text', 'number'),
    placeholder: true,
    validators: ['range'],
  },
  email: {
    preset: { type: 'text', inputType: 'email' },
    matches: typed('text', 'email'),
    placeholder: true,
    validators: ['length', 'pattern'],
  },
  date: { preset: { type: 'text', inputType: 'date' }, matches: typed('text', 'date') },
  radiogroup: {
    preset: { type: 'radiogroup', choices: ['Item 1', 'Item 2', 'Item 3'] },
    matches: typed('radiogroup'),
    choices: true,
    other: true,
  },
  checkbox: {
    preset: { type: 'checkbox', choices: ['Item 1', 'Item 2', 'Item 3'] },
    matches: typed('checkbox'),
    choices: true,
    other: true,
    maxSelections: true,
  },
  dropdown: {
    preset: { type: 'dropdown', choices: ['Item 1', 'Item 2', 'Item 3'] },
    matches: typed('dropdown'),
    choices: true,
    other: true,
    placeholder: true,
  },
  boolean: { preset: { type: 'boolean' }, matches: typed('boolean') },
  rating: {
    // Buttons at every width: on a narrow screen SurveyJS would otherwise turn the scale into a drop-down.
    preset: { type: 'rating', rateMin: 0, rateMax: 10, displayMode: 'buttons' },
    matches: typed('rating'),
    rating: true,
  },
  ranking: {
    preset: { type: 'ranking', choices: ['Item 1', 'Item 2', 'Item 3'] },
    matches: typed('ranking'),
    choices: true,
  },
  matrix: {
    preset: { type: 'matrix', columns: ['Column 1', 'Column 2', 'Column 3'], rows: ['Row 1', 'Row 2'] },
    matches: typed('matrix'),
    matrix: true,
  },
  paneldynamic: {
    preset: { type: 'paneldynamic', templateElements: [], panelCount: 1 },
    matches: typed('paneldynamic'),
    panel: true,
  },
  html: { preset: { type: 'html', html: '' }, matches: typed('html'), html: true },
} satisfies Record<string, TQuestionKind>;

export type TQuestionKindName = keyof typeof QUESTION_KINDS;
export const QUESTION_KIND_NAMES = Object.keys(QUESTION_KINDS) as TQuestionKindName[];

/** The builder's kind of a SurveyJS element, or null for a type it does not edit (kept as it is). */
export function kindOf(element: TJsonObject): TQuestionKindName | null {
  return QUESTION_KIND_NAMES.find((name) => QUESTION_KINDS[name].matches(element)) ?? null;
}

export function kindInfo(name: TQuestionKindName): TQuestionKind {
  return QUESTION_KINDS[name];
}
