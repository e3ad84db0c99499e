import type { TJsonObject } from '@impact/domain';
import { Divider, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { kindInfo, kindOf } from '../model/kinds';
import type { TElementPath } from '../model/tree';
import { useBuilder, useSetProperty } from './builder-context';
import { ConditionEditor } from './condition-editor';
import { KindFields } from './kind-fields';
import { LocalisedField } from './localised-field';
import { QuizFields } from './quiz-fields';
import { ValidatorsEditor } from './validators-editor';

type Props = { path: TElementPath; element: TJsonObject; idPrefix: string };

/** The properties of one question, edited in place in its card. */
export function QuestionEditor({ path, element, idPrefix }: Props) {
  const { t } = useTranslation();
  const { quiz } = useBuilder();
  const set = useSetProperty(path);
  const kindName = kindOf(element);
  const kind = kindName ? kindInfo(kindName) : null;
  const isInfo = kindName === 'html';
  return (
    <Stack gap="sm">
      {!kind && (
        <Text size="sm" c="dimmed">
          {t('surveys.builder.unknownKind', { type: String(element.type) })}
        </Text>
      )}
      {!isInfo && (
        <LocalisedField
          id={`${idPrefix}-title`}
          label={t('surveys.builder.fields.title')}
          value={element.title}
          onChange={(v) => set('title', v)}
        />
      )}
      {!isInfo && (
        <LocalisedField
          id={`${idPrefix}-description`}
          label={t('surveys.builder.fields.description')}
          value={element.description}
          onChange={(v) => set('description', v)}
          multiline
        />
      )}
      {!isInfo && kind && !kind.panel && (
        <Switch
          id={`${idPrefix}-required`}
          label={t('surveys.builder.fields.required')}
          checked={element.isRequired === true}
          onChange={(e) => set('isRequired', e.currentTarget.checked || undefined)}
        />
      )}
      {kind && <KindFields path={path} element={element} kind={kind} idPrefix={idPrefix} />}
      {kind?.validators && (
        <>
          <Divider label={t('surveys.builder.validators.title')} labelPosition="left" />
          <ValidatorsEditor path={path} element={element} kinds={kind.validators} idPrefix={idPrefix} />
        </>
      )}
      <Divider label={t('surveys.builder.conditions.title')} labelPosition="left" />
      <ConditionEditor path={path} element={element} property="visibleIf" idPrefix={idPrefix} />
      {!isInfo && <ConditionEditor path={path} element={element} property="requiredIf" idPrefix={idPrefix} />}
      {!isInfo && <ConditionEditor path={path} element={element} property="enableIf" idPrefix={idPrefix} />}
      {quiz && kind && !isInfo && !kind.panel && !kind.matrix && (
        <>
          <Divider label={t('surveys.builder.quiz.title')} labelPosition="left" />
          <QuizFields path={path} element={element} idPrefix={idPrefix} />
        </>
      )}
      <TextInput
        size="xs"
        label={t('surveys.builder.fields.name')}
        description={t('surveys.builder.fields.nameHelp')}
        value={typeof element.name === 'string' ? element.name : ''}
        readOnly
        variant="filled"
        w={260}
      />
    </Stack>
  );
}
