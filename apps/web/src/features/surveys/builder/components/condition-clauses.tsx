import type { TJsonObject } from '@impact/domain';
import { ActionIcon, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { operatorsFor } from '../model/condition-options';
import type { TClause, TCondition } from '../model/conditions';
import { type TSurveyLanguage, textToNameBy } from '../model/localised';
import { ConditionValue } from './condition-value';

export const OPERATOR_KEYS = {
  '=': 'eq',
  '!=': 'ne',
  '<': 'lt',
  '>': 'gt',
  '<=': 'le',
  '>=': 'ge',
  contains: 'contains',
  notcontains: 'notcontains',
  anyof: 'anyof',
  empty: 'empty',
  notempty: 'notempty',
} as const;

/** A new clause on a question: its first operator and a first value, so the saved expression is whole from the start. */
export function blankClause(question: TJsonObject): TClause {
  return { question: String(question.name), operator: operatorsFor(question)[0] ?? '=', value: defaultValue(question) };
}

/** A first value for a new clause. */
function defaultValue(question: TJsonObject): TClause['value'] {
  if (question.type === 'boolean') return true;
  if (question.type === 'rating') return typeof question.rateMin === 'number' ? question.rateMin : 1;
  const choices = Array.isArray(question.choices) ? question.choices : [];
  const firstChoice = choices[0];
  if (firstChoice === undefined) return '';
  const value =
    typeof firstChoice === 'object' && firstChoice !== null ? (firstChoice as { value?: unknown }).value : firstChoice;
  return typeof value === 'number' || typeof value === 'string' ? value : String(value);
}

type Props = {
  condition: TCondition;
  /** What a clause may name: questions, or anything shaped like one (`name`, `title`, `type`, `choices`). */
  questions: TJsonObject[];
  lang: TSurveyLanguage;
  onChange: (next: TCondition) => void;
  /** Shown under the clauses: the expression as saved. */
  expression: string;
  /** The add button's label, where another wording suits the place better than the default. */
  addLabel?: string;
};

/**
 * The pickers of a condition: for each clause a question, an operator and a value picked the way the
 * question is answered, several joined by all or any. The builder's conditions and the screener's
 * rules both use them.
 */
export function ConditionClauses({ condition, questions, lang, onChange, expression, addLabel }: Props) {
  const { t } = useTranslation();
  const first = questions[0];
  return (
    <Stack gap={6} pl="md" style={{ borderLeft: '2px solid var(--mantine-color-gray-4)' }}>
      {condition.clauses.length > 1 && (
        <Select
          size="xs"
          label={t('surveys.builder.conditions.join')}
          allowDeselect={false}
          value={condition.join}
          data={[
            { value: 'and', label: t('surveys.builder.conditions.all') },
            { value: 'or', label: t('surveys.builder.conditions.any') },
          ]}
          onChange={(v) => v && onChange({ ...condition, join: v as 'and' | 'or' })}
          maw={260}
        />
      )}
      {condition.clauses.map((clause, i) => {
        const question = questions.find((q) => q.name === clause.question);
        const update = (patch: Partial<TClause>) =>
          onChange({ ...condition, clauses: condition.clauses.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
        const options = questions.map((q) => ({
          value: String(q.name),
          label: textToNameBy(q.title, lang) || String(q.name),
        }));
        if (!question) options.push({ value: clause.question, label: clause.question });
        const n = i + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: clauses have no identity beyond their place
          <Group key={i} gap={6} align="flex-end" wrap="wrap">
            <Select
              size="xs"
              label={t('surveys.builder.conditions.question', { n })}
              allowDeselect={false}
              data={options}
              value={clause.question}
              onChange={(v) => {
                const picked = questions.find((q) => q.name === v);
                if (picked) update(blankClause(picked));
              }}
              w={220}
            />
            <Select
              size="xs"
              label={t('surveys.builder.conditions.operator', { n })}
              allowDeselect={false}
              data={operatorsFor(question).map((op) => ({
                value: op,
                label: t(`surveys.builder.operators.${OPERATOR_KEYS[op]}`),
              }))}
              value={clause.operator}
              onChange={(v) => v && update({ operator: v as TClause['operator'] })}
              w={170}
            />
            <ConditionValue
              question={question}
              clause={clause}
              n={n}
              lang={lang}
              onChange={(value) => update({ value })}
            />
            {condition.clauses.length > 1 && (
              <ActionIcon
                variant="subtle"
                color="red"
                mb={2}
                aria-label={t('surveys.builder.conditions.removeRule', { n })}
                onClick={() => onChange({ ...condition, clauses: condition.clauses.filter((_, j) => j !== i) })}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        );
      })}
      {first && (
        <Group>
          <Button
            size="xs"
            variant="subtle"
            onClick={() => onChange({ ...condition, clauses: [...condition.clauses, blankClause(first)] })}
          >
            {addLabel ?? t('surveys.builder.conditions.addRule')}
          </Button>
        </Group>
      )}
      <Text size="xs" c="dimmed" ff="monospace">
        {expression}
      </Text>
    </Stack>
  );
}
