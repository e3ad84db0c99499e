import {
  defaultStepContent,
  isEmptyId,
  parseStepContent,
  pickableStepTypes,
  type TStepType,
  type TTextStepContent,
  type TUploadStepFile,
  UPLOAD_FILE_TYPES,
} from '@impact/domain';
import { Alert, Button, Group, NumberInput, Paper, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImpactStepEditor } from '../../impact/components/impact-step-editor';
import type { DraftStep } from '../call-draft';
import { stepTypeLabel } from './labels';
import { RichTextField } from './rich-text-field';
import { UploadFilesEditor } from './upload-files-editor';

type Props = {
  step: DraftStep;
  position: number;
  stepTypes: TStepType[];
  onSave: (step: DraftStep) => void;
  onCancel: () => void;
};

function readJson(content: string): unknown {
  try {
    return JSON.parse(content);
  } catch {
    return undefined;
  }
}

/**
 * The editors read the content leniently, so a half-filled row (an empty file name) stays on
 * screen while the admin types; the strict check runs on Salva and on the server.
 */
function readUploadFiles(content: string): TUploadStepFile[] {
  const json = readJson(content);
  if (!Array.isArray(json)) return [];
  return json.map((item: Partial<Record<keyof TUploadStepFile, unknown>>) => ({
    file_name: typeof item?.file_name === 'string' ? item.file_name : '',
    file_description: typeof item?.file_description === 'string' ? item.file_description : '',
    file_type: (UPLOAD_FILE_TYPES as readonly unknown[]).includes(item?.file_type)
      ? (item.file_type as TUploadStepFile['file_type'])
      : 'pdf',
    dimensions: typeof item?.dimensions === 'number' ? item.dimensions : 0,
    mandatory: item?.mandatory === true,
  }));
}

function readTextContent(content: string): TTextStepContent {
  const json = readJson(content) as Partial<TTextStepContent> | undefined;
  const question = typeof json?.question === 'string' ? json.question : '';
  return typeof json?.maxLength === 'number' ? { question, maxLength: json.maxLength } : { question };
}

/**
 * SPEC 4 "Step edit": the form works on its own copy; Salva applies it to the call draft,
 * Annulla throws the changes away. Nothing reaches the server until the call is saved.
 */
export function StepForm({ step, position, stepTypes, onSave, onCancel }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState<DraftStep>(step);
  const [showErrors, setShowErrors] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  // Keyboard users land in the form that just opened, wherever it sits on the page.
  useEffect(() => {
    nameRef.current?.focus({ preventScroll: true });
    nameRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, []);
  const typeName = stepTypes.find((s) => s.id === values.stepTypeId)?.name;
  const patch = (p: Partial<DraftStep>) => setValues((v) => ({ ...v, ...p }));

  const files = readUploadFiles(values.content);
  const text = readTextContent(values.content);

  const onTypeChange = (id: string | null) => {
    if (!id) return;
    const name = stepTypes.find((s) => s.id === id)?.name;
    // Keep the content if it still fits the new type; otherwise start from that type's default.
    const keep = name && values.content && parseStepContent(name, values.content).ok;
    patch({ stepTypeId: id, content: keep ? values.content : defaultStepContent(name) });
  };

  const typeMissing = isEmptyId(values.stepTypeId) || !typeName;
  const contentOk = typeName ? parseStepContent(typeName, values.content).ok : false;

  const save = () => {
    if (typeMissing || !contentOk) {
      setShowErrors(true);
      return;
    }
    onSave(values);
  };

  // Quiz is hidden in the picker (SPEC 3) but a step that already is a quiz keeps its label.
  const options = pickableStepTypes(stepTypes);
  if (typeName && !options.some((o) => o.id === values.stepTypeId))
    options.push({ id: values.stepTypeId, name: typeName });

  return (
    <Paper withBorder p="md" radius="md" shadow="xs" component="section" aria-labelledby="step-form-title">
      <Stack gap="md">
        <Title order={3} id="step-form-title" size="h4">
          {t('callBuilder.steps.formTitle', { n: position })}
        </Title>
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
        <RichTextField
          label={t('callBuilder.steps.description')}
          value={values.description}
          onChange={(description) => patch({ description })}
        />
        {typeName === 'upload' && (
          <UploadFilesEditor
            files={files}
            onChange={(next) => patch({ content: JSON.stringify(next) })}
            showErrors={showErrors}
          />
        )}
        {typeName === 'text' && (
          <>
            <RichTextField
              label={t('callBuilder.text.question')}
              value={text.question}
              onChange={(question) => patch({ content: JSON.stringify({ ...text, question }) })}
            />
            <NumberInput
              label={t('callBuilder.text.maxLength')}
              description={t('callBuilder.text.maxLengthHelp')}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              value={text.maxLength ?? ''}
              onChange={(v) => {
                const n = typeof v === 'number' ? v : Number.parseInt(v, 10);
                const { maxLength: _old, ...rest } = text;
                patch({ content: JSON.stringify(n > 0 ? { ...rest, maxLength: n } : rest) });
              }}
              maw={240}
            />
          </>
        )}
        {typeName === 'miniDyi' && (
          <ImpactStepEditor
            content={values.content}
            onChange={(content) => patch({ content })}
            showErrors={showErrors}
          />
        )}
        {typeName && typeName !== 'upload' && typeName !== 'text' && typeName !== 'miniDyi' && (
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
        {showErrors && !typeMissing && !contentOk && <Alert color="red">{t('errors.calls.stepContentInvalid')}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('callBuilder.steps.cancel')}
          </Button>
          <Button onClick={save}>{t('callBuilder.steps.save')}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
