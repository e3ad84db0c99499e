import { DECISION_OUTCOMES, parseServerDate, type TDecisionOutcome, type TRankingRow } from '@impact/domain';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowsSort, IconDownload } from '@tabler/icons-react';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCallList } from '../../../lib/api/get-call-list';
import { openConfirmDialog } from '../../../lib/confirm-dialog';
import { DATE_TIME, dateFormat } from '../../../lib/date-formats';
import { fixedNumber } from '../../../lib/number-formats';
import { problemText } from '../../../lib/problem-text';
import { downloadFrom } from '../../../lib/save-file';
import { useRanking, useRecordDecisions } from '../api/admin';

type SortKey = 'mean' | 'spread' | 'done' | 'sroi' | 'organizationName';

// The checkbox and the organization's name stay in view while the table scrolls sideways (at
// 1280 px it scrolled by about 200 px, and the name was out of view beside the outcome chosen).
// The checkboxes are 24 px (size md), the smallest target WCAG 2.2 allows beside other controls.
const SELECT_WIDTH = 48;
const stuck = (left: number, edge = false): CSSProperties => ({
  position: 'sticky',
  left,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  ...(edge ? { boxShadow: 'inset -1px 0 0 var(--mantine-color-default-border)' } : {}),
});
const selectCell = { ...stuck(0), width: SELECT_WIDTH, minWidth: SELECT_WIDTH };
const nameCell = stuck(SELECT_WIDTH, true);

/** Ranking of the call's closed submissions, sortable and exportable, with the decisions beside it. */
export function RankingPanel({ callId }: { callId: string }) {
  const { t, i18n } = useTranslation();
  const fmt = (n: number | null, digits = 1) => fixedNumber(n, i18n.language, digits);
  const ranking = useRanking(callId, true);
  const record = useRecordDecisions(callId);
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'mean', desc: true });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [edits, setEdits] = useState<Record<string, { outcome: TDecisionOutcome | null; message: string }>>({});
  const [bulk, setBulk] = useState<{ outcome: TDecisionOutcome | null; message: string }>({
    outcome: null,
    message: '',
  });
  const outcomes = DECISION_OUTCOMES.map((o) => ({ value: o, label: t(`review.outcome.${o}`) }));
  // A call in two stages (decision 0034): the ranking of those invited to stage 2, or of the others.
  const [stage, setStage] = useState<string | null>(null);
  const twoStage = (ranking.data ?? []).some((r) => r.stage === 2);
  const rows = [...(ranking.data ?? [])]
    .filter((r) => stage === null || r.stage === Number(stage))
    .sort((a, b) => compare(a, b, sort.key) * (sort.desc ? -1 : 1));
  const edit = (r: TRankingRow) => edits[r.submissionId] ?? { outcome: r.outcome, message: r.message };
  const callList = useCallList();
  const lockEnd = callList.data?.find((c) => c.id === callId)?.callLockEnd ?? null;
  // Outcome mails cannot be taken back: the officer is told who hears and when before they go.
  const save = (items: Array<{ submissionId: string; outcome: TDecisionOutcome; message: string }>) =>
    openConfirmDialog({
      title: t('review.decisions.confirmTitle', { count: items.length }),
      children: (
        <Text size="sm">
          {!callList.isSuccess
            ? // The lock not known yet: the rule, without claiming "now".
              t('review.decisions.confirmWhenLock', { count: items.length })
            : lockEnd && parseServerDate(lockEnd).getTime() > Date.now()
              ? t('review.decisions.confirmLater', {
                  count: items.length,
                  date: dateFormat(i18n.language, DATE_TIME).format(parseServerDate(lockEnd)),
                })
              : t('review.decisions.confirmNow', { count: items.length })}
        </Text>
      ),
      labels: { confirm: t('review.decisions.confirm'), cancel: t('review.decisions.cancel') },
      onConfirm: () => send(items),
    });
  const send = (items: Array<{ submissionId: string; outcome: TDecisionOutcome; message: string }>) =>
    record.mutate(items, {
      onSuccess: (res) => {
        setSelected(new Set());
        setEdits({});
        // Said when it happens: the applicants are told only once the results lock ends.
        const mails = res.mailsQueued ? ` ${t('review.decisions.mailsQueued', { count: res.mailsQueued })}` : '';
        notifications.show({
          color: 'teal',
          message: `${t('review.decisions.saved', { count: res.recorded })}${mails}`,
        });
      },
      onError: (e) => notifications.show({ color: 'red', message: problemText(t, e), autoClose: 10_000 }),
    });
  const header = (key: SortKey, label: string, style?: CSSProperties) => (
    <Table.Th aria-sort={sort.key === key ? (sort.desc ? 'descending' : 'ascending') : 'none'} style={style}>
      <UnstyledButton onClick={() => setSort({ key, desc: sort.key === key ? !sort.desc : true })}>
        <Group gap={4} wrap="nowrap">
          {label}
          <IconArrowsSort size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );

  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h3">
            {t('review.ranking.title')}
          </Title>
          <Group gap="xs" align="flex-end">
            {(twoStage || stage !== null) && (
              <Select
                label={t('review.ranking.stage')}
                data={[
                  { value: '1', label: t('review.ranking.stage1') },
                  { value: '2', label: t('review.ranking.stage2') },
                ]}
                value={stage}
                onChange={(value) => {
                  setStage(value);
                  setSelected(new Set());
                }}
                clearable
                w={200}
              />
            )}
            {(['csv', 'xlsx'] as const).map((format) => (
              <Button
                key={format}
                variant="default"
                leftSection={<IconDownload size={16} />}
                onClick={() =>
                  void downloadFrom(
                    'Review/ExportRanking',
                    { callId, format, ...(stage ? { stage } : {}) },
                    `ranking.${format}`,
                  ).catch((e) => notifications.show({ color: 'red', message: problemText(t, e) }))
                }
              >
                {format.toUpperCase()}
              </Button>
            ))}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t('review.ranking.hint')}
        </Text>
        {ranking.isError && <Text c="red">{problemText(t, ranking.error)}</Text>}
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={760}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th style={selectCell}>
                    <Checkbox
                      size="md"
                      aria-label={t('review.decisions.selectAll')}
                      checked={selected.size === rows.length}
                      onChange={(e) =>
                        setSelected(e.currentTarget.checked ? new Set(rows.map((r) => r.submissionId)) : new Set())
                      }
                    />
                  </Table.Th>
                  {header('organizationName', t('review.ranking.organization'), nameCell)}
                  {header('mean', t('review.ranking.mean'))}
                  {header('spread', t('review.ranking.spread'))}
                  {header('done', t('review.ranking.done'))}
                  {header('sroi', t('review.ranking.sroi'))}
                  <Table.Th>{t('review.ranking.sdgs')}</Table.Th>
                  <Table.Th>{t('review.decisions.outcome')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              {/* A submission is a group of rows: its figures and outcome, then, once an outcome is
                  chosen, the message and Save across the table's width (as two more columns they
                  needed a sideways scroll at 1,280 px and left the message 80 px wide). */}
              {rows.map((r) => {
                const e = edit(r);
                return (
                  <Table.Tbody key={r.submissionId} data-testid="ranking-row">
                    <Table.Tr>
                      <Table.Td style={selectCell}>
                        <Checkbox
                          size="md"
                          aria-label={t('review.decisions.select', { name: r.organizationName })}
                          checked={selected.has(r.submissionId)}
                          onChange={(ev) => {
                            const next = new Set(selected);
                            if (ev.currentTarget.checked) next.add(r.submissionId);
                            else next.delete(r.submissionId);
                            setSelected(next);
                          }}
                        />
                      </Table.Td>
                      <Table.Th scope="row" style={nameCell} data-testid="ranking-organization">
                        {/* The application itself, read only, to weigh the decision against. */}
                        <Anchor component={Link} to={`/call/${r.submissionId}/0/0?readonly=true`}>
                          {r.organizationName}
                        </Anchor>
                      </Table.Th>
                      <Table.Td data-testid="ranking-mean">{fmt(r.mean)}</Table.Td>
                      <Table.Td data-testid="ranking-spread">
                        {fmt(r.spread)}{' '}
                        {r.disagreement && (
                          <Badge color="orange" variant="light">
                            {t('review.ranking.disagreement')}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {r.done} / {r.assigned}
                      </Table.Td>
                      <Table.Td>
                        {fmt(r.sroi, 2)}
                        {r.sroiLow !== null && r.sroiHigh !== null && (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            ({fmt(r.sroiLow, 2)}–{fmt(r.sroiHigh, 2)})
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{r.sdgs.join(', ') || '—'}</Table.Td>
                      <Table.Td>
                        <Select
                          aria-label={t('review.decisions.outcomeFor', { name: r.organizationName })}
                          data={outcomes}
                          value={e.outcome}
                          onChange={(v) =>
                            setEdits({ ...edits, [r.submissionId]: { ...e, outcome: v as TDecisionOutcome } })
                          }
                          w={150}
                        />
                      </Table.Td>
                    </Table.Tr>
                    {e.outcome && (
                      <Table.Tr>
                        <Table.Td style={selectCell} />
                        <Table.Td colSpan={7}>
                          <Group align="flex-end" wrap="nowrap">
                            <TextInput
                              label={t('review.decisions.messageFor', { name: r.organizationName })}
                              flex={1}
                              value={e.message}
                              onChange={(ev) =>
                                setEdits({ ...edits, [r.submissionId]: { ...e, message: ev.currentTarget.value } })
                              }
                            />
                            <Button
                              disabled={!edits[r.submissionId]}
                              loading={record.isPending}
                              onClick={() =>
                                e.outcome &&
                                save([{ submissionId: r.submissionId, outcome: e.outcome, message: e.message }])
                              }
                            >
                              {t('review.decisions.save')}
                            </Button>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Table.Tbody>
                );
              })}
            </Table>
          </Table.ScrollContainer>
        )}
        {selected.size > 0 && (
          <Group align="flex-end">
            <Select
              label={t('review.decisions.bulkOutcome', { count: selected.size })}
              data={outcomes}
              value={bulk.outcome}
              onChange={(v) => setBulk({ ...bulk, outcome: v as TDecisionOutcome })}
            />
            <TextInput
              label={t('review.decisions.message')}
              value={bulk.message}
              onChange={(e) => setBulk({ ...bulk, message: e.currentTarget.value })}
            />
            <Button
              disabled={!bulk.outcome}
              loading={record.isPending}
              onClick={() =>
                bulk.outcome &&
                save(
                  [...selected].map((submissionId) => ({
                    submissionId,
                    outcome: bulk.outcome as TDecisionOutcome,
                    message: bulk.message,
                  })),
                )
              }
            >
              {t('review.decisions.applySelected')}
            </Button>
          </Group>
        )}
        <Text size="sm" c="dimmed">
          {t('review.decisions.hint')}
        </Text>
      </Stack>
    </Card>
  );
}

function compare(a: TRankingRow, b: TRankingRow, key: SortKey): number {
  if (key === 'organizationName') return a.organizationName.localeCompare(b.organizationName);
  return (a[key] ?? -1) - (b[key] ?? -1);
}
