import { DEFAULT_LANGUAGE, type TContentLanguage, type TLanguage, textsIn } from '@impact/domain';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/date-time-field';
import { openConfirmDialog } from '../../../lib/confirm-dialog';
import { DATE_TIME_FIELD_FORMAT } from '../../../lib/date-formats';
import type { CallDraft, draftProblems } from '../call-draft';
import { withCallText } from '../content-language';
import { RichTextField } from './rich-text-field';

type Props = {
  draft: CallDraft;
  problems: ReturnType<typeof draftProblems>;
  showErrors: boolean;
  onChange: (patch: Partial<CallDraft>) => void;
  onOpenPowerBi: () => void;
  /** The language of the name and description shown: the default's are the fields, the others translations. */
  language?: TLanguage;
};

/** Call editor, General Info tab (SPEC 2): name, description, dates, call lock, e-mail filter. */
export function GeneralInfoTab({
  draft,
  problems,
  showErrors,
  onChange,
  onOpenPowerBi,
  language = DEFAULT_LANGUAGE,
}: Props) {
  const { t } = useTranslation();
  const err = (key: string | null, always = false) => (key && (showErrors || always) ? t(key) : undefined);
  const lockFixed = draft.savedLockEnd !== null;
  const translated = language === DEFAULT_LANGUAGE ? null : (language as TContentLanguage);

  // SPEC 4 "Call lock": enabling asks for confirmation; unchecking before saving clears it.
  const onLockToggle = (checked: boolean) => {
    if (!checked) {
      onChange({ lockEnabled: false, callLockEnd: null });
      return;
    }
    openConfirmDialog({
      title: t('callBuilder.lock.confirmTitle'),
      children: <Text size="sm">{t('callBuilder.lock.confirmText')}</Text>,
      labels: { confirm: t('callBuilder.lock.confirm'), cancel: t('callBuilder.cancel') },
      confirmProps: { color: 'orange' },
      onConfirm: () => {
        const closing = draft.closingAt ? dayjs(draft.closingAt) : null;
        const base = closing?.isAfter(dayjs()) ? closing : dayjs().add(1, 'day');
        onChange({ lockEnabled: true, callLockEnd: base.endOf('day').second(0).format(DATE_TIME_FIELD_FORMAT) });
      },
    });
  };

  return (
    <Stack gap="lg">
      {translated === null ? (
        <>
          <TextInput
            label={t('callBuilder.general.name')}
            required
            value={draft.name}
            onChange={(e) => onChange({ name: e.currentTarget.value })}
            error={err(problems.name, true)}
            maxLength={300}
          />
          <RichTextField
            key={language}
            label={t('callBuilder.general.description')}
            value={draft.description}
            onChange={(description) => onChange({ description })}
            minHeight={180}
          />
        </>
      ) : (
        <>
          {/* Another language: empty fields fall back to the default language's text, shown as the placeholder. */}
          <TextInput
            label={t('callBuilder.general.name')}
            lang={translated}
            value={textsIn(draft.translations, translated)?.name ?? ''}
            placeholder={draft.name}
            onChange={(e) => onChange(withCallText(draft, translated, { name: e.currentTarget.value }))}
            description={t('callBuilder.translations.fallbackHint')}
            maxLength={300}
          />
          <RichTextField
            key={translated}
            label={t('callBuilder.general.description')}
            value={textsIn(draft.translations, translated)?.description ?? ''}
            onChange={(description) => onChange(withCallText(draft, translated, { description }))}
            description={t('callBuilder.translations.fallbackHint')}
            minHeight={180}
          />
        </>
      )}
      <Group grow align="flex-start">
        <DateTimeField
          label={t('callBuilder.general.openingAt')}
          required
          value={draft.openingAt}
          onChange={(openingAt) => onChange({ openingAt })}
          error={err(problems.openingAt)}
          clearable={false}
        />
        <DateTimeField
          label={t('callBuilder.general.closingAt')}
          required
          value={draft.closingAt}
          onChange={(closingAt) => onChange({ closingAt })}
          minDate={draft.openingAt ?? undefined}
          error={err(problems.closingAt, true)}
          clearable={false}
        />
      </Group>

      <Fieldset legend={t('callBuilder.lock.legend')}>
        <Stack gap="sm">
          <Checkbox
            label={t('callBuilder.lock.enable')}
            description={lockFixed ? t('callBuilder.lock.fixed') : t('callBuilder.lock.help')}
            checked={draft.lockEnabled}
            disabled={lockFixed}
            onChange={(e) => onLockToggle(e.currentTarget.checked)}
          />
          {draft.lockEnabled && (
            <DateTimeField
              label={t('callBuilder.lock.endDate')}
              required
              value={draft.callLockEnd}
              onChange={(callLockEnd) => onChange({ callLockEnd })}
              minDate={dayjs().format('YYYY-MM-DD')}
              disabled={lockFixed}
              error={err(problems.callLockEnd, true)}
              clearable={false}
              maw={320}
            />
          )}
        </Stack>
      </Fieldset>

      <Fieldset legend={t('callBuilder.filter.legend')}>
        <Stack gap="sm">
          <Switch
            label={t('callBuilder.filter.enable')}
            checked={draft.isUserFilterEnable}
            onChange={(e) => onChange({ isUserFilterEnable: e.currentTarget.checked })}
          />
          {draft.isUserFilterEnable && (
            <Textarea
              label={t('callBuilder.filter.emails')}
              description={t('callBuilder.filter.emailsHelp')}
              value={draft.userFilterEmail}
              onChange={(e) => onChange({ userFilterEmail: e.currentTarget.value })}
              autosize
              minRows={2}
              placeholder="nome@esempio.it, altra@esempio.it"
            />
          )}
        </Stack>
      </Fieldset>

      <Fieldset legend={t('callBuilder.retention.title')}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('callBuilder.retention.hint')}
          </Text>
          <Group grow align="flex-start" wrap="wrap">
            <NumberInput
              label={t('callBuilder.retention.draftMonths')}
              value={draft.draftRetentionMonths ?? ''}
              onChange={(v) => onChange({ draftRetentionMonths: v === '' ? null : Number(v) })}
              min={1}
              max={120}
              allowDecimal={false}
              allowNegative={false}
              error={err(problems.draftRetentionMonths)}
              miw={220}
            />
            <NumberInput
              label={t('callBuilder.retention.years')}
              value={draft.retentionYears ?? ''}
              onChange={(v) => onChange({ retentionYears: v === '' ? null : Number(v) })}
              min={1}
              max={50}
              allowDecimal={false}
              allowNegative={false}
              error={err(problems.retentionYears)}
              miw={220}
            />
          </Group>
        </Stack>
      </Fieldset>

      <Fieldset legend={t('callBuilder.powerBi.summaryLegend')}>
        <Group justify="space-between" wrap="wrap">
          <Text size="sm">
            {t('callBuilder.powerBi.summary', {
              count: [
                draft.powerBIReportID,
                draft.powerBIWorkspaceID,
                draft.userPowerBIReportID,
                draft.userPowerBIWorkspaceID,
              ].filter((v) => v.trim() !== '').length,
            })}
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={onOpenPowerBi}>
            {t('callBuilder.powerBi.edit')}
          </Button>
        </Group>
      </Fieldset>
    </Stack>
  );
}
