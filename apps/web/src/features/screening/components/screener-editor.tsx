import type { TScreener } from '@impact/domain';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { openConfirmDialog } from '../../../lib/confirm-dialog';
import { problemText } from '../../../lib/problem-text';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useSaveScreener } from '../api/save-screener';
import { orgVariables } from '../org-variables';
import { draftOf, modelOf, placeErrors, type ScreenerDraft, STARTER_SCREENER, screenerOf } from '../screener-draft';
import { RuleEditor } from './rule-editor';
import { ScreenerPreview } from './screener-preview';
import type { RuleConditionComponent, ScreenerBuilderComponent } from './slots';

type Props = {
  callId: string;
  saved: TScreener | null;
  SurveyBuilder: ScreenerBuilderComponent;
  ConditionPicker: RuleConditionComponent;
};

const uiLanguage = (language: string) =>
  (['it', 'en', 'fr'] as const).find((l) => language.startsWith(l)) ?? ('it' as const);

/**
 * The screener's questions in the visual builder, the rules that make an organization ineligible
 * (built with the builder's condition pickers, or typed) with their messages, the contact, and a
 * preview judged by the server. Saved as one; removed with a confirmation.
 */
export function ScreenerEditor({ callId, saved, SurveyBuilder, ConditionPicker }: Props) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<ScreenerDraft | null>(() => (saved ? draftOf(saved) : null));
  const save = useSaveScreener(callId);
  // The screener as last saved (or found); compared as what Save would send, so the builder's own
  // way of writing the model out does not count as a change.
  const [savedDraft, setSavedDraft] = useState(draft);
  const sendable = (d: ScreenerDraft | null) => JSON.stringify(d && (screenerOf(d) ?? d));
  useUnsavedChanges(sendable(draft) !== sendable(savedDraft));
  const lang = uiLanguage(i18n.language);
  const variables = useMemo(() => orgVariables(t, i18n.language), [t, i18n.language]);

  if (!draft) {
    return (
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm" align="flex-start">
          <Text>{t('screening.admin.none')}</Text>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDraft(STARTER_SCREENER)}>
            {t('screening.admin.add')}
          </Button>
        </Stack>
      </Paper>
    );
  }

  const model = modelOf(draft.modelText);
  const placed = placeErrors(save.error instanceof ApiError ? save.error.problem.errors : undefined);
  const fieldText = (error: { messageKey: string; params?: Record<string, string | number> } | null | undefined) =>
    error ? t(error.messageKey, { ...(error.params ?? {}) }) : undefined;
  const change = (patch: Partial<ScreenerDraft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const submit = () => {
    const screener = screenerOf(draft);
    if (!screener) return;
    save.mutate(screener, {
      onSuccess: () => {
        setSavedDraft(draft);
        notifications.show({ color: 'teal', message: t('screening.admin.saved') });
      },
    });
  };
  const remove = () =>
    openConfirmDialog({
      title: t('screening.admin.removeConfirm'),
      labels: { confirm: t('screening.admin.remove'), cancel: t('screening.admin.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        if (!saved) return setDraft(null);
        save.mutate(null, {
          onSuccess: () => {
            setDraft(null);
            setSavedDraft(null);
            notifications.show({ color: 'teal', message: t('screening.admin.removed') });
          },
        });
      },
    });

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t('screening.admin.questions')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('screening.admin.questionsHint')}
        </Text>
        <SurveyBuilder
          value={draft.modelText}
          onChange={(modelText) => change({ modelText })}
          quiz={false}
          preview="tab"
          headingLevel={3}
        />
        {placed.model && (
          <Alert color="red" role="alert">
            {fieldText(placed.model)}
          </Alert>
        )}
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('screening.admin.rules')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('screening.admin.rulesHint')}
        </Text>
        {draft.rules.map((rule, index) => (
          <RuleEditor
            // biome-ignore lint/suspicious/noArrayIndexKey: rules have no identity beyond their place
            key={index}
            rule={rule}
            index={index}
            model={model ?? {}}
            variables={variables}
            lang={lang}
            errors={{
              expression: fieldText(placed.rules.get(index)?.expression),
              message: fieldText(placed.rules.get(index)?.message),
            }}
            onChange={(next) => change({ rules: draft.rules.map((r, i) => (i === index ? next : r)) })}
            onRemove={() => change({ rules: draft.rules.filter((_, i) => i !== index) })}
            ConditionPicker={ConditionPicker}
          />
        ))}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => change({ rules: [...draft.rules, { expression: '', message: { it: '', en: '', fr: '' } }] })}
          >
            {t('screening.admin.addRule')}
          </Button>
        </Group>
      </Stack>
      <TextInput
        type="email"
        label={t('screening.admin.contact')}
        description={t('screening.admin.contactHint')}
        value={draft.contact}
        onChange={(e) => change({ contact: e.currentTarget.value })}
        error={fieldText(placed.contact)}
        maw={420}
      />
      {save.isError && (
        <Alert color="red" role="alert">
          {problemText(t, save.error)}
        </Alert>
      )}
      {!model && (
        <Alert color="orange" role="alert">
          {t('screening.admin.modelNotJson')}
        </Alert>
      )}
      <Group>
        <Button
          leftSection={<IconDeviceFloppy size={18} aria-hidden />}
          onClick={submit}
          loading={save.isPending}
          disabled={!model}
          data-testid="screener-save"
        >
          {t('screening.admin.save')}
        </Button>
        <Button variant="default" color="red" onClick={remove}>
          {t('screening.admin.remove')}
        </Button>
      </Group>
      {model && <ScreenerPreview draft={draft} model={model} />}
    </Stack>
  );
}
