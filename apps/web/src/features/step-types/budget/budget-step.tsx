import {
  budgetAnswerInputOf,
  budgetContentOf,
  budgetProblems,
  formatShare,
  type TBudgetAnswerInput,
  type TBudgetContent,
} from '@impact/domain';
import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ClipboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountForInput, parseTypedAmount } from '../../../lib/typed-amount';
import { neighbourOf, useFocusAfterRender } from '../../../lib/use-focus-after-render';
import { ConflictBanner } from '../../step-kit/conflict-banner';
import { SaveIndicator } from '../../step-kit/save-indicator';
import type { StepProps } from '../../step-kit/step-props';
import { useAutosave } from '../../step-kit/use-autosave';
import { pageProblems } from '../page-problems';
import { pastedRows, typedAmountError } from './amounts';
import { BudgetLines, type BudgetRow } from './budget-lines';
import { BudgetReadOnly, BudgetTotals, categoryName, contentLanguage } from './budget-table';
import { CoFundingSources, type Source } from './co-funding-sources';

type Props = Omit<StepProps, 'subStep'>;

type Typed = { rows: BudgetRow[]; sources: Source[] };

let nextKey = 1;
const key = () => nextKey++;

function typedOf(content: string, def: TBudgetContent, language: string): Typed {
  const answer = budgetAnswerInputOf(content) ?? { lines: [], coFunding: [] };
  const asText = (v: unknown) => amountForInput(v === null || v === undefined ? null : String(v), language);
  return {
    rows: answer.lines.map((l) => ({
      key: key(),
      category: l.category,
      description: l.description,
      amounts: def.periods.map((_, i) => asText(l.amounts[i])),
    })),
    sources: answer.coFunding.map((c) => ({ ...c, key: key(), amount: asText(c.amount) })),
  };
}

/**
 * The amounts as typed in one language, written for another: each that read in the first is
 * written as the second writes it ("1.234,5" in Italian is "1,234.5" in English, where it read as
 * 1.2345); one that did not read stays as typed, still to mend.
 */
function retyped(typed: Typed, from: string, to: string): Typed {
  const again = (text: string) =>
    typedAmountError(text, from) === null ? amountForInput(parseTypedAmount(text, from), to) : text;
  return {
    rows: typed.rows.map((r) => ({ ...r, amounts: r.amounts.map(again) })),
    sources: typed.sources.map((s) => ({ ...s, amount: again(s.amount) })),
  };
}

/** What is sent: the amounts as decimal strings; an amount that is not one is left empty (and flagged). */
function answerOf(typed: Typed, language: string): TBudgetAnswerInput {
  const amount = (text: string) => {
    const parsed = parseTypedAmount(text, language);
    return parsed === null || parsed === '' || typedAmountError(text, language) ? null : parsed;
  };
  return {
    lines: typed.rows.map((r) => ({
      category: r.category,
      description: r.description,
      amounts: r.amounts.map(amount),
    })),
    coFunding: typed.sources.map((s) => ({
      source: s.source,
      kind: s.kind,
      amount: amount(s.amount),
      confirmed: s.confirmed,
    })),
  };
}

/** The error key of each amount that does not read as one (saved empty meanwhile). */
const typingProblems = (typed: Typed, language: string) =>
  [...typed.rows.flatMap((r) => r.amounts), ...typed.sources.map((s) => s.amount)]
    .map((a) => typedAmountError(a, language))
    .filter((e): e is string => e !== null);

/**
 * The budget step (decision 0041): per category, lines with a description and an amount per
 * period (add, remove, move; rows pasted from a spreadsheet become lines), the co-funding sources,
 * and the totals as the applicant types, in their language. Autosaved like every answer, an
 * amount that does not read as one saved empty; the server keeps its own totals.
 */
export function BudgetStep({ step, submissionId, result, readOnly, onContent, registerFlush }: Props) {
  const { t, i18n } = useTranslation();
  const language = contentLanguage(i18n.language);
  const def = useMemo(() => budgetContentOf(step.content), [step.content]);
  const autosave = useAutosave({ submissionId, stepId: step.id, initial: result, readOnly });
  const [typed, setTyped] = useState<Typed>(() =>
    def ? typedOf(autosave.content, def, language) : { rows: [], sources: [] },
  );
  // The language the amounts on screen are written in: on a change of language they are written
  // anew before anything reads them (read in the new one, "20.000" typed in Italian was 20).
  const [typedIn, setTypedIn] = useState(language);
  if (typedIn !== language) {
    setTypedIn(language);
    setTyped((before) => retyped(before, typedIn, language));
  }
  const lastSent = useRef(autosave.content);
  // Lines just added whose description field has not been left yet, and sources whose kind has
  // not: "write a description" and "choose the kind" wait until then (they showed the moment the
  // line appeared), or until Next is refused. Submit still checks every line and source.
  const [fresh, setFresh] = useState<ReadonlySet<number>>(() => new Set());
  const { root, focusSoon } = useFocusAfterRender<HTMLDivElement>();

  // A newer answer taken from the server (conflict) replaces what is on screen.
  useEffect(() => {
    if (def && autosave.content !== lastSent.current) {
      lastSent.current = autosave.content;
      setTyped(typedOf(autosave.content, def, language));
    }
  }, [autosave.content, def, language]);
  const answer = useMemo(() => answerOf(typed, language), [typed, language]);
  const mistyped = useMemo(() => typingProblems(typed, language), [typed, language]);
  // A mistyped amount is saved empty: the wizard's Next and Submit are held until it reads. Once
  // the step is left, what is saved is what counts (the mistyped text went with the page).
  useEffect(() => {
    pageProblems.set(step.id, [...new Set(mistyped)], mistyped.length > 0);
    // A mistyped amount is saved empty: a teammate's newer answer must not replace it on screen.
    autosave.holdTyping(mistyped.length > 0);
  }, [step.id, mistyped, autosave.holdTyping]);
  useEffect(() => () => pageProblems.set(step.id, []), [step.id]);
  // Next or Submit refused: every field's problem shows, those of what was just added too.
  useEffect(() => pageProblems.onReveal(step.id, () => setFresh(new Set())), [step.id]);
  useEffect(() => onContent(JSON.stringify(answer)), [answer, onContent]);
  useEffect(() => registerFlush(autosave.flush), [autosave.flush, registerFlush]);

  const update = useCallback(
    (next: Typed) => {
      if (readOnly) return;
      setTyped(next);
      // Saved whatever is mistyped: everything else typed meanwhile is kept, the field still shows
      // the mistyped text with its error, and the server keeps that amount empty until it reads.
      const json = JSON.stringify(answerOf(next, language));
      lastSent.current = json;
      autosave.change(json);
    },
    [readOnly, language, autosave.change],
  );

  if (!def) return <Alert color="gray">{t('budgetStep.notConfigured')}</Alert>;
  if (readOnly) return <BudgetReadOnly def={def} answer={answerOf(typed, language)} />;

  const problems = budgetProblems(def, answer, language);
  // The list waits for a first line (an empty budget is not yet "to fix"); the fields' own errors do not.
  const listed = answer.lines.length ? problems : [];
  const fieldProblem = (path: string) => problems.some((p) => p.path === path);
  const setRow = (k: number, change: Partial<BudgetRow>) =>
    update({ ...typed, rows: typed.rows.map((r) => (r.key === k ? { ...r, ...change } : r)) });
  const addRow = (category: string) => {
    const k = key();
    setFresh((keys) => new Set(keys).add(k));
    focusSoon(`[data-focus-key="row-${k}"]`);
    update({
      ...typed,
      rows: [...typed.rows, { key: k, category, description: '', amounts: def.periods.map(() => '') }],
    });
  };
  const leftField = (k: number) =>
    setFresh((keys) => {
      const next = new Set(keys);
      next.delete(k);
      return next;
    });
  const removeRow = (k: number) => {
    const category = typed.rows.find((r) => r.key === k)?.category ?? '';
    const next = neighbourOf(
      typed.rows.filter((r) => r.category === category).map((r) => r.key),
      k,
    );
    focusSoon(next === null ? `[data-focus-key="add-${category}"]` : `[data-focus-key="row-${next}"]`);
    update({ ...typed, rows: typed.rows.filter((r) => r.key !== k) });
  };
  const addSource = () => {
    const k = key();
    setFresh((keys) => new Set(keys).add(k));
    focusSoon(`[data-focus-key="source-${k}"]`);
    update({
      ...typed,
      sources: [...typed.sources, { key: k, source: '', kind: null, amount: '', confirmed: false }],
    });
  };
  const removeSource = (k: number) => {
    const next = neighbourOf(
      typed.sources.map((x) => x.key),
      k,
    );
    focusSoon(next === null ? '[data-focus-key="add-source"]' : `[data-focus-key="source-${next}"]`);
    update({ ...typed, sources: typed.sources.filter((x) => x.key !== k) });
  };
  /** Moves a line up or down among the lines of its category. */
  const moveRow = (k: number, by: -1 | 1) => {
    const row = typed.rows.find((r) => r.key === k);
    if (!row) return;
    const same = typed.rows.filter((r) => r.category === row.category);
    const at = same.indexOf(row);
    const other = same[at + by];
    if (!other) return;
    const rows = [...typed.rows];
    const a = rows.indexOf(row);
    const b = rows.indexOf(other);
    rows[a] = other;
    rows[b] = row;
    update({ ...typed, rows });
  };
  const categoryOfCell = (cell: string) => {
    const text = cell.trim().toLowerCase();
    return (
      def.categories.find((c) => c.id === text || Object.values(c.name).some((n) => n.trim().toLowerCase() === text))
        ?.id ?? null
    );
  };
  /** Tab-separated text pasted into a category's table becomes lines (an empty line being typed is replaced). */
  const onPaste = (category: string) => (event: ClipboardEvent<HTMLElement>) => {
    const text = event.clipboardData.getData('text/plain');
    if (!text.includes('\t') && !text.trim().includes('\n')) return;
    event.preventDefault();
    const pasted = pastedRows(text, language, categoryOfCell).map((p) => ({
      key: key(),
      category: p.category ?? category,
      description: p.description,
      amounts: def.periods.map((_, i) => p.amounts[i] ?? ''),
    }));
    const empty = (r: BudgetRow) => !r.description.trim() && r.amounts.every((a) => !a.trim());
    update({ ...typed, rows: [...typed.rows.filter((r) => !empty(r)), ...pasted] });
  };
  const setSource = (k: number, change: Partial<Source>) =>
    update({ ...typed, sources: typed.sources.map((s) => (s.key === k ? { ...s, ...change } : s)) });
  const amountError = (text: string) => {
    const error = typedAmountError(text, language);
    return error ? t(error) : undefined;
  };

  return (
    <Stack gap="lg" data-testid="budget-step" ref={root}>
      {autosave.status === 'conflict' && (
        <ConflictBanner onLoadNewer={autosave.loadNewer} onKeepMine={autosave.keepMine} newer={autosave.newer} />
      )}
      <Text size="sm">{t('budgetStep.intro', { periods: def.periods.join(', ') })}</Text>
      <Text size="sm" c="dimmed">
        {t('budgetStep.pasteHelp')}
      </Text>
      {def.categories.map((category) => {
        const name = categoryName(def, category.id, language);
        const rows = typed.rows.filter((r) => r.category === category.id);
        const headingId = `budget-${step.id}-${category.id}`;
        return (
          <section key={category.id} aria-labelledby={headingId} onPaste={onPaste(category.id)}>
            <Title order={3} size="h5" id={headingId}>
              {name}
              {category.maxShare !== undefined && (
                <Text span size="sm" c="dimmed" fw={400}>
                  {' '}
                  ({t('budgetStep.maxShare', { share: formatShare(category.maxShare, language) })})
                </Text>
              )}
            </Title>
            {category.help?.[language] && (
              <Text size="sm" c="dimmed">
                {category.help[language]}
              </Text>
            )}
            <BudgetLines
              name={name}
              headingId={headingId}
              category={category.id}
              periods={def.periods}
              rows={rows}
              descriptionError={(row) =>
                !fresh.has(row.key) && fieldProblem(`lines.${typed.rows.indexOf(row)}.description`)
                  ? t('budgetStep.descriptionRequired')
                  : undefined
              }
              amountError={amountError}
              onRow={setRow}
              onLeaveDescription={leftField}
              onMove={moveRow}
              onRemove={removeRow}
            />
            <Button
              variant="light"
              size="xs"
              mt="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => addRow(category.id)}
              data-testid={`budget-add-${category.id}`}
              data-focus-key={`add-${category.id}`}
            >
              {t('budgetStep.addLine', { category: name })}
            </Button>
          </section>
        );
      })}

      <section aria-labelledby={`budget-${step.id}-cofunding`}>
        <Title order={3} size="h5" id={`budget-${step.id}-cofunding`}>
          {t('budgetStep.coFundingSources')}
          {def.minCoFundingShare !== null && def.minCoFundingShare !== undefined && (
            <Text span size="sm" c="dimmed" fw={400}>
              {' '}
              ({t('budgetStep.minShare', { share: formatShare(def.minCoFundingShare, language) })})
            </Text>
          )}
        </Title>
        <CoFundingSources
          headingId={`budget-${step.id}-cofunding`}
          sources={typed.sources}
          kindError={(s, n) =>
            !fresh.has(s.key) && fieldProblem(`coFunding.${n}.kind`) ? t('budgetStep.kindRequired') : undefined
          }
          amountError={amountError}
          onSource={setSource}
          onLeaveKind={leftField}
          onRemove={removeSource}
        />
        <Button
          variant="light"
          size="xs"
          mt="xs"
          leftSection={<IconPlus size={14} />}
          onClick={addSource}
          data-testid="budget-add-source"
          data-focus-key="add-source"
        >
          {t('budgetStep.addSource')}
        </Button>
      </section>

      <div aria-live="polite">
        <BudgetTotals def={def} answer={answer} />
      </div>
      {listed.length > 0 && (
        <Alert color="orange" title={t('budgetStep.problemsTitle')} data-testid="budget-problems">
          <List size="sm">
            {listed.map((p) => (
              <List.Item key={p.path}>
                {t(`budgetStep.problems.${p.messageKey.split('.').pop()}`, p.params ?? {})}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Group justify="flex-end">
        {/* "Saved" would hide that a mistyped amount is not: it says how many wait to be mended. */}
        <SaveIndicator status={autosave.status} failure={autosave.failure} held={mistyped.length} />
      </Group>
    </Stack>
  );
}
