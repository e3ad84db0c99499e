import type { TJsonObject } from '@impact/domain';
import { Group, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TValidatorKind } from '../model/kinds';
import { type TElementPath, updateElement } from '../model/tree';
import { VALIDATOR_TYPES, validatorOf, withValidator } from '../model/validators';
import { useBuilder } from './builder-context';
import { LocalisedField } from './localised-field';

type Props = { path: TElementPath; element: TJsonObject; kinds: TValidatorKind[]; idPrefix: string };

/** Length, number range and pattern checks, each with the message the applicant sees. */
export function ValidatorsEditor({ path, element, kinds, idPrefix }: Props) {
  const { t } = useTranslation();
  const { model, apply } = useBuilder();
  const write = (kind: TValidatorKind, validator: TJsonObject | null, typing = false) =>
    apply(
      updateElement(model, path, (e) => withValidator(e, kind, validator)),
      typing ? `${path.join('.')}/validator-${kind}` : undefined,
    );
  return (
    <Stack gap="xs">
      {kinds.map((kind) => {
        const current = validatorOf(element, kind);
        const patch = (p: TJsonObject) => {
          const next: TJsonObject = { ...(current ?? {}), ...p };
          for (const [k, v] of Object.entries(p)) if (v === undefined || v === '') delete next[k];
          write(kind, next, true);
        };
        return (
          <Stack key={kind} gap={4}>
            <Switch
              id={`${idPrefix}-validator-${kind}`}
              label={t(`surveys.builder.validators.${kind}`)}
              checked={Boolean(current)}
              onChange={(e) => write(kind, e.currentTarget.checked ? {} : null)}
            />
            {current && (
              <Stack gap={4} pl="md">
                <Group gap="xs" wrap="wrap">
                  {VALIDATOR_TYPES[kind].bounds.map((bound) => (
                    <NumberInput
                      key={bound}
                      size="xs"
                      label={t(`surveys.builder.validators.${bound}`)}
                      value={typeof current[bound] === 'number' ? (current[bound] as number) : ''}
                      onChange={(v) => patch({ [bound]: typeof v === 'number' ? v : undefined })}
                      w={140}
                    />
                  ))}
                  {kind === 'pattern' && (
                    <TextInput
                      size="xs"
                      label={t('surveys.builder.validators.regex')}
                      value={typeof current.regex === 'string' ? current.regex : ''}
                      onChange={(e) => patch({ regex: e.currentTarget.value })}
                      ff="monospace"
                      w={240}
                    />
                  )}
                </Group>
                <LocalisedField
                  label={t('surveys.builder.validators.message')}
                  value={current.text}
                  onChange={(text) => patch({ text })}
                />
              </Stack>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
