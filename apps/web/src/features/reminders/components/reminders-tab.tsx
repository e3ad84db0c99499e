import { MAX_NUDGE_DAYS, MAX_REMINDER_HOURS, MAX_REMINDERS, type TCallReminders } from '@impact/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/scroll-table';
import { DATE_TIME, dateFormat } from '../../../lib/date-formats';
import { fieldErrorText, problemText } from '../../../lib/problem-text';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useCallReminders, useSaveReminders } from '../api/reminders';

type Unit = 'days' | 'hours';
type Row = { amount: number | string; unit: Unit };

const toRow = (hours: number): Row =>
  hours % 24 === 0 ? { amount: hours / 24, unit: 'days' } : { amount: hours, unit: 'hours' };
/** The saved reminders as the form's rows. */
const rowsOf = (saved: TCallReminders) => saved.reminders.map((r) => toRow(r.hoursBeforeClosing));
/** Rows and nudge as typed, in one comparable form. */
const typedForm = (rows: Row[], nudge: number | string | null) =>
  JSON.stringify([rows.map((r) => [String(r.amount), r.unit]), nudge === null ? null : String(nudge)]);
const toHours = (row: Row) => Number(row.amount) * (row.unit === 'days' ? 24 : 1);
/** The most a reminder may be in its unit (90 days, or as many hours). */
const maxIn = (unit: Unit) => (unit === 'days' ? MAX_REMINDER_HOURS / 24 : MAX_REMINDER_HOURS);

/** Why an amount typed is not one (empty, not a whole number, off its range), or null. */
function amountError(t: TFunction, amount: number | string, min: number, max: number): string | null {
  if (amount === '') return t('errors.field.required');
  const n = Number(amount);
  if (!Number.isInteger(n)) return t('errors.field.invalidType');
  if (n < min) return t('errors.field.tooSmall', { minimum: min });
  if (n > max) return t('errors.field.tooBig', { maximum: max });
  return null;
}

/**
 * The call editor's Reminders tab: when reminders go before closing, the nudge for an application
 * left untouched, and what was sent to whom (decision 0036). Saved on its own, not with the call.
 */
export function RemindersTab({ callId }: { callId: string }) {
  const { t } = useTranslation();
  const reminders = useCallReminders(callId);
  if (reminders.isPending) return <Loader aria-label={t('reminders.loading')} />;
  // A failed refresh keeps what was read, and the form on it with what is typed.
  if (reminders.isError && !reminders.data) return <Alert color="red">{problemText(t, reminders.error)}</Alert>;
  return <RemindersForm callId={callId} current={reminders.data} />;
}

function RemindersForm({ callId, current }: { callId: string; current: TCallReminders }) {
  const { t, i18n } = useTranslation();
  const save = useSaveReminders(callId);
  const addButton = useRef<HTMLButtonElement>(null);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(current));
  const [nudge, setNudge] = useState<number | string | null>(current.nudgeAfterDays);
  useEffect(() => {
    setRows(rowsOf(current));
    setNudge(current.nudgeAfterDays);
  }, [current]);
  useUnsavedChanges(typedForm(rows, nudge) !== typedForm(rowsOf(current), current.nudgeAfterDays));
  const units = [
    { value: 'days', label: t('reminders.days') },
    { value: 'hours', label: t('reminders.hours') },
  ];
  const when = dateFormat(i18n.language, DATE_TIME);

  // What is wrong with each field, said on the field: checked before sending (an empty field, a
  // number off its range for the unit chosen), else as the server says it (two reminders at once).
  const [checked, setChecked] = useState(false);
  const rowProblems = rows.map((r) => amountError(t, r.amount, 1, maxIn(r.unit)));
  const nudgeProblem = nudge === null ? null : amountError(t, nudge, 1, MAX_NUDGE_DAYS);
  const rowError = (i: number) =>
    (checked && rowProblems[i]) || fieldErrorText(t, save.error, `reminders.${i}.hoursBeforeClosing`);
  const nudgeError = (checked && nudgeProblem) || fieldErrorText(t, save.error, 'nudgeAfterDays');
  const submit = () => {
    setChecked(true);
    if (rowProblems.some(Boolean) || nudgeProblem) return;
    save.mutate(
      {
        reminders: rows.map((r) => ({ hoursBeforeClosing: toHours(r) })),
        nudgeAfterDays: nudge === null ? null : Number(nudge),
      },
      {
        onSuccess: () => {
          setChecked(false);
          notifications.show({ color: 'teal', message: t('reminders.saved') });
        },
        onError: (e) =>
          notifications.show({ color: 'red', title: t('reminders.notSaved'), message: problemText(t, e) }),
      },
    );
  };

  return (
    <Stack>
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={2} size="h4">
            {t('reminders.title')}
          </Title>
          <Text size="sm">{t('reminders.intro')}</Text>
          {current.isDefault && (
            <Text size="sm" fw={500}>
              {t('reminders.defaults')}
            </Text>
          )}
          {rows.length === 0 && <Text size="sm">{t('reminders.none')}</Text>}
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
            <Group key={i} align="flex-end" wrap="wrap">
              <NumberInput
                label={t('reminders.before', { n: i + 1 })}
                min={1}
                max={maxIn(row.unit)}
                // Kept as typed and named when off its range: clamped when the field was left, a
                // number typed before the unit was changed to hours was quietly cut to 90.
                clampBehavior="none"
                allowDecimal={false}
                error={rowError(i)}
                value={row.amount}
                onChange={(amount) => setRows(rows.map((r, j) => (j === i ? { ...r, amount } : r)))}
                w={180}
              />
              <Select
                label={t('reminders.unit', { n: i + 1 })}
                data={units}
                value={row.unit}
                allowDeselect={false}
                onChange={(unit) => unit && setRows(rows.map((r, j) => (j === i ? { ...r, unit: unit as Unit } : r)))}
                w={140}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('reminders.remove', { n: i + 1 })}
                onClick={() => {
                  setRows(rows.filter((_, j) => j !== i));
                  // The button pressed is gone: keyboard focus goes on to "Add a reminder".
                  addButton.current?.focus();
                }}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              ref={addButton}
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={rows.length >= MAX_REMINDERS}
              onClick={() => setRows([...rows, { amount: 1, unit: 'days' }])}
            >
              {t('reminders.add')}
            </Button>
          </Group>
          <Checkbox
            label={t('reminders.nudge')}
            checked={nudge !== null}
            onChange={(e) => setNudge(e.currentTarget.checked ? 7 : null)}
          />
          {nudge !== null && (
            <NumberInput
              label={t('reminders.nudgeDays')}
              min={1}
              max={MAX_NUDGE_DAYS}
              clampBehavior="none"
              allowDecimal={false}
              error={nudgeError}
              value={nudge}
              onChange={setNudge}
              w={220}
            />
          )}
          {save.isError && (
            <Alert color="red" role="alert">
              {problemText(t, save.error)}
            </Alert>
          )}
          <Group>
            <Button onClick={submit} loading={save.isPending}>
              {t('reminders.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={2} size="h4">
            {t('reminders.sentTitle')}
          </Title>
          <Text size="sm">{t('reminders.unsubscribed', { count: current.unsubscribed })}</Text>
          {current.sent.length === 0 ? (
            <Text size="sm">{t('reminders.noneSent')}</Text>
          ) : (
            <ScrollTable label={t('reminders.sentTitle')} minWidth={560}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('reminders.col.when')}</Table.Th>
                    <Table.Th>{t('reminders.col.what')}</Table.Th>
                    <Table.Th>{t('reminders.col.organization')}</Table.Th>
                    <Table.Th>{t('reminders.col.to')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {current.sent.map((s) => (
                    <Table.Tr key={`${s.submissionId}-${s.kind}-${s.hoursBeforeClosing}`}>
                      <Table.Td>{when.format(new Date(s.sentAt))}</Table.Td>
                      <Table.Td>
                        {s.kind === 'nudge'
                          ? t('reminders.kindNudge')
                          : t('reminders.kindReminder', { label: describe(t, s.hoursBeforeClosing ?? 0) })}
                      </Table.Td>
                      <Table.Td>{s.organizationName}</Table.Td>
                      <Table.Td>{s.recipients.join(', ') || '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

function describe(t: TFunction, hours: number) {
  return hours % 24 === 0
    ? t('reminders.daysBefore', { count: hours / 24 })
    : t('reminders.hoursBefore', { count: hours });
}
