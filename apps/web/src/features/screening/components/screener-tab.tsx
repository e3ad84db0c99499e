import { Center, Divider, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { problemText } from '../../../lib/problem-text';
import { useScreenerAdmin } from '../api/get-screener-admin';
import { ScreenerEditor } from './screener-editor';
import { ScreeningsPanel } from './screenings-panel';
import type { RuleConditionComponent, ScreenerBuilderComponent } from './slots';

type Props = { callId: string; SurveyBuilder: ScreenerBuilderComponent; ConditionPicker: RuleConditionComponent };

/** The call editor's "Screener" tab: the eligibility screener and its rules, a preview, then the screenings. */
export function ScreenerTab({ callId, SurveyBuilder, ConditionPicker }: Props) {
  const { t } = useTranslation();
  const screener = useScreenerAdmin(callId);
  // A failed refresh keeps what was read, and the editor on it with what is typed.
  if (screener.isError && !screener.data) return <Text c="red">{problemText(t, screener.error)}</Text>;
  if (!screener.data)
    return (
      <Center>
        <Loader aria-label={t('screening.applicant.loading')} />
      </Center>
    );
  return (
    <Stack gap="xl">
      <Text size="sm">{t('screening.admin.intro')}</Text>
      <ScreenerEditor
        key={screener.data.version}
        callId={callId}
        saved={screener.data.screener}
        SurveyBuilder={SurveyBuilder}
        ConditionPicker={ConditionPicker}
      />
      <Divider />
      <ScreeningsPanel callId={callId} />
    </Stack>
  );
}
