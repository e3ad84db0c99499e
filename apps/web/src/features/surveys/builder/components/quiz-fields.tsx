import type { TJsonObject } from '@impact/domain';
import { Group, MultiSelect, NumberInput, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { itemsOf, itemText } from '../model/choices';
import { valueInputFor } from '../model/condition-options';
import { pointsOf } from '../model/quiz';
import type { TElementPath } from '../model/tree';
import { useBuilder, useSetProperty } from './builder-context';

type Props = { path: TElementPath; element: TJsonObject; idPrefix: string };

/** A quiz question's correct answer (`correctAnswer`, compared by the server) and its points. */
export function QuizFields({ path, element, idPrefix }: Props) {
  const { t } = useTranslation();
  const { lang } = useBuilder();
  const set = useSetProperty(path);
  const label = t('surveys.builder.quiz.correctAnswer');
  const answer = element.correctAnswer;
  const input = valueInputFor(element);
  let field: React.ReactNode;
  if (input === 'choice') {
    const items = itemsOf(element.choices);
    const data = items.map((item, i) => ({
      value: String(item.value),
      label: itemText(element.choices, i, lang) || String(item.value),
    }));
    const choiceValue = (s: string) => items.find((item) => String(item.value) === s)?.value;
    field =
      element.type === 'checkbox' ? (
        <MultiSelect
          id={`${idPrefix}-correct`}
          label={label}
          data={data}
          value={Array.isArray(answer) ? answer.map(String) : []}
          onChange={(v) => set('correctAnswer', v.length ? v.map(choiceValue) : undefined)}
          clearable
          flex={1}
        />
      ) : (
        <Select
          id={`${idPrefix}-correct`}
          label={label}
          data={data}
          value={answer === undefined ? null : String(answer)}
          onChange={(v) => set('correctAnswer', v === null ? undefined : choiceValue(v))}
          clearable
          flex={1}
        />
      );
  } else if (input === 'boolean') {
    field = (
      <Select
        id={`${idPrefix}-correct`}
        label={label}
        data={[
          { value: 'true', label: t('surveys.builder.yes') },
          { value: 'false', label: t('surveys.builder.no') },
        ]}
        value={answer === undefined ? null : String(answer)}
        onChange={(v) => set('correctAnswer', v === null ? undefined : v === 'true')}
        clearable
        flex={1}
      />
    );
  } else if (input === 'number') {
    field = (
      <NumberInput
        id={`${idPrefix}-correct`}
        label={label}
        value={typeof answer === 'number' ? answer : ''}
        onChange={(v) => set('correctAnswer', typeof v === 'number' ? v : undefined)}
        flex={1}
      />
    );
  } else {
    field = (
      <TextInput
        id={`${idPrefix}-correct`}
        label={label}
        value={typeof answer === 'string' ? answer : ''}
        onChange={(e) => set('correctAnswer', e.currentTarget.value || undefined)}
        flex={1}
      />
    );
  }
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      {field}
      <NumberInput
        id={`${idPrefix}-points`}
        label={t('surveys.builder.quiz.points')}
        min={0}
        max={1000}
        disabled={answer === undefined}
        value={pointsOf(element)}
        // One point is the default, so it is not written: quizzes saved before points keep their JSON.
        onChange={(v) => set('points', typeof v === 'number' && v !== 1 ? v : undefined)}
        w={110}
      />
    </Group>
  );
}
