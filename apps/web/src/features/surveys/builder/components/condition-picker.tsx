import type { TJsonObject } from '@impact/domain';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { conditionQuestions } from '../model/condition-options';
import { conditionToExpression, parseCondition } from '../model/conditions';
import type { TSurveyLanguage } from '../model/localised';
import { ConditionClauses } from './condition-clauses';

export type ConditionPickerProps = {
  /** The SurveyJS expression: what is saved. */
  expression: string;
  onChange: (expression: string) => void;
  /** The survey whose answers the condition reads (every question it may compare). */
  model: TJsonObject;
  /** Other values it may read, each shaped like a question (`name`, `title`, `type`, `choices`). */
  variables: TJsonObject[];
  lang: TSurveyLanguage;
  label: string;
  idPrefix: string;
  /** Marks the typed expression invalid (the server's reason), if any. */
  error?: string;
  /** The label of the button that adds a clause. */
  addLabel?: string;
};

/**
 * A condition outside a survey (the eligibility screener's rules), with the builder's pickers, or
 * typed as a SurveyJS expression: an expression the pickers cannot show stays typed, as written.
 */
export function ConditionPicker({
  expression,
  onChange,
  model,
  variables,
  lang,
  label,
  idPrefix,
  error,
  addLabel,
}: ConditionPickerProps) {
  const { t } = useTranslation();
  const questions = [...conditionQuestions(model), ...variables];
  const condition = expression.trim() ? parseCondition(expression) : { join: 'and' as const, clauses: [] };
  const [typing, setTyping] = useState(condition === null);
  if (typing || !condition) {
    return (
      <Stack gap={4}>
        <Textarea
          id={`${idPrefix}-raw`}
          label={label}
          description={t('surveys.builder.conditions.typed')}
          value={expression}
          onChange={(e) => onChange(e.currentTarget.value)}
          autosize
          minRows={1}
          ff="monospace"
          error={error}
        />
        {condition && (
          <Group>
            <Button size="xs" variant="subtle" onClick={() => setTyping(false)}>
              {t('surveys.builder.conditions.usePickers')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap={6} role="group" aria-labelledby={`${idPrefix}-label`}>
      <Text id={`${idPrefix}-label`} size="sm" fw={500}>
        {label}
      </Text>
      <ConditionClauses
        condition={condition}
        questions={questions}
        lang={lang}
        onChange={(next) => onChange(conditionToExpression(next))}
        expression={expression}
        addLabel={addLabel}
      />
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button size="xs" variant="subtle" onClick={() => setTyping(true)}>
          {t('surveys.builder.conditions.typeIt')}
        </Button>
      </Group>
    </Stack>
  );
}
