import { z } from 'zod';

/**
 * Survey results. A survey step's content is a SurveyJS model (JSON) and each
 * answer is SurveyJS answer data (JSON). The server feeds answers one by one into an aggregator
 * (so 100,000 answers never sit in memory together) and ships only the figures per question.
 */

/** A SurveyJS text: a plain string or one per locale ({ default, it, en, fr }). */
export const ZSurveyText = z.union([z.string(), z.record(z.string(), z.string())]);
export type TSurveyText = z.infer<typeof ZSurveyText>;

/** The text to show in `language`, falling back to the default and then to any locale. */
export function surveyText(text: TSurveyText | undefined, language: string, fallback = ''): string {
  if (text === undefined) return fallback;
  if (typeof text === 'string') return text;
  return text[language] ?? text.default ?? Object.values(text)[0] ?? fallback;
}

/** Text answers kept per question; the count still says how many there were. */
export const MAX_TEXT_ANSWERS = 1000;

const ZOption = z.object({ value: z.string(), label: ZSurveyText, count: z.number().int(), share: z.number() });
const ZTextAnswer = z.object({ organizationName: z.string(), text: z.string() });
const base = { name: z.string(), title: ZSurveyText, answered: z.number().int() };

export const ZQuestionResult = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('rating'), ...base, values: z.array(ZOption), mean: z.number().nullable() }),
  z.object({
    kind: z.literal('nps'),
    ...base,
    values: z.array(ZOption),
    mean: z.number().nullable(),
    promoters: z.number().int(),
    passives: z.number().int(),
    detractors: z.number().int(),
    /** % promoters − % detractors, −100..100, one decimal; null without answers. */
    score: z.number().nullable(),
  }),
  z.object({
    kind: z.literal('choice'),
    ...base,
    multiple: z.boolean(),
    choices: z.array(ZOption),
    otherTexts: z.array(ZTextAnswer),
  }),
  z.object({
    kind: z.literal('boolean'),
    ...base,
    yes: z.number().int(),
    no: z.number().int(),
    labelTrue: ZSurveyText.optional(),
    labelFalse: ZSurveyText.optional(),
  }),
  z.object({
    kind: z.literal('matrix'),
    ...base,
    columns: z.array(z.object({ value: z.string(), label: ZSurveyText })),
    rows: z.array(z.object({ value: z.string(), label: ZSurveyText, counts: z.array(z.number().int()) })),
  }),
  z.object({
    kind: z.literal('text'),
    ...base,
    answers: z.array(ZTextAnswer),
    truncated: z.boolean(),
  }),
]);
export type TQuestionResult = z.infer<typeof ZQuestionResult>;

// ---- Reading the model ----
type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const asText = (v: unknown): TSurveyText | undefined =>
  typeof v === 'string' || (isObject(v) && Object.values(v).every((x) => typeof x === 'string'))
    ? (v as TSurveyText)
    : undefined;

type Item = { value: string; label: TSurveyText };
function items(list: unknown): Item[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry): Item[] => {
    if (typeof entry === 'string' || typeof entry === 'number') return [{ value: String(entry), label: String(entry) }];
    if (isObject(entry) && entry.value !== undefined) {
      const value = String(entry.value);
      return [{ value, label: asText(entry.text) ?? value }];
    }
    return [];
  });
}

export type SurveyQuestion =
  | { kind: 'rating' | 'nps'; name: string; title: TSurveyText; values: Item[] }
  | { kind: 'choice'; name: string; title: TSurveyText; multiple: boolean; choices: Item[]; hasOther: boolean }
  | { kind: 'boolean'; name: string; title: TSurveyText; labelTrue?: TSurveyText; labelFalse?: TSurveyText }
  | { kind: 'matrix'; name: string; title: TSurveyText; rows: Item[]; columns: Item[] }
  | { kind: 'text'; name: string; title: TSurveyText };

const CHOICE_TYPES = new Set(['radiogroup', 'dropdown', 'checkbox', 'tagbox', 'imagepicker']);
const MULTIPLE_TYPES = new Set(['checkbox', 'tagbox']);
const TEXT_TYPES = new Set(['text', 'comment']);

function ratingValues(q: Json): Item[] {
  const listed = items(q.rateValues);
  if (listed.length) return listed;
  const min = typeof q.rateMin === 'number' ? q.rateMin : 1;
  const step = typeof q.rateStep === 'number' && q.rateStep > 0 ? q.rateStep : 1;
  const max =
    typeof q.rateMax === 'number'
      ? q.rateMax
      : typeof q.rateCount === 'number'
        ? min + (q.rateCount - 1) * step
        : min + 4 * step;
  const out: Item[] = [];
  for (let v = min; v <= max && out.length < 101; v += step) out.push({ value: String(v), label: String(v) });
  return out;
}

/** 0 to 10 is the Net Promoter scale (SPEC 5 "NPS survey template"). */
function isNps(values: Item[]) {
  return values.length === 11 && values.every((v, i) => v.value === String(i));
}

function question(q: Json): SurveyQuestion | null {
  const type = typeof q.type === 'string' ? q.type.toLowerCase() : '';
  if (typeof q.name !== 'string' || !q.name) return null;
  const name = q.name;
  const title = asText(q.title) ?? name;
  if (type === 'rating') {
    const values = ratingValues(q);
    return { kind: isNps(values) ? 'nps' : 'rating', name, title, values };
  }
  if (CHOICE_TYPES.has(type)) {
    return {
      kind: 'choice',
      name,
      title,
      multiple: MULTIPLE_TYPES.has(type),
      choices: items(q.choices),
      hasOther: q.showOtherItem === true || q.hasOther === true,
    };
  }
  if (type === 'boolean') {
    const labelTrue = asText(q.labelTrue);
    const labelFalse = asText(q.labelFalse);
    return {
      kind: 'boolean',
      name,
      title,
      ...(labelTrue ? { labelTrue } : {}),
      ...(labelFalse ? { labelFalse } : {}),
    };
  }
  if (type === 'matrix') return { kind: 'matrix', name, title, rows: items(q.rows), columns: items(q.columns) };
  if (TEXT_TYPES.has(type)) return { kind: 'text', name, title };
  return null;
}

/** The questions a SurveyJS model asks, in page order (panels opened); null when it is no model. */
export function surveyQuestions(modelJson: string): SurveyQuestion[] | null {
  let model: unknown;
  try {
    model = JSON.parse(modelJson);
  } catch {
    return null;
  }
  if (!isObject(model)) return null;
  const out: SurveyQuestion[] = [];
  const walk = (elements: unknown) => {
    if (!Array.isArray(elements)) return;
    for (const e of elements) {
      if (!isObject(e)) continue;
      if (e.type === 'panel') walk(e.elements);
      else {
        const q = question(e);
        if (q) out.push(q);
        // A question's own comment box (hasComment) is a text answer of its own.
        if (q && (e.hasComment === true || e.showCommentArea === true) && q.kind !== 'text') {
          out.push({ kind: 'text', name: `${q.name}-Comment`, title: asText(e.commentText) ?? `${q.name} (comment)` });
        }
      }
    }
  };
  if (Array.isArray(model.pages)) for (const page of model.pages) if (isObject(page)) walk(page.elements);
  walk(model.elements);
  return out;
}

// ---- Aggregating answers ----
type Counter = Map<string, number>;
const bump = (m: Counter, key: string) => m.set(key, (m.get(key) ?? 0) + 1);
const share = (count: number, of: number) => (of > 0 ? Math.round((count / of) * 1000) / 10 : 0);
const answerText = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

type State = {
  answered: number;
  counts: Counter;
  sum: number;
  numbers: number;
  texts: Array<{ organizationName: string; text: string }>;
  matrix: Map<string, Counter>;
};

/** One question's figures from its running state. */
function figures(q: SurveyQuestion, s: State): TQuestionResult {
  const common = { name: q.name, title: q.title, answered: s.answered };
  const options = (list: Item[]) =>
    list.map((i) => ({
      ...i,
      count: s.counts.get(i.value) ?? 0,
      share: share(s.counts.get(i.value) ?? 0, s.answered),
    }));
  const mean = s.numbers ? Math.round((s.sum / s.numbers) * 100) / 100 : null;
  switch (q.kind) {
    case 'rating':
      return { kind: 'rating', ...common, values: options(q.values), mean };
    case 'nps': {
      let promoters = 0;
      let passives = 0;
      let detractors = 0;
      for (const [value, count] of s.counts) {
        const n = Number(value);
        if (n >= 9) promoters += count;
        else if (n >= 7) passives += count;
        else detractors += count;
      }
      const score = s.answered ? Math.round(((promoters - detractors) / s.answered) * 1000) / 10 : null;
      return { kind: 'nps', ...common, values: options(q.values), mean, promoters, passives, detractors, score };
    }
    case 'choice': {
      const listed = q.hasOther ? [...q.choices, { value: 'other', label: 'other' }] : q.choices;
      const known = new Set(listed.map((c) => c.value));
      // Values the model no longer lists (edited after answers came) still count.
      const extra = [...s.counts.keys()].filter((k) => !known.has(k)).map((k) => ({ value: k, label: k }));
      return {
        kind: 'choice',
        ...common,
        multiple: q.multiple,
        choices: options([...listed, ...extra]),
        otherTexts: s.texts,
      };
    }
    case 'boolean':
      return {
        kind: 'boolean',
        ...common,
        yes: s.counts.get('true') ?? 0,
        no: s.counts.get('false') ?? 0,
        ...(q.labelTrue ? { labelTrue: q.labelTrue } : {}),
        ...(q.labelFalse ? { labelFalse: q.labelFalse } : {}),
      };
    case 'matrix':
      return {
        kind: 'matrix',
        ...common,
        columns: q.columns,
        rows: q.rows.map((r) => ({
          ...r,
          counts: q.columns.map((c) => s.matrix.get(r.value)?.get(c.value) ?? 0),
        })),
      };
    case 'text':
      return { kind: 'text', ...common, answers: s.texts, truncated: s.answered > s.texts.length };
  }
}

/** Feeds answers in one at a time (any order), then gives every question's figures. */
export function createSurveyAggregator(questions: SurveyQuestion[]) {
  const states = new Map<string, State>(
    questions.map((q) => [
      q.name,
      { answered: 0, counts: new Map(), sum: 0, numbers: 0, texts: [], matrix: new Map() },
    ]),
  );
  let submissions = 0;

  function add(organizationName: string, data: unknown) {
    if (!isObject(data)) return;
    submissions += 1;
    for (const q of questions) {
      const s = states.get(q.name) as State;
      const v = data[q.name];
      if (v === undefined || v === null || v === '') continue;
      switch (q.kind) {
        case 'rating':
        case 'nps': {
          const key = String(v);
          if (!q.values.some((x) => x.value === key)) break;
          s.answered += 1;
          bump(s.counts, key);
          const n = Number(v);
          if (Number.isFinite(n)) {
            s.sum += n;
            s.numbers += 1;
          }
          break;
        }
        case 'choice': {
          const picked = Array.isArray(v) ? v : [v];
          if (!picked.length) break;
          s.answered += 1;
          for (const p of picked) bump(s.counts, String(p));
          const other = answerText(data[`${q.name}-Comment`]);
          if (picked.some((p) => String(p) === 'other') && other && s.texts.length < MAX_TEXT_ANSWERS)
            s.texts.push({ organizationName, text: other });
          break;
        }
        case 'boolean':
          if (typeof v !== 'boolean') break;
          s.answered += 1;
          bump(s.counts, String(v));
          break;
        case 'matrix': {
          if (!isObject(v)) break;
          s.answered += 1;
          for (const [row, column] of Object.entries(v)) {
            const m = s.matrix.get(row) ?? new Map();
            bump(m, String(column));
            s.matrix.set(row, m);
          }
          break;
        }
        case 'text': {
          const text = answerText(v);
          if (!text) break;
          s.answered += 1;
          if (s.texts.length < MAX_TEXT_ANSWERS) s.texts.push({ organizationName, text });
          break;
        }
      }
    }
  }

  function result(): { submissions: number; questions: TQuestionResult[] } {
    const out = questions.map((q) => figures(q, states.get(q.name) as State));
    return { submissions, questions: out };
  }

  return { add, result };
}

/** The whole aggregation at once (tests, small inputs). */
export function aggregateSurvey(
  modelJson: string,
  answers: Iterable<{ organizationName: string; data: unknown }>,
): { submissions: number; questions: TQuestionResult[] } | null {
  const questions = surveyQuestions(modelJson);
  if (!questions) return null;
  const aggregator = createSurveyAggregator(questions);
  for (const a of answers) aggregator.add(a.organizationName, a.data);
  return aggregator.result();
}

// ---- API shapes ----
export const ZSurveyStepListItem = z.object({ stepId: z.uuid(), name: z.string(), sort: z.number().int() });
export const ZSurveyStepList = z.object({
  callId: z.uuid(),
  callName: z.string(),
  steps: z.array(ZSurveyStepListItem),
});
export type TSurveyStepList = z.infer<typeof ZSurveyStepList>;

export const ZSurveyReportQuery = z.object({
  callId: z.uuid(),
  stepId: z.uuid(),
  /** Include answers of submissions that are not closed yet. */
  includeOpen: z.enum(['true', 'false']).optional(),
});
export const ZSurveyReport = z.object({
  callId: z.uuid(),
  callName: z.string(),
  stepId: z.uuid(),
  stepName: z.string(),
  includeOpen: z.boolean(),
  /** False when the step's content is not a SurveyJS model (only logged, SPEC 8). */
  validModel: z.boolean(),
  submissions: z.number().int(),
  questions: z.array(ZQuestionResult),
});
export type TSurveyReport = z.infer<typeof ZSurveyReport>;
