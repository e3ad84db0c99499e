import type { TJsonObject } from '@impact/domain';
import { ActionIcon, Alert, Button, Group, Select, Stack, Switch, Text, Textarea } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { earlierQuestions, operatorsFor } from '../model/condition-options';
import { conditionToExpression, parseCondition, type TClause, type TCondition } from '../model/conditions';
import { textIn } from '../model/localised';
import type { TElementPath } from '../model/tree';
import { useBuilder, useSetProperty } from './builder-context';
import { ConditionValue } from './condition-value';

export type TConditionProperty = 'visibleIf' | 'requiredIf' | 'enableIf';

type Props = { path: TElementPath; element: TJsonObject; property: TConditionProperty; idPrefix: string };

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

/**
 * "Show only if", "required only if", "enable only if" from pickers: earlier question, operator,
 * value, several joined by all or any. Saved as the SurveyJS expression; an expression outside
 * what the pickers show stays as written, editable as text.
 */
export function ConditionEditor({ path, element, property, idPrefix }: Props) {
  const { t } = useTranslation();
  const { model, lang } = useBuilder();
  const set = useSetProperty(path);
  const expression = typeof element[property] === 'string' ? (element[property] as string) : '';
  const condition = expression ? parseCondition(expression) : null;
  const questions = earlierQuestions(model, path);
  const label = t(`surveys.builder.conditions.${property}`);
  const save = (next: TCondition) => set(property, conditionToExpression(next) || undefined);
  const blankClause = (question: TJsonObject): TClause => ({
    question: String(question.name),
    operator: operatorsFor(question)[0] ?? '=',
    value: undefined,
  });

  if (expression && !condition) {
    return (
      <Stack gap={4}>
        <Textarea
          id={`${idPrefix}-${property}-raw`}
          label={label}
          description={t('surveys.builder.conditions.raw')}
          value={expression}
          onChange={(e) => set(property, e.currentTarget.value || undefined)}
          autosize
          minRows={1}
          ff="monospace"
        />
        <Group>
          <Button size="xs" variant="subtle" onClick={() => set(property, undefined)}>
            {t('surveys.builder.conditions.replace')}
          </Button>
        </Group>
      </Stack>
    );
  }

  const first = questions[0];
  return (
    <Stack gap={6}>
      <Switch
        id={`${idPrefix}-${property}`}
        label={label}
        checked={Boolean(condition)}
        disabled={!condition && !first}
        description={!condition && !first ? t('surveys.builder.conditions.noEarlier') : undefined}
        onChange={(e) =>
          e.currentTarget.checked && first
            ? save({ join: 'and', clauses: [{ ...blankClause(first), value: defaultValue(first) }] })
            : set(property, undefined)
        }
      />
      {condition && (
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
              onChange={(v) => v && save({ ...condition, join: v as 'and' | 'or' })}
              maw={260}
            />
          )}
          {condition.clauses.map((clause, i) => {
            const question = questions.find((q) => q.name === clause.question);
            const update = (patch: Partial<TClause>) =>
              save({ ...condition, clauses: condition.clauses.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
            const options = questions.map((q) => ({
              value: String(q.name),
              label: textIn(q.title, lang) || String(q.name),
            }));
            if (!question) options.push({ value: clause.question, label: clause.question });
            const n = i + 1;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rules have no identity beyond their place
              <Group key={i} gap={6} align="flex-end" wrap="wrap">
                <Select
                  size="xs"
                  label={t('surveys.builder.conditions.question', { n })}
                  allowDeselect={false}
                  data={options}
                  value={clause.question}
                  onChange={(v) => {
                    const picked = questions.find((q) => q.name === v);
                    if (picked) update({ ...blankClause(picked), value: defaultValue(picked) });
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
                <ConditionValue question={question} clause={clause} n={n} onChange={(value) => update({ value })} />
                {condition.clauses.length > 1 && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mb={2}
                    aria-label={t('surveys.builder.conditions.removeRule', { n })}
                    onClick={() => save({ ...condition, clauses: condition.clauses.filter((_, j) => j !== i) })}
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
                onClick={() =>
                  save({
                    ...condition,
                    clauses: [...condition.clauses, { ...blankClause(first), value: defaultValue(first) }],
                  })
                }
              >
                {t('surveys.builder.conditions.addRule')}
              </Button>
            </Group>
          )}
          <Text size="xs" c="dimmed" ff="monospace">
            {expression}
          </Text>
        </Stack>
      )}
      {condition?.clauses.some((c) => !questions.some((q) => q.name === c.question)) && (
        <Alert color="orange" p="xs">
          {t('surveys.builder.conditions.notEarlier')}
        </Alert>
      )}
    </Stack>
  );
}

/** A first value for a new rule, so the saved expression is whole from the start. */
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
