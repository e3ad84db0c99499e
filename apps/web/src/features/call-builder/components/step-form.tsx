import {
  DEFAULT_LANGUAGE,
  defaultStepContent,
  isEmptyId,
  parseStepContent,
  pickableStepTypes,
  type TContentLanguage,
  type TLanguage,
  type TStepType,
} from '@impact/domain';
import { Alert, Button, Group, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useFocusAfterRender } from '../../../lib/use-focus-after-render';
import type { DraftStep } from '../call-draft';
import { stepTypeLabel } from './labels';
import { RichTextField } from './rich-text-field';
import { editorNamesContentProblems, stepEditorOf } from './step-editors';
import { StepTextsInLanguage } from './step-texts-in-language';

type Props = {
  step: DraftStep;
  position: number;
  stepTypes: TStepType[];
  onSave: (step: DraftStep) => void;
  onCancel: () => void;
  /** Whether the step may be put in a stage (a report's form has none). */
  stages?: boolean;
  language?: TLanguage;
};

/**
 * SPEC 4 "Step edit": the form works on its own copy; Salva applies it to the call draft,
 * Annulla throws the changes away. Nothing reaches the server until the call is saved.
 */
export function StepForm({
  step,
  position,
  stepTypes,
  onSave,
  onCancel,
  language = DEFAULT_LANGUAGE,
  stages = true,
}: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState<DraftStep>(step);
  // Until Salva puts them in the call's draft, the changes live here only: leaving asks first.
  useUnsavedChanges(JSON.stringify(values) !== JSON.stringify(step));
  const [showErrors, setShowErrors] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const { root, focusSoon } = useFocusAfterRender<HTMLElement>();
  // Keyboard users land in the form that just opened, wherever it sits on the page.
  useEffect(() => {
    nameRef.current?.focus({ preventScroll: true });
    nameRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, []);
  const typeName = stepTypes.find((s) => s.id === values.stepTypeId)?.name;
  const patch = (p: Partial<DraftStep>) => setValues((v) => ({ ...v, ...p }));

  const Editor = stepEditorOf(typeName);

  const onTypeChange = (id: string | null) => {
    if (!id) return;
    const name = stepTypes.find((s) => s.id === id)?.name;
    // Keep the content if it still fits the new type; otherwise start from that type's default.
    const keep = name && values.content && parseStepContent(name, values.content).ok;
    patch({ stepTypeId: id, content: keep ? values.content : defaultStepContent(name) });
  };

  const typeMissing = isEmptyId(values.stepTypeId) || !typeName;
  const contentCheck = typeName ? parseStepContent(typeName, values.content) : null;
  const contentOk = contentCheck?.ok ?? false;
  // What the type says is wrong when it names it; a field's shape ("too big") says less than "not
  // valid for its type" here, away from the field. Editors that mark their own fields say it there.
  const contentIssue =
    contentCheck && !contentCheck.ok
      ? contentCheck.issues.find((issue) => issue.messageKey && !issue.messageKey.startsWith('errors.field.'))
      : undefined;

  const save = () => {
    if (typeMissing || !contentOk) {
      setShowErrors(true);
      // The keyboard goes to the first field to mend, whose message is read with it.
      focusSoon('[aria-invalid="true"]');
      return;
    }
    onSave(values);
  };

  // Quiz is hidden in the picker (SPEC 3) but a step that already is a quiz keeps its label.
  const options = pickableStepTypes(stepTypes);
  if (typeName && !options.some((o) => o.id === values.stepTypeId))
    options.push({ id: values.stepTypeId, name: typeName });

  const buttons = (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('callBuilder.steps.cancel')}
      </Button>
      <Button onClick={save}>{t('callBuilder.steps.save')}</Button>
    </Group>
  );
  /** The form's frame in every language: its title above, the buttons below. */
  const frame = (fields: ReactNode) => (
    <Paper withBorder p="md" radius="md" shadow="xs" component="section" aria-labelledby="step-form-title" ref={root}>
      <Stack gap="md">
        <Title order={3} id="step-form-title" size="h4">
          {t('callBuilder.steps.formTitle', { n: position })}
        </Title>
        {fields}
        {buttons}
      </Stack>
    </Paper>
  );
  if (language !== DEFAULT_LANGUAGE) {
    // Another language: only its texts; the type and its settings are the same in every language.
    return frame(
      <>
        <Text size="sm" c="dimmed">
          {t('callBuilder.translations.sharedSettings')}
        </Text>
        <StepTextsInLanguage
          step={values}
          language={language as TContentLanguage}
          onChange={setValues}
          nameRef={nameRef}
        />
      </>,
    );
  }

  return frame(
    <>
      <TextInput
        label={t('callBuilder.steps.name')}
        value={values.name}
        onChange={(e) => patch({ name: e.currentTarget.value })}
        maxLength={300}
        ref={nameRef}
      />
      <Select
        label={t('callBuilder.steps.type')}
        placeholder={t('callBuilder.steps.typePlaceholder')}
        required
        allowDeselect={false}
        data={options.map((o) => ({ value: o.id, label: stepTypeLabel(t, o.name) }))}
        value={typeMissing ? null : values.stepTypeId}
        onChange={onTypeChange}
        error={showErrors && typeMissing ? t('errors.calls.stepTypeRequired') : undefined}
      />
      {stages && (
        <Select
          label={t('callBuilder.steps.stage')}
          description={t('callBuilder.steps.stageHelp')}
          allowDeselect={false}
          data={[
            { value: '1', label: t('callBuilder.steps.stage1') },
            { value: '2', label: t('callBuilder.steps.stage2') },
          ]}
          value={String(values.stage ?? 1)}
          onChange={(value) => patch({ stage: value === '2' ? 2 : 1 })}
        />
      )}
      <RichTextField
        label={t('callBuilder.steps.description')}
        value={values.description}
        onChange={(description) => patch({ description })}
      />
      {Editor && (
        <Editor
          content={values.content}
          onChange={(content) => patch({ content })}
          showErrors={showErrors}
          typeName={typeName}
          switchType={(name) => {
            const id = stepTypes.find((s) => s.name === name)?.id;
            if (id) patch({ stepTypeId: id });
          }}
        />
      )}
      {typeName && Editor === undefined && (
        <Textarea
          label={t('callBuilder.steps.content')}
          description={t('callBuilder.steps.contentHelp')}
          value={values.content}
          onChange={(e) => patch({ content: e.currentTarget.value })}
          autosize
          minRows={3}
          maxRows={16}
          ff="monospace"
        />
      )}
      {showErrors &&
        !typeMissing &&
        !contentOk &&
        !editorNamesContentProblems(typeName, contentCheck && !contentCheck.ok ? contentCheck.issues : []) && (
          <Alert color="red">
            {t(contentIssue?.messageKey ?? 'errors.calls.stepContentInvalid', contentIssue?.params)}
          </Alert>
        )}
    </>,
  );
}
