import { isJsonObject, type TJsonObject } from '@impact/domain';

/** The common questions the creator's palette inserts (SurveyJS JSON, English defaults). */
export const PALETTE = {
  text: { type: 'text', title: 'Short answer' },
  comment: { type: 'comment', title: 'Long answer' },
  radio: { type: 'radiogroup', title: 'Pick one', choices: ['Option 1', 'Option 2', 'Option 3'] },
  checkbox: {
    type: 'checkbox',
    title: 'Pick up to two',
    maxSelectedChoices: 2,
    choices: ['Option 1', 'Option 2', 'Option 3'],
  },
  rating: { type: 'rating', title: 'From 0 to 10', rateMin: 0, rateMax: 10 },
  boolean: { type: 'boolean', title: 'Yes or no' },
  matrix: {
    type: 'matrix',
    title: 'Rate each row',
    columns: ['Low', 'Medium', 'High'],
    rows: ['Row 1', 'Row 2'],
  },
} as const;
export type TPaletteItem = keyof typeof PALETTE;

function namesIn(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) namesIn(v, into);
  else if (isJsonObject(value)) {
    if (typeof value.name === 'string') into.add(value.name);
    for (const v of Object.values(value)) namesIn(v, into);
  }
  return into;
}

/**
 * The model with one more question at the end of its last page, under a name not yet used.
 * Everything else in the model is kept as it is.
 */
export function insertQuestion(model: TJsonObject, item: TPaletteItem): TJsonObject {
  const used = namesIn(model, new Set());
  let n = 1;
  while (used.has(`question${n}`)) n += 1;
  const question = { ...PALETTE[item], name: `question${n}` };
  const pages = Array.isArray(model.pages) ? [...(model.pages as unknown[])] : [];
  if (pages.length === 0 && Array.isArray(model.elements)) {
    return { ...model, elements: [...(model.elements as unknown[]), question] };
  }
  const last = isJsonObject(pages[pages.length - 1]) ? (pages[pages.length - 1] as TJsonObject) : null;
  if (!last) return { ...model, pages: [...pages, { name: `page${pages.length + 1}`, elements: [question] }] };
  const elements = Array.isArray(last.elements) ? [...(last.elements as unknown[]), question] : [question];
  pages[pages.length - 1] = { ...last, elements };
  return { ...model, pages };
}
