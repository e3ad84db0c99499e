import type { TJsonObject } from '@impact/domain';
import { ActionIcon, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ScreenerDraft } from '../screener-draft';
import type { RuleConditionComponent } from './slots';

type Rule = ScreenerDraft['rules'][number];

type Props = {
  rule: Rule;
  index: number;
  model: TJsonObject;
  variables: TJsonObject[];
  lang: 'it' | 'en' | 'fr';
  /** The server's reasons this rule cannot be saved, translated: on its condition, on its message. */
  errors: { expression?: string; message?: string };
  onChange: (rule: Rule) => void;
  onRemove: () => void;
  ConditionPicker: RuleConditionComponent;
};

const LANGUAGES = ['it', 'en', 'fr'] as const;

/** One rule: the condition that makes an organization ineligible, and its message in it, en and fr. */
export function RuleEditor({
  rule,
  index,
  model,
  variables,
  lang,
  errors,
  onChange,
  onRemove,
  ConditionPicker,
}: Props) {
  const { t } = useTranslation();
  const n = index + 1;
  return (
    <Paper withBorder p="md" radius="md" data-testid="screener-rule">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{t('screening.admin.ruleTitle', { n })}</Text>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('screening.admin.removeRule', { n })}
            onClick={onRemove}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
        <ConditionPicker
          expression={rule.expression}
          onChange={(expression) => onChange({ ...rule, expression })}
          model={model}
          variables={variables}
          lang={lang}
          label={t('screening.admin.condition', { n })}
          idPrefix={`screener-rule-${index}`}
          error={errors.expression}
          addLabel={t('screening.admin.addCondition')}
        />
        {LANGUAGES.map((language) => (
          <TextInput
            key={language}
            label={t(`screening.admin.message.${language}`, { n })}
            description={language === 'it' ? undefined : t('screening.admin.messageFallback')}
            required={language === 'it'}
            error={language === 'it' ? errors.message : undefined}
            value={rule.message[language]}
            onChange={(e) => onChange({ ...rule, message: { ...rule.message, [language]: e.currentTarget.value } })}
          />
        ))}
      </Stack>
    </Paper>
  );
}
