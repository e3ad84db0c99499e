import type { TJsonObject } from '@impact/domain';
import { MultiSelect, NumberInput, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { itemsOf, itemTextToNameBy } from '../model/choices';
import { valueInputFor } from '../model/condition-options';
import { type TClause, UNARY } from '../model/conditions';
import type { TSurveyLanguage } from '../model/localised';

type Props = {
  question: TJsonObject | undefined;
  clause: TClause;
  n: number;
  /** The language choices are shown in. */
  lang: TSurveyLanguage;
  onChange: (value: TClause['value']) => void;
};

/** The value of one rule, picked the way the question is answered: its choices, yes/no, a number or text. */
export function ConditionValue({ question, clause, n, lang, onChange }: Props) {
  const { t } = useTranslation();
  if (UNARY.has(clause.operator)) return null;
  const label = t('surveys.builder.conditions.value', { n });
  const input = valueInputFor(question);
  if (input === 'choice' && question) {
    const items = itemsOf(question.choices);
    const data = items.map((item, i) => ({
      value: String(item.value),
      label: itemTextToNameBy(question.choices, i, lang) || String(item.value),
    }));
    const choiceValue = (s: string) => items.find((item) => String(item.value) === s)?.value as string | number;
    if (clause.operator === 'anyof') {
      const current = Array.isArray(clause.value) ? clause.value.map(String) : [];
      return (
        <MultiSelect
          size="xs"
          label={label}
          data={data}
          value={current}
          onChange={(v) => onChange(v.map(choiceValue))}
          w={260}
        />
      );
    }
    return (
      <Select
        size="xs"
        label={label}
        allowDeselect={false}
        data={data}
        value={clause.value === undefined ? null : String(clause.value)}
        onChange={(v) => v !== null && onChange(choiceValue(v))}
        w={200}
      />
    );
  }
  if (input === 'boolean') {
    return (
      <Select
        size="xs"
        label={label}
        allowDeselect={false}
        data={[
          { value: 'true', label: t('surveys.builder.yes') },
          { value: 'false', label: t('surveys.builder.no') },
        ]}
        value={String(clause.value === true)}
        onChange={(v) => onChange(v === 'true')}
        w={120}
      />
    );
  }
  if (input === 'number') {
    return (
      <NumberInput
        size="xs"
        label={label}
        value={typeof clause.value === 'number' ? clause.value : ''}
        onChange={(v) => onChange(typeof v === 'number' ? v : Number(v) || 0)}
        w={140}
      />
    );
  }
  return (
    <TextInput
      size="xs"
      label={label}
      value={Array.isArray(clause.value) ? clause.value.join(', ') : String(clause.value ?? '')}
      onChange={(e) => onChange(e.currentTarget.value)}
      w={200}
    />
  );
}
