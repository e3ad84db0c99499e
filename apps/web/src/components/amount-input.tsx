import { TextInput, type TextInputProps } from '@mantine/core';
import { createContext, type ReactNode, useContext, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currencyPlacement } from '../lib/number-formats';
import { marks, parseTypedAmount } from '../lib/typed-amount';

type Props = Omit<TextInputProps, 'value' | 'onChange' | 'error' | 'inputMode'> & {
  value: number | null | undefined;
  /** The number read, or null when the field is empty or what it holds is not a number. */
  onChange: (value: number | null) => void;
  /** Money in this currency: its symbol stands beside the figure. */
  currency?: string;
  /** Decimals at most: cents (2) for an amount, more for a target or a value per unit. */
  decimals?: number;
  error?: ReactNode;
};

/**
 * A stored figure as the field shows it: grouped as the language groups ("14.000", "14 000",
 * "14,000"), with cents when it has any; what the parser reads back as the same figure. More
 * decimals than the field takes (stored before it) are written out whole, and asked to be rounded.
 */
function figureForInput(value: number, language: string, decimals: number): string {
  const scale = 10 ** decimals;
  if (!Number.isInteger(Math.round(value * scale * 1e6) / 1e6))
    return String(value).replace('.', marks(language).decimal);
  const fraction = !Number.isInteger(value);
  return new Intl.NumberFormat(language, {
    // Money shows its cents ("1.000,50"); another figure, what it has ("2,125").
    minimumFractionDigits: fraction && decimals === 2 ? 2 : 0,
    maximumFractionDigits: decimals,
  }).format(value);
}

/** Decimals a figure that is no money may have (a target, a proxy's value per unit, a value achieved). */
export const FIGURE_DECIMALS = 6;

/**
 * Told of each AmountInput whose text cannot be read (by a key of the field's own), so that the
 * page around says so: its save badge counts it and its Next and Submit wait for it (the field's
 * value is then null, which an optional field would otherwise pass as "nothing to say").
 */
export const UnreadableFigures = createContext<((field: string, unreadable: boolean) => void) | null>(null);

/** The page's side of UnreadableFigures: how many figures cannot be read now, and the reporter to provide. */
export function useUnreadableFigures() {
  const [fields, setFields] = useState<ReadonlySet<string>>(new Set());
  const [report] = useState(
    () => (field: string, unreadable: boolean) =>
      setFields((current) => {
        if (current.has(field) === unreadable) return current;
        const next = new Set(current);
        if (unreadable) next.add(field);
        else next.delete(field);
        return next;
      }),
  );
  return { count: fields.size, report };
}

/**
 * A figure as the applicant types it in their language, read by the same rule as the budget's
 * amounts (lib/typed-amount.ts): "1.000,50" in Italian or French is a thousand and fifty cents,
 * "1,000.50" in English; "1 000,50" and "1000,5" too. What cannot be read without guessing
 * ("12,345" in Italian, "1.2.3") is said at the field, and the value becomes empty rather than
 * a number the person did not mean: the step's own check then asks for it, and nothing wrong
 * reaches the SROI. A number field (react-number-format) took "1.000,50" typed in French as 1,00.
 */
export function AmountInput({ value, onChange, currency, decimals = 2, error, onBlur, ...props }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const stored = value === null || value === undefined ? '' : figureForInput(value, language, decimals);
  const [text, setText] = useState(stored);
  const read = (typed: string) => {
    const parsed = parseTypedAmount(typed, language, decimals);
    return parsed === null || parsed === '' ? null : Number(parsed);
  };
  // A value changed elsewhere (a teammate's save, a conflict resolved) replaces the text; the
  // value this field gave (what the text reads as, null for what cannot be read) keeps it, so a
  // figure being typed, or one to mend, stays as typed. Another language writes the value anew
  // (a text typed in the last one may read otherwise in this one: "12,345"), except a text that
  // could not be read: it stays as typed, still to mend until it is edited (never read in the new
  // language behind the person's back, never lost).
  const shownIn = useRef(language);
  const [heldAcrossLanguages, holdAcrossLanguages] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new value from outside, or a new language, resets the text
  useEffect(() => {
    const from = shownIn.current;
    shownIn.current = language;
    const relanguaged = from !== language;
    const toMend = heldAcrossLanguages || parseTypedAmount(text, from, decimals) === null;
    if (relanguaged && toMend && text.trim() !== '' && value == null) holdAcrossLanguages(true);
    else if (relanguaged || read(text) !== (value ?? null) || (heldAcrossLanguages && value != null)) {
      // A value from outside (a teammate's save, "load theirs") replaces a held text too.
      setText(stored);
      holdAcrossLanguages(false);
    }
  }, [stored, language]);
  const unreadable = heldAcrossLanguages || parseTypedAmount(text, language, decimals) === null;
  const report = useContext(UnreadableFigures);
  const field = useId();
  useEffect(() => {
    report?.(field, unreadable);
    return () => report?.(field, false);
  }, [report, field, unreadable]);
  const money = currency ? currencyPlacement(language, currency) : null;
  const symbol = money ? (
    <span aria-hidden style={{ color: 'var(--mantine-color-dimmed)' }}>
      {money.symbol}
    </span>
  ) : undefined;
  return (
    <TextInput
      {...props}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        setText(typed);
        holdAcrossLanguages(false);
        onChange(read(typed));
      }}
      onBlur={(event) => {
        // Left, a readable figure is written as the language writes it ("1000,5" → "1.000,50").
        if (!unreadable) setText(stored);
        onBlur?.(event);
      }}
      leftSection={money?.before ? symbol : undefined}
      rightSection={money && !money.before ? symbol : undefined}
      error={unreadable ? t('errors.amount.unreadable') : error}
    />
  );
}
