import { parseServerDate, type TUserCall } from '@impact/domain';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../../components/safe-html';
import { downloadFile } from '../api/files';
import { cardState } from '../call-card-state';

type Props = { call: TUserCall; busy: boolean; onAction: (call: TUserCall) => void };

export function CallCard({ call, busy, onAction }: Props) {
  const { t, i18n } = useTranslation();
  const state = cardState(call);
  const date = (value: string) =>
    parseServerDate(value).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="call-card">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4">
            {call.name}
          </Title>
          <Badge color={state.status === 'open' ? 'teal' : 'gray'} variant="light">
            {t(`applying.callStatus.${state.status}`)}
          </Badge>
        </Group>
        <SafeHtml html={call.description} />
        <Group gap="xs" c="dimmed">
          <IconCalendar size={16} aria-hidden />
          <Text size="sm">{t('applying.dates', { opening: date(call.openingAt), closing: date(call.closingAt) })}</Text>
        </Group>
        <Group mt="auto">
          <Button
            onClick={() => onAction(call)}
            disabled={state.disabled}
            loading={busy}
            variant={state.button === 'close' ? 'light' : 'filled'}
          >
            {t(`applying.button.${state.button}`)}
          </Button>
          {state.showClosedExtras && call.customFile && (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() => call.customFile && void downloadFile(call.customFile.id, call.customFile.name)}
            >
              {t('applying.customFile')}
            </Button>
          )}
          {state.showClosedExtras && (
            <Button
              variant="default"
              leftSection={<IconFileTypePdf size={16} />}
              disabled
              title={t('applying.closing.pdfSoon')}
            >
              PDF
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
