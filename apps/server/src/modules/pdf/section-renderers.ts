import {
  budgetAnswerInputOf,
  budgetAnswerWithTotals,
  budgetContentOf,
  formatMoney,
  parseImpactActualsAnswer,
  STEP_TYPES,
  type TLanguage,
  type TPdfExportData,
  type TPdfMiniDyi,
  type TPdfSection,
  type TStepTypeName,
  withDefaultLocaleStrings,
} from '@impact/domain';
import { surveyAnswerDisplay } from '../step-types/survey-runner';
import type { PdfLabels } from './labels';
import type { Content } from './pdf-types';
import { htmlToText, safeText } from './text';

/** What a section renderer gets: the section, the whole record (attachments, impact designs) and the locale. */
export type SectionContext = {
  data: TPdfExportData;
  labels: PdfLabels;
  language: TLanguage;
  number: (n: number | null) => string;
  /** An SROI ratio, always with two decimals, as the impact step and the closing page show it. */
  ratio: (n: number | null) => string;
  /** An amount in the record's currency (`recordCurrency`), with its symbol ("65.000,50 €", "£65,000.50"). */
  money: (n: number | null) => string;
  /** A unit's price (a financial proxy): money, with as many decimals as it has, up to four. */
  unitMoney: (n: number | null) => string;
};
/** A section's body; null leaves the section out, heading and all (the results step, computed anew). */
export type SectionRenderer = (section: TPdfSection, ctx: SectionContext) => Content[] | null;

function parse(json: string): unknown {
  if (!json) return null;
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Thin grey rules between rows, a darker one under the header row: a filed document's table. */
export const TABLE_LAYOUT = {
  hLineWidth: (i: number, node: { table: { body: unknown[]; headerRows?: number } }) =>
    i === 0 || i === node.table.body.length ? 0 : 0.5,
  vLineWidth: () => 0,
  hLineColor: (i: number, node: { table: { headerRows?: number } }) =>
    i === (node.table.headerRows ?? -1) ? '#868e96' : '#dee2e6',
  paddingLeft: (i: number) => (i === 0 ? 0 : 6),
  paddingRight: () => 6,
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

/** A paragraph with its own style properties (not a named style: one lookup less per word). */
const paragraph = (text: string, style: Record<string, unknown> = {}, margin?: number[]): Content => ({
  text,
  ...style,
  ...(margin ? { margin } : {}),
});

const noAnswer = (ctx: SectionContext): Content => ({ text: ctx.labels.noAnswer, style: 'muted' });

// ---- text ----

/** One question and its answer: the question in bold, the answer below (or "no answer"). */
function questionBlock(question: string, answer: unknown, ctx: SectionContext, help = ''): Content[] {
  const text = typeof answer === 'string' ? htmlToText(answer) : '';
  return [
    ...(question ? [paragraph(question, { bold: true }, [0, 6, 0, 2])] : []),
    ...(help ? [paragraph(help, { color: '#495057', fontSize: 9 }, [0, 0, 0, 2])] : []),
    text ? paragraph(text, {}, [0, 0, 0, 6]) : noAnswer(ctx),
  ];
}

/**
 * A text step: its one question (the original shape, HTML) and answer, or, with several
 * questions, the introduction and one block per question. Stored JSON is read without trusting it
 * (the render thread loads none of the domain's step modules).
 */
const renderText: SectionRenderer = (section, ctx) => {
  const def = parse(section.questions);
  const intro = isRecord(def) && typeof def.question === 'string' ? htmlToText(def.question) : '';
  const answer = parse(section.answers);
  const questions = isRecord(def) && Array.isArray(def.questions) ? def.questions.filter(isRecord) : null;
  if (!questions) return questionBlock(intro, isRecord(answer) ? answer.answer : undefined, ctx);
  // An answer saved before the step asked several questions stays its first question's ("answer").
  const answers = !isRecord(answer) ? {} : isRecord(answer.answers) ? answer.answers : { answer: answer.answer };
  return [
    ...(intro ? [paragraph(intro, {}, [0, 6, 0, 2])] : []),
    ...questions.flatMap((q) =>
      questionBlock(
        safeText(typeof q.label === 'string' ? q.label : ''),
        typeof q.id === 'string' ? answers[q.id] : undefined,
        ctx,
        safeText(typeof q.help === 'string' ? q.help : ''),
      ),
    ),
  ];
};

// ---- upload ----

const renderUpload: SectionRenderer = (section, ctx) => {
  const files = ctx.data.attachments.filter((a) => a.stepName === section.sectionName);
  if (!files.length) return [{ text: ctx.labels.noFiles, style: 'muted' }];
  return [
    {
      table: {
        dontBreakRows: true,
        headerRows: 1,
        widths: ['30%', '35%', '35%'],
        body: [
          [
            { text: ctx.labels.file, style: 'th' },
            { text: ctx.labels.fileName, style: 'th' },
            { text: ctx.labels.description, style: 'th' },
          ],
          ...files.map((f) => [safeText(f.attachmentTitle), safeText(f.fileName), safeText(f.description)]),
        ],
      },
      layout: TABLE_LAYOUT,
    },
  ];
};

// ---- survey and quiz ----

type Question = {
  title: string;
  choices: Map<string, string>;
  rows: Map<string, string>;
  columns: Map<string, string>;
};

function localized(value: unknown, language: TLanguage): string {
  if (typeof value === 'string') return value;
  if (isRecord(value)) {
    // The language's own text, else the default language's (a blank text counts as missing).
    const own = value[language];
    const pick = typeof own === 'string' && own.trim() ? own : (value.default ?? Object.values(value)[0]);
    return typeof pick === 'string' ? pick : '';
  }
  return '';
}

function itemMap(items: unknown, language: TLanguage): Map<string, string> {
  const map = new Map<string, string>();
  if (!Array.isArray(items)) return map;
  for (const item of items) {
    if (isRecord(item)) {
      const value = String(item.value ?? item.name ?? '');
      map.set(value, htmlToText(localized(item.text ?? item.title, language)) || value);
    } else if (item !== null && item !== undefined) map.set(String(item), String(item));
  }
  return map;
}

/** Every named question of a SurveyJS-like model (pages → elements → nested panels). */
function questionsOf(model: unknown, language: TLanguage, out = new Map<string, Question>()): Map<string, Question> {
  if (Array.isArray(model)) {
    for (const m of model) questionsOf(m, language, out);
    return out;
  }
  if (!isRecord(model)) return out;
  if (typeof model.name === 'string' && typeof model.type === 'string' && model.type !== 'panel') {
    out.set(model.name, {
      title: htmlToText(localized(model.title, language)) || model.name,
      choices: itemMap(model.choices, language),
      rows: itemMap(model.rows, language),
      columns: itemMap(model.columns, language),
    });
  }
  for (const key of ['pages', 'elements', 'templateElements', 'questions']) questionsOf(model[key], language, out);
  return out;
}

/** A yes or no in words: Roboto has no check mark (it printed an empty box). */
const yesNo = (value: boolean, labels: PdfLabels) => (value ? labels.yes : labels.no);

function valueText(value: unknown, choices: Map<string, string>, labels: PdfLabels): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((v) => valueText(v, choices, labels)).join(', ');
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([k, v]) => `${k}: ${valueText(v, new Map(), labels)}`)
      .join('; ');
  }
  const key = String(value);
  return safeText(choices.get(key) ?? (typeof value === 'boolean' ? yesNo(value, labels) : key));
}

const renderSurvey: SectionRenderer = (section, ctx) => {
  const answers = parse(section.answers);
  if (!isRecord(answers) || Object.keys(answers).length === 0) return [noAnswer(ctx)];
  // SurveyJS itself says what was shown and answered (visibleIf, choice texts in the language);
  // the generic reader below is kept for a model SurveyJS cannot load.
  const lines = surveyAnswerDisplay(parse(section.questions), answers, ctx.language);
  if (lines.length > 0) {
    return lines.flatMap((line) => [
      paragraph(safeText(line.title), { bold: true }, [0, 6, 0, 2]),
      paragraph(safeText(line.answer) || '—', {}, [0, 0, 0, 6]),
    ]);
  }
  const questions = questionsOf(withDefaultLocaleStrings(parse(section.questions)), ctx.language);
  const out: Content[] = [];
  for (const [name, value] of Object.entries(answers)) {
    const q = questions.get(name);
    out.push(paragraph(q?.title ?? safeText(name), { bold: true }, [0, 6, 0, 2]));
    if (isRecord(value) && q && (q.rows.size > 0 || q.columns.size > 0)) {
      // A matrix: one row per matrix row, the chosen column (or cell values) beside it.
      out.push({
        table: {
          dontBreakRows: true,
          widths: ['50%', '50%'],
          body: Object.entries(value).map(([row, cell]) => [
            safeText(q.rows.get(row) ?? row),
            valueText(cell, q.columns.size ? q.columns : q.choices, ctx.labels),
          ]),
        },
        layout: TABLE_LAYOUT,
        style: 'answer',
      });
    } else {
      out.push(paragraph(valueText(value, q?.choices ?? new Map(), ctx.labels) || '—', {}, [0, 0, 0, 6]));
    }
  }
  return out;
};

// ---- the impact design (miniDyi) ----

function renderImpact(design: TPdfMiniDyi, ctx: SectionContext): Content[] {
  const { labels: l, number, ratio, money, unitMoney } = ctx;
  const rows: Content[][] = [
    [
      { text: l.outcome, style: 'th' },
      { text: l.stakeholder, style: 'th' },
      { text: l.indicator, style: 'th' },
      { text: l.target, style: 'th', alignment: 'right' },
      { text: l.proxy, style: 'th' },
      { text: l.proxyValue, style: 'th', alignment: 'right' },
    ],
  ];
  for (const o of design.selectedOutcomes) {
    const outcome = safeText(o.sdg ? `${o.outcomeName} (${l.sdgCode(o.sdg)})` : o.outcomeName);
    const indicators = o.indicators.length ? o.indicators : [null];
    indicators.forEach((i, n) => {
      rows.push([
        n === 0 ? outcome : '',
        n === 0 ? safeText(o.stakeholderName) : '',
        safeText(i?.indicatorName ?? '—'),
        { text: number(i?.indicatorTargetValue ?? null), alignment: 'right' },
        safeText(i?.proxyName ?? ''),
        // A financial proxy is money, written as the budget is (currency, cents), keeping any finer
        // decimals a framework gives it (0,347 €): the SROI is computed with them.
        { text: unitMoney(i?.proxyValue ?? null), alignment: 'right' },
      ]);
    });
  }
  const investmentLabel = ctx.data.sectionsForPDF.some((section) => section.stepType === STEP_TYPES.budget.name)
    ? l.budgetCost
    : l.budget;
  const s = design.sroi;
  const range =
    s.score === null
      ? l.sroiNone
      : l.sroiRange({ low: ratio(s.lowerScore), high: ratio(s.upperScore), score: ratio(s.score) });
  return [
    {
      columns: [
        // With a budget step the investment is its total cost (decision 0041), not an amount asked for.
        { text: [{ text: l.labelled(investmentLabel), bold: true }, money(design.budget)] },
        { text: [{ text: l.labelled(l.budgetSpent), bold: true }, money(design.budgetSpent)] },
      ],
      style: 'answer',
    },
    {
      text: [{ text: l.labelled(l.sdgs), bold: true }, design.sdg.map((c) => l.sdgCode(c)).join(', ') || '—'],
      style: 'answer',
    },
    {
      table: {
        dontBreakRows: true,
        headerRows: 1,
        // The header row never alone at the foot of a page.
        keepWithHeaderRows: 1,
        widths: ['*', '*', '*', 50, '*', 50],
        body: rows,
      },
      layout: TABLE_LAYOUT,
      fontSize: 8.5,
      style: 'answer',
    },
    { text: [{ text: l.labelled(l.sroi), bold: true }, range], style: 'answer' },
    ...(s.overThreshold ? [{ text: l.sroiWarning, style: 'warning' } as Content] : []),
  ];
}

const renderMiniDyi: SectionRenderer = (section, ctx) => {
  const design = ctx.data.miniDyi.find((d) => d.stepId === section.stepId);
  return design ? renderImpact(design, ctx) : [noAnswer(ctx)];
};

// ---- the budget ----

/**
 * The budget table: one row per line (category, description, an amount per period, its total),
 * a subtotal per category, the totals per period, then the co-funding and the three figures.
 * Totals are recomputed from the lines here, exactly as the server computes them (decision 0041).
 */
const renderBudget: SectionRenderer = (section, ctx) => {
  const def = budgetContentOf(section.questions);
  const input = budgetAnswerInputOf(section.answers);
  if (!def || !input || input.lines.length === 0) return [noAnswer(ctx)];
  const { labels: l, language } = ctx;
  const budget = budgetAnswerWithTotals(def, input);
  const money = (value: string | null) => (value === null ? '' : formatMoney(value, language, def.currency));
  const right = (text: string, bold = false) => ({ text, alignment: 'right', ...(bold ? { bold: true } : {}) });
  const lineTotal = (amounts: (string | null)[]) =>
    budgetAnswerWithTotals(def, { lines: [{ category: '', description: '', amounts }], coFunding: [] }).totals.cost;
  const rows: Content[][] = [
    [
      { text: l.budgetCategory, style: 'th' },
      { text: l.budgetLine, style: 'th' },
      ...def.periods.map((p) => ({ text: safeText(p), style: 'th', alignment: 'right' })),
      { text: l.budgetTotal, style: 'th', alignment: 'right' },
    ],
  ];
  const categories = [...def.categories.map((c) => c.id), ...budget.lines.map((line) => line.category)];
  for (const id of [...new Set(categories)]) {
    const lines = budget.lines.filter((line) => line.category === id);
    if (!lines.length) continue;
    const category = def.categories.find((c) => c.id === id);
    const name = safeText(category?.name[language] || category?.name.it || id);
    lines.forEach((line, n) => {
      rows.push([
        n === 0 ? name : '',
        safeText(line.description) || '—',
        ...line.amounts.map((a) => right(money(a))),
        right(money(lineTotal(line.amounts))),
      ]);
    });
    rows.push([
      '',
      { text: `${l.budgetTotal} ${name}`, italics: true },
      ...def.periods.map(() => ''),
      right(money(budget.totals.byCategory[id] ?? lineTotal([])), true),
    ]);
  }
  rows.push([
    { text: l.budgetCost, bold: true },
    '',
    ...budget.totals.byPeriod.map((v) => right(money(v), true)),
    right(money(budget.totals.cost), true),
  ]);
  const kinds = { ownFunds: l.budgetKindOwnFunds, otherFunders: l.budgetKindOtherFunders, inKind: l.budgetKindInKind };
  const out: Content[] = [
    {
      table: {
        dontBreakRows: true,
        headerRows: 1,
        keepWithHeaderRows: 1,
        widths: ['auto', '*', ...def.periods.map(() => 'auto'), 'auto'],
        body: rows,
      },
      layout: TABLE_LAYOUT,
      fontSize: 8.5,
      style: 'answer',
    },
  ];
  if (budget.coFunding.length) {
    out.push({
      table: {
        dontBreakRows: true,
        headerRows: 1,
        widths: ['*', 'auto', 'auto', 'auto'],
        body: [
          [
            { text: l.budgetSource, style: 'th' },
            { text: l.budgetKind, style: 'th' },
            { text: l.budgetConfirmed, style: 'th' },
            { text: l.budgetCoFunding, style: 'th', alignment: 'right' },
          ],
          ...budget.coFunding.map((c) => [
            safeText(c.source) || '—',
            // A draft's source whose kind is not chosen yet (Submit asks for it).
            c.kind ? kinds[c.kind] : '—',
            yesNo(c.confirmed, l),
            right(money(c.amount)),
          ]),
        ],
      },
      layout: TABLE_LAYOUT,
      fontSize: 8.5,
      style: 'answer',
    });
  }
  out.push({
    columns: [
      { text: [{ text: l.labelled(l.budgetCost), bold: true }, money(budget.totals.cost)] },
      { text: [{ text: l.labelled(l.budgetCoFunding), bold: true }, money(budget.totals.coFunding)] },
      { text: [{ text: l.labelled(l.budgetRequested), bold: true }, money(budget.totals.requested)] },
    ],
    style: 'answer',
  });
  return out;
};

// ---- impact actuals ----

/**
 * A report's impact actuals: each indicator with its forecast target, the value achieved and the
 * note, then the forecast and the actual central SROI, and the evidence files (docs/IMPACT.md).
 */
const renderImpactActuals: SectionRenderer = (section, ctx) => {
  const answer = parseImpactActualsAnswer(section.answers);
  const l = ctx.labels;
  if (!answer?.forecast) return [{ text: l.actualsNoForecast, style: 'muted' }];
  const right = (text: string) => ({ text, alignment: 'right' });
  const byKey = new Map(answer.values.map((v) => [v.key, v]));
  const rows: Content[][] = [
    [
      { text: l.outcome, style: 'th' },
      { text: l.indicator, style: 'th' },
      { text: l.actualsTarget, style: 'th', alignment: 'right' },
      { text: l.actualsAchieved, style: 'th', alignment: 'right' },
      { text: l.actualsNote, style: 'th' },
    ],
    ...answer.forecast.indicators.map((i) => {
      const value = byKey.get(i.key);
      return [
        safeText(i.outcomeName),
        safeText(i.indicatorName),
        right(ctx.number(i.targetValue)),
        right(value?.value == null ? '—' : ctx.number(value.value)),
        safeText(value?.note ?? ''),
      ];
    }),
  ];
  const evidence = answer.files.map((f) => {
    const indicator = answer.forecast?.indicators.find((i) => i.key === f.slot);
    return [safeText(indicator?.indicatorName ?? f.slot), safeText(f.fileName), safeText(f.description)];
  });
  return [
    {
      table: { dontBreakRows: true, headerRows: 1, widths: ['25%', '25%', 'auto', 'auto', '*'], body: rows },
      layout: TABLE_LAYOUT,
      fontSize: 8.5,
      style: 'answer',
    },
    {
      columns: [
        {
          text: [
            { text: l.labelled(l.actualsForecastSroi), bold: true },
            ctx.ratio(answer.forecastSroi?.central ?? null),
          ],
        },
        {
          text: [{ text: l.labelled(l.actualsActualSroi), bold: true }, ctx.ratio(answer.actualSroi?.central ?? null)],
        },
      ],
      style: 'answer',
    },
    evidence.length
      ? {
          table: {
            dontBreakRows: true,
            headerRows: 1,
            widths: ['30%', '35%', '35%'],
            body: [
              [
                { text: l.actualsEvidence, style: 'th' },
                { text: l.fileName, style: 'th' },
                { text: l.description, style: 'th' },
              ],
              ...evidence,
            ],
          },
          layout: TABLE_LAYOUT,
        }
      : { text: l.noFiles, style: 'muted' },
  ];
};

/** A step type with no renderer of its own: its answer as text, or as question → answer pairs. */
const renderGeneric: SectionRenderer = (section, ctx) => {
  const answers = parse(section.answers);
  if (isRecord(answers)) return renderSurvey(section, ctx) ?? [];
  return section.answers ? [{ text: htmlToText(section.answers), style: 'answer' }] : [];
};

/**
 * The PDF's part of the step-type registry: one renderer per type, keyed by the type's name (a
 * shipped type without one fails to compile). It lives here, not in the server's type modules,
 * because it runs on the render thread, which loads none of those. Survey and quiz answers show
 * each question's title and the chosen choices' texts; the results step is left out (its figures
 * are computed when read, not part of what was sent).
 */
const renderers = new Map<string, SectionRenderer>(
  Object.entries({
    text: renderText,
    upload: renderUpload,
    miniDyi: renderMiniDyi,
    survey: renderSurvey,
    quiz: renderSurvey,
    results: () => null,
    budget: renderBudget,
    impactActuals: renderImpactActuals,
  } satisfies Record<TStepTypeName, SectionRenderer>),
);

/**
 * Adds the PDF section of a type registered beyond those shipped (see `registerStepType`). Only
 * in the thread that renders: a type kept outside this folder registers it in the render worker too.
 */
export function registerSectionRenderer(name: string, renderer: SectionRenderer): void {
  if (renderers.has(name)) throw new Error(`step type ${name} has its PDF section`);
  renderers.set(name, renderer);
}

export function renderSection(section: TPdfSection, ctx: SectionContext): Content[] | null {
  return (renderers.get(section.stepType) ?? renderGeneric)(section, ctx);
}
