import {
  NON_PROFIT_SCREENER,
  type TFieldError,
  type TJsonObject,
  type TScreener,
  type TScreenerInput,
} from '@impact/domain';

/** The screener tab's form: the model as the builder's text, the rules, the contact. */
export type ScreenerDraft = {
  modelText: string;
  rules: Array<{ expression: string; message: { it: string; en: string; fr: string } }>;
  contact: string;
};

/** A first screener: one yes/no question and the rule that a "no" is ineligible. */
export const STARTER_SCREENER: ScreenerDraft = {
  modelText: JSON.stringify(NON_PROFIT_SCREENER.model, null, 2),
  rules: [{ expression: NON_PROFIT_SCREENER.rule.expression, message: { ...NON_PROFIT_SCREENER.rule.message } }],
  contact: '',
};

export function draftOf(screener: TScreener): ScreenerDraft {
  return {
    modelText: JSON.stringify(screener.model, null, 2),
    rules: screener.rules.map((r) => ({
      expression: r.expression,
      message: { it: r.message.it, en: r.message.en ?? '', fr: r.message.fr ?? '' },
    })),
    contact: screener.contact,
  };
}

/** The model the text holds, or null when it is not a JSON object. */
export function modelOf(text: string): TJsonObject | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as TJsonObject) : null;
  } catch {
    return null;
  }
}

/** What PUT Call/SaveScreener sends, or null while the model's text is not a JSON object. */
export function screenerOf(draft: ScreenerDraft): TScreenerInput | null {
  const model = modelOf(draft.modelText);
  return model && { model, rules: draft.rules, contact: draft.contact };
}

/** The server's field errors placed where the form shows them: a rule's expression or message, the model, the contact. */
export function placeErrors(errors: TFieldError[] | undefined) {
  const placed = {
    model: null as TFieldError | null,
    contact: null as TFieldError | null,
    rules: new Map<number, { expression?: TFieldError; message?: TFieldError }>(),
    other: [] as TFieldError[],
  };
  for (const error of errors ?? []) {
    const rule = /^screener\.rules\.(\d+)\.(expression|message)/.exec(error.path);
    if (rule) {
      const index = Number(rule[1]);
      const field = rule[2] as 'expression' | 'message';
      const at = placed.rules.get(index) ?? {};
      at[field] ??= error;
      placed.rules.set(index, at);
    } else if (error.path.startsWith('screener.model')) placed.model ??= error;
    else if (error.path === 'screener.contact') placed.contact ??= error;
    else placed.other.push(error);
  }
  return placed;
}
