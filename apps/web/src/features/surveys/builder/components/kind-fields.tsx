import type { TJsonObject } from '@impact/domain';
import { Group, NumberInput, Select, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TQuestionKind } from '../model/kinds';
import { type TElementPath, updateElement } from '../model/tree';
import { maxSelectionsMessage, withMaxSelections } from '../model/validators';
import { useBuilder, useSetProperty } from './builder-context';
import { ItemsEditor } from './items-editor';
import { LocalisedField } from './localised-field';

type Props = { path: TElementPath; element: TJsonObject; kind: TQuestionKind; idPrefix: string };

/** The two rating scales the builder offers; any other range a model has is kept and shown as it is. */
const SCALES = { '0-10': [0, 10], '1-5': [1, 5] } as const;

/** What one kind of question adds to the common fields: choices, scale, matrix, limits, text block. */
export function KindFields({ path, element, kind, idPrefix }: Props) {
  const { t } = useTranslation();
  const { model, apply } = useBuilder();
  const set = useSetProperty(path);
  const scale = `${element.rateMin ?? 1}-${element.rateMax ?? 5}`;
  const max = typeof element.maxSelectedChoices === 'number' ? element.maxSelectedChoices : undefined;
  const setMax = (next: number | undefined, message: unknown, typing = false) =>
    apply(
      updateElement(model, path, (e) => withMaxSelections(e, next, message)),
      typing ? `${path.join('.')}/maxSelections` : undefined,
    );
  return (
    <Stack gap="sm">
      {kind.html && (
        <LocalisedField
          id={`${idPrefix}-html`}
          label={t('surveys.builder.fields.html')}
          multiline
          value={element.html}
          onChange={(v) => set('html', v)}
        />
      )}
      {kind.placeholder && (
        <LocalisedField
          id={`${idPrefix}-placeholder`}
          label={t('surveys.builder.fields.placeholder')}
          value={element.placeholder}
          onChange={(v) => set('placeholder', v)}
        />
      )}
      {kind.choices && (
        <ItemsEditor
          idPrefix={`${idPrefix}-choice`}
          label={t('surveys.builder.fields.choices')}
          itemLabel={(n) => t('surveys.builder.fields.choice', { n })}
          list={element.choices}
          onChange={(list) => set('choices', list)}
        />
      )}
      {kind.other && (
        <Switch
          id={`${idPrefix}-other`}
          label={t('surveys.builder.fields.other')}
          checked={element.showOtherItem === true || element.hasOther === true}
          // SurveyJS 1.x models wrote `hasOther`; it stays the key they use.
          onChange={(e) =>
            set('hasOther' in element ? 'hasOther' : 'showOtherItem', e.currentTarget.checked || undefined)
          }
        />
      )}
      {kind.maxSelections && (
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NumberInput
            id={`${idPrefix}-max`}
            label={t('surveys.builder.fields.maxSelections')}
            description={t('surveys.builder.fields.maxSelectionsHelp')}
            min={1}
            value={max ?? ''}
            onChange={(v) => setMax(typeof v === 'number' && v > 0 ? v : undefined, maxSelectionsMessage(element))}
            w={200}
          />
          {max !== undefined && (
            <LocalisedField
              id={`${idPrefix}-max-message`}
              label={t('surveys.builder.fields.maxSelectionsMessage')}
              value={maxSelectionsMessage(element)}
              onChange={(message) => setMax(max, message, true)}
            />
          )}
        </Group>
      )}
      {kind.rating && (
        <Stack gap="xs">
          <Select
            id={`${idPrefix}-scale`}
            label={t('surveys.builder.fields.scale')}
            allowDeselect={false}
            data={[
              ...Object.keys(SCALES).map((s) => ({ value: s, label: s.replace('-', '–') })),
              ...(scale in SCALES ? [] : [{ value: scale, label: scale.replace('-', '–') }]),
            ]}
            value={scale}
            onChange={(v) => {
              const range = v && Object.hasOwn(SCALES, v) ? SCALES[v as keyof typeof SCALES] : null;
              if (range) apply(updateElement(model, path, (e) => ({ ...e, rateMin: range[0], rateMax: range[1] })));
            }}
            w={160}
          />
          <Group gap="sm" wrap="wrap" align="flex-start">
            <LocalisedField
              id={`${idPrefix}-min-label`}
              label={t('surveys.builder.fields.minLabel')}
              value={element.minRateDescription}
              onChange={(v) => set('minRateDescription', v)}
            />
            <LocalisedField
              id={`${idPrefix}-max-label`}
              label={t('surveys.builder.fields.maxLabel')}
              value={element.maxRateDescription}
              onChange={(v) => set('maxRateDescription', v)}
            />
          </Group>
        </Stack>
      )}
      {kind.matrix && (
        <Group align="flex-start" grow wrap="wrap">
          <ItemsEditor
            idPrefix={`${idPrefix}-row`}
            label={t('surveys.builder.fields.rows')}
            itemLabel={(n) => t('surveys.builder.fields.row', { n })}
            list={element.rows}
            onChange={(list) => set('rows', list)}
          />
          <ItemsEditor
            idPrefix={`${idPrefix}-column`}
            label={t('surveys.builder.fields.columns')}
            itemLabel={(n) => t('surveys.builder.fields.column', { n })}
            list={element.columns}
            onChange={(list) => set('columns', list)}
          />
        </Group>
      )}
    </Stack>
  );
}
