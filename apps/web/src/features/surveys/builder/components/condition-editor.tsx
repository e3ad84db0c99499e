import type { TJsonObject } from '@impact/domain';
import { Alert, Button, Group, Stack, Switch, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { earlierQuestions } from '../model/condition-options';
import { conditionToExpression, parseCondition, type TCondition } from '../model/conditions';
import type { TElementPath } from '../model/tree';
import { useBuilder, useSetProperty } from './builder-context';
import { blankClause, ConditionClauses } from './condition-clauses';

export type TConditionProperty = 'visibleIf' | 'requiredIf' | 'enableIf';

type Props = { path: TElementPath; element: TJsonObject; property: TConditionProperty; idPrefix: string };

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
            ? save({ join: 'and', clauses: [blankClause(first)] })
            : set(property, undefined)
        }
      />
      {condition && (
        <ConditionClauses
          condition={condition}
          questions={questions}
          lang={lang}
          onChange={save}
          expression={expression}
        />
      )}
      {condition?.clauses.some((c) => !questions.some((q) => q.name === c.question)) && (
        <Alert color="orange" p="xs">
          {t('surveys.builder.conditions.notEarlier')}
        </Alert>
      )}
    </Stack>
  );
}
