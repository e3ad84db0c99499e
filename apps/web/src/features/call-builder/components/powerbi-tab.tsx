import { Fieldset, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CallDraft } from '../call-draft';

type Props = { draft: CallDraft; onChange: (patch: Partial<CallDraft>) => void };

/** Call editor, PowerBI tab: the administrators' report and the report applicants see (user report). */
export function PowerBiTab({ draft, onChange }: Props) {
  const { t } = useTranslation();
  const field = (key: 'powerBIReportID' | 'powerBIWorkspaceID' | 'userPowerBIReportID' | 'userPowerBIWorkspaceID') => (
    <TextInput
      label={t(`callBuilder.powerBi.${key}`)}
      value={draft[key]}
      onChange={(e) => onChange({ [key]: e.currentTarget.value })}
      placeholder="00000000-0000-0000-0000-000000000000"
      maxLength={100}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
    />
  );
  return (
    <Stack gap="lg">
      <Text c="dimmed" size="sm">
        {t('callBuilder.powerBi.help')}
      </Text>
      <Fieldset legend={t('callBuilder.powerBi.adminReport')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {field('powerBIReportID')}
          {field('powerBIWorkspaceID')}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('callBuilder.powerBi.userReport')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {field('userPowerBIReportID')}
          {field('userPowerBIWorkspaceID')}
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}
