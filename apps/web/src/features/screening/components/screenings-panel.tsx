import type { TScreeningRow } from '@impact/domain';
import { Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediumDateTime } from '../../../lib/local-dates';
import { problemText } from '../../../lib/problem-text';
import { answerLines } from '../answer-lines';
import { useScreenings } from '../api/get-screenings';

/** The screening figures (organizations screened, eligible, each reason counted) and every attempt with its answers. */
export function ScreeningsPanel({ callId }: { callId: string }) {
  const { t, i18n } = useTranslation();
  const screenings = useScreenings(callId);
  const [open, setOpen] = useState<string | null>(null);
  if (screenings.isError) return <Text c="red">{problemText(t, screenings.error)}</Text>;
  if (!screenings.data) return <Loader aria-label={t('screening.applicant.loading')} />;
  const { screened, eligible, reasons } = screenings.data;
  const rows = screenings.data.screenings;
  return (
    <Stack gap="md" data-testid="screening-stats">
      <Title order={2} size="h3">
        {t('screening.stats.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {[
          ['screened', screened],
          ['eligible', eligible],
          ['ineligible', screened - eligible],
        ].map(([key, value]) => (
          <Paper key={key} withBorder p="md" radius="md">
            <Text size="sm" c="dimmed">
              {t(`screening.stats.${key}`)}
            </Text>
            <Text fz={28} fw={700} data-testid={`screening-${key}`}>
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {reasons.length > 0 && (
        <Table>
          <Table.Caption>{t('screening.stats.reasonsCaption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('screening.stats.reason')}</Table.Th>
              <Table.Th scope="col">{t('screening.stats.count')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {reasons.map((r) => (
              <Table.Tr key={r.message}>
                <Table.Td>{r.message}</Table.Td>
                <Table.Td>{r.count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {rows.length === 0 ? (
        <Text c="dimmed">{t('screening.stats.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table>
            <Table.Caption>
              {t('screening.stats.attemptsCaption', { shown: rows.length, total: screenings.data.attempts })}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('screening.stats.organization')}</Table.Th>
                <Table.Th scope="col">{t('screening.stats.when')}</Table.Th>
                <Table.Th scope="col">{t('screening.stats.result')}</Table.Th>
                <Table.Th scope="col">{t('screening.stats.answers')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <AttemptRow
                  key={row.id}
                  row={row}
                  when={mediumDateTime(new Date(row.at), i18n.language)}
                  open={open === row.id}
                  onToggle={() => setOpen(open === row.id ? null : row.id)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function AttemptRow({
  row,
  when,
  open,
  onToggle,
}: {
  row: TScreeningRow;
  when: string;
  open: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const by = row.screenedBy
    ? `${row.screenedBy.firstName} ${row.screenedBy.lastName}`.trim()
    : t('screening.stats.erased');
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {row.organizationName}
        </Text>
        <Text size="xs" c="dimmed">
          {by}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{when}</Text>
        {!row.latest && (
          <Text size="xs" c="dimmed">
            {t('screening.stats.earlier')}
          </Text>
        )}
        {row.latest && !row.current && (
          <Text size="xs" c="dimmed">
            {t('screening.stats.olderRules')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Badge color={row.eligible ? 'teal' : 'red'} variant="light">
          {t(row.eligible ? 'screening.stats.eligibleOne' : 'screening.stats.ineligibleOne')}
        </Badge>
        {row.reasons.map((reason) => (
          <Text key={reason} size="xs">
            {reason}
          </Text>
        ))}
      </Table.Td>
      <Table.Td>
        <Button size="xs" variant="subtle" onClick={onToggle} aria-expanded={open}>
          {t(open ? 'screening.stats.hideAnswers' : 'screening.stats.showAnswers')}
        </Button>
        {open && (
          <Stack gap={2} mt={4}>
            {answerLines(row.answers).map(([name, value]) => (
              <Group key={name} gap={4} wrap="nowrap" align="flex-start">
                <Text size="xs" fw={600}>
                  {name}:
                </Text>
                <Text size="xs">{value}</Text>
              </Group>
            ))}
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
