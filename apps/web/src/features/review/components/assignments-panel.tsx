import type { TUnfilledReasons } from '@impact/domain';
import { ActionIcon, Badge, Button, Card, Group, Select, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconX } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../../../lib/problem-text';
import { useAssign, useAssignments, useAutoAssign, useReviewers, useUnassign } from '../api/admin';

/** Closed submissions and their reviewers: assign by hand, or fill every submission automatically. */
export function AssignmentsPanel({ callId }: { callId: string }) {
  const { t } = useTranslation();
  const rows = useAssignments(callId);
  const reviewers = useReviewers(callId);
  const auto = useAutoAssign(callId);
  const assign = useAssign(callId);
  const unassign = useUnassign(callId);
  const [picked, setPicked] = useState<Record<string, string | null>>({});
  const fail = (e: unknown) => notifications.show({ color: 'red', message: problemText(t, e), autoClose: 10_000 });
  const options = (reviewers.data ?? []).flatMap((r) => (r.userId ? [{ value: r.userId, label: r.email }] : []));

  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h3">
            {t('review.assignments.title')}
          </Title>
          <Button
            loading={auto.isPending}
            onClick={() =>
              auto.mutate(undefined, {
                onSuccess: (r) =>
                  notifications.show({
                    color: r.unfilled ? 'orange' : 'teal',
                    message: [
                      t('review.assignments.autoDone', { created: r.created, unfilled: r.unfilled }),
                      ...(r.unfilled && r.reasons ? unfilledReasons(t, r.reasons) : []),
                    ].join(' '),
                  }),
                onError: fail,
              })
            }
          >
            {t('review.assignments.auto')}
          </Button>
        </Group>
        {rows.data?.length === 0 && <Text c="dimmed">{t('review.assignments.none')}</Text>}
        {!!rows.data?.length && (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('review.assignments.organization')}</Table.Th>
                <Table.Th>{t('review.assignments.reviewers')}</Table.Th>
                <Table.Th>{t('review.assignments.add')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.data.map((row) => (
                <Table.Tr key={row.submissionId}>
                  <Table.Td>{row.organizationName}</Table.Td>
                  <Table.Td>
                    <Group gap={6}>
                      {row.assignments.map((a) =>
                        a.status === 'conflict' ? (
                          <Tooltip key={a.id} label={a.conflictReason || t('review.assignments.conflict')}>
                            <Badge color="red" variant="light">
                              {a.reviewerEmail}: {t('review.assignments.conflict')}
                            </Badge>
                          </Tooltip>
                        ) : (
                          <Badge
                            key={a.id}
                            color={a.submitted ? 'teal' : 'blue'}
                            variant="light"
                            rightSection={
                              a.submitted ? undefined : (
                                <ActionIcon
                                  size="xs"
                                  variant="transparent"
                                  aria-label={t('review.assignments.unassign', { email: a.reviewerEmail })}
                                  onClick={() => unassign.mutate(a.id, { onError: fail })}
                                >
                                  <IconX size={12} />
                                </ActionIcon>
                              )
                            }
                          >
                            {a.reviewerEmail}
                            {a.submitted ? ` ✓ ${t('review.assignments.done')}` : ''}
                          </Badge>
                        ),
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Select
                        aria-label={t('review.assignments.pick', { name: row.organizationName })}
                        placeholder={t('review.assignments.reviewer')}
                        data={options}
                        value={picked[row.submissionId] ?? null}
                        onChange={(v) => setPicked({ ...picked, [row.submissionId]: v })}
                        searchable
                      />
                      <Button
                        variant="default"
                        disabled={!picked[row.submissionId]}
                        onClick={() =>
                          assign.mutate(
                            { submissionId: row.submissionId, reviewerUserId: picked[row.submissionId] ?? '' },
                            { onError: fail, onSuccess: () => setPicked({ ...picked, [row.submissionId]: null }) },
                          )
                        }
                      >
                        {t('review.assignments.assign')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

/** Why seats stayed empty, as sentences: the rules that kept reviewers off, or too few reviewers. */
function unfilledReasons(t: TFunction, reasons: TUnfilledReasons): string[] {
  return [
    ...(reasons.sameDomain ? [t('review.assignments.why.sameDomain', { count: reasons.sameDomain })] : []),
    ...(reasons.excluded ? [t('review.assignments.why.excluded', { count: reasons.excluded })] : []),
    ...(reasons.applicant ? [t('review.assignments.why.applicant', { count: reasons.applicant })] : []),
    ...(reasons.tooFewReviewers ? [t('review.assignments.why.tooFew')] : []),
  ];
}
