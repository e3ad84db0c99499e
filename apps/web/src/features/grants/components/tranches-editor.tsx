import {
  amountToCents,
  currencySymbol,
  MAX_TRANCHES,
  sumAmounts,
  type TGrant,
  type TReportPlanItem,
  type TTranche,
  type TTrancheCondition,
} from '@impact/domain';
import { ActionIcon, Alert, Button, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../../components/amount-input';
import { DateField } from '../../../components/date-field';
import { fieldErrorText, problemText } from '../../../lib/problem-text';
import { useReportingPlan } from '../api/grant-reports';
import { useSaveTranches, useTranches } from '../api/grants';
import { MarkPaid } from './mark-paid';
import { formatMoney } from './money';
import { TrancheList } from './tranche-list';

/** A row of the plan being edited; `id` is its saved tranche's (null until saved), never sent. */
type Row = {
  id: string | null;
  amount: number | string;
  condition: TTrancheCondition;
  dueAt: string;
  reportPlanId: string | null;
};

const toRow = (tr: TTranche): Row => ({
  id: tr.id,
  amount: tr.amount,
  condition: tr.condition,
  dueAt: tr.dueAt ?? '',
  reportPlanId: tr.reportPlanId,
});

/**
 * The admin's tranches of one grant: the paid ones as they are, the others edited as a list
 * (amount, on acceptance, on a date or on the approval of a report of the call's reporting plan),
 * saved together; a payable tranche is marked paid with the
 * date and the bank's reference.
 */
export function TranchesEditor({ grant, onDirty }: { grant: TGrant; onDirty?: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const tranches = useTranches(grant.id);
  const plan = useReportingPlan(grant.callId);
  // Once a tranche is marked paid its button goes with the payable row: the keyboard goes to the list.
  const [paidHere, setPaidHere] = useState(0);
  if (tranches.isPending || plan.isPending) return <Loader aria-label={t('grants.loading')} />;
  if (tranches.isError) return <Alert color="red">{problemText(t, tranches.error)}</Alert>;
  if (plan.isError) return <Alert color="red">{problemText(t, plan.error)}</Alert>;
  return (
    <Editor
      grant={grant}
      tranches={tranches.data}
      plan={plan.data}
      paidHere={paidHere}
      onPaid={() => setPaidHere((n) => n + 1)}
      onDirty={onDirty}
    />
  );
}

function Editor({
  grant,
  tranches,
  plan,
  paidHere,
  onPaid,
  onDirty,
}: {
  grant: TGrant;
  tranches: TTranche[];
  plan: TReportPlanItem[];
  /** How many payments were recorded on this page: each sends the keyboard to the list. */
  paidHere: number;
  onPaid: () => void;
  /** Whether the rows differ from the saved plan: the dialog asks before it drops them. */
  onDirty: ((dirty: boolean) => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The table's box, or on a phone the list of cards.
    if (paidHere > 0) list.current?.querySelector<HTMLElement>('[role="region"], [role="list"]')?.focus();
  }, [paidHere]);
  const save = useSaveTranches(grant.id);
  const paid = tranches.filter((tr) => tr.status === 'paid');
  const savedRows = tranches.filter((tr) => tr.status !== 'paid').map(toRow);
  // The rows as typed; null while nothing is typed since the last save: the plan as saved then,
  // whatever the server says it is now (its answer to a save reaches the list a moment after the
  // save's own callback).
  const [edited, setRows] = useState<Row[] | null>(null);
  // A tranche paid meanwhile (here or by a colleague) leaves the plan being edited; the other
  // rows keep what was typed in them. A plan saved meanwhile by a colleague gives every unpaid
  // tranche a new id: rows naming a tranche that is gone cannot be matched to it (one the colleague
  // then paid would be planned again), so the plan is shown as saved and, if it differs from what
  // was typed, the page says so.
  const known = new Set(tranches.map((tr) => tr.id));
  const replaced = edited?.some((r) => r.id !== null && !known.has(r.id)) ?? false;
  const paidIds = new Set(paid.map((tr) => tr.id));
  const rows = edited === null || replaced ? savedRows : edited.filter((r) => r.id === null || !paidIds.has(r.id));
  const [savedMeanwhile, setSavedMeanwhile] = useState(false);
  useEffect(() => {
    if (!replaced || edited === null) return;
    if (!samePlan(edited, savedRows)) setSavedMeanwhile(true);
    setRows(null);
  }, [replaced, edited, savedRows]);
  const dirty = !samePlan(rows, savedRows);
  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);
  const reportNames = Object.fromEntries(plan.map((item) => [item.id, item.name]));
  const editable = grant.status !== 'declined' && grant.status !== 'closed';
  const planned = sumAmounts([...paid.map((p) => p.amount), ...rows.map((r) => Number(r.amount) || 0)]);
  const setRow = (i: number, patch: Partial<Row>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const conditions = [
    { value: 'onAcceptance', label: t('grants.tranches.onAcceptance') },
    { value: 'onDate', label: t('grants.tranches.onDate') },
    { value: 'onReportApproval', label: t('grants.tranches.onReportApproval') },
  ];
  const reports = plan.map((item) => ({ value: item.id, label: item.name }));
  return (
    <Stack>
      {tranches.length > 0 && (
        <div ref={list}>
          <TrancheList
            tranches={tranches}
            currency={grant.currency}
            reportNames={reportNames}
            action={(tranche) =>
              tranche.status === 'payable' ? (
                <MarkPaid
                  grantId={grant.id}
                  tranche={tranche}
                  onPaid={onPaid}
                  editedUnsaved={rowChanged(rows, tranche)}
                />
              ) : null
            }
          />
        </div>
      )}
      {editable && (
        <Stack
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(
              {
                grantId: grant.id,
                tranches: rows.map((r) => ({
                  amount: Number(r.amount),
                  condition: r.condition,
                  dueAt: r.condition === 'onDate' ? r.dueAt || null : null,
                  reportPlanId: r.condition === 'onReportApproval' ? r.reportPlanId : null,
                })),
              },
              {
                onSuccess: () => {
                  setRows(null);
                  setSavedMeanwhile(false);
                  // Said aloud too: only the table above changed, which a screen reader does not hear.
                  notifications.show({ color: 'teal', message: t('grants.tranches.saved') });
                },
              },
            );
          }}
        >
          <Title order={3} size="h5">
            {t('grants.tranches.plan')}
          </Title>
          {savedMeanwhile && (
            <Alert color="yellow" role="status" withCloseButton onClose={() => setSavedMeanwhile(false)}>
              {t('grants.tranches.savedMeanwhile')}
            </Alert>
          )}
          {rows.map((row, i) => (
            // A row added here has no id until saved: its place is its identity.
            <Group key={row.id ?? `new-${i}`} align="flex-end" wrap="wrap">
              <AmountInput
                label={t('grants.tranches.amountOf', {
                  n: paid.length + i + 1,
                  currency: currencySymbol(grant.currency, i18n.language),
                })}
                value={row.amount === '' ? null : Number(row.amount)}
                onChange={(amount) => setRow(i, { amount: amount ?? '' })}
                error={fieldErrorText(t, save.error, `tranches.${i}.amount`)}
              />
              <Select
                label={t('grants.tranches.conditionOf', { n: paid.length + i + 1 })}
                data={conditions}
                value={row.condition}
                // Wide enough for its longest choice in every language ("À l’approbation d’un rapport").
                w={260}
                allowDeselect={false}
                onChange={(value) => value && setRow(i, { condition: value as TTrancheCondition })}
              />
              {row.condition === 'onDate' && (
                <DateField
                  label={t('grants.tranches.dueOf', { n: paid.length + i + 1 })}
                  value={row.dueAt}
                  onChange={(dueAt) => setRow(i, { dueAt })}
                />
              )}
              {row.condition === 'onReportApproval' && (
                <Select
                  label={t('grants.tranches.reportOf', { n: paid.length + i + 1 })}
                  placeholder={t('grants.tranches.pickReport')}
                  data={reports}
                  value={row.reportPlanId}
                  onChange={(reportPlanId) => setRow(i, { reportPlanId })}
                  // Without a reporting plan there is nothing to wait for: say where to make one.
                  description={reports.length === 0 ? t('grants.tranches.noReportPlan') : undefined}
                  error={fieldErrorText(t, save.error, `tranches.${i}.reportPlanId`)}
                />
              )}
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('grants.tranches.remove', { n: paid.length + i + 1 })}
                onClick={() => setRows(rows.filter((_, j) => j !== i))}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Group justify="space-between">
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={paid.length + rows.length >= MAX_TRANCHES}
              onClick={() =>
                setRows([...rows, { id: null, amount: '', condition: 'onAcceptance', dueAt: '', reportPlanId: null }])
              }
            >
              {t('grants.tranches.add')}
            </Button>
            <Text size="sm" c={amountToCents(planned) > amountToCents(grant.amount) ? 'red.8' : 'dimmed'}>
              {t('grants.tranches.planned', {
                planned: formatMoney(planned, grant.currency, i18n.language),
                awarded: formatMoney(grant.amount, grant.currency, i18n.language),
              })}
            </Text>
          </Group>
          {save.isError && (
            <Alert color="red" role="alert">
              {problemText(t, save.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('grants.tranches.save')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

const withoutId = ({ id: _id, ...row }: Row) => row;

/** Whether two plans hold the same tranches, whatever ids they carry. */
const samePlan = (a: Row[], b: Row[]) => JSON.stringify(a.map(withoutId)) === JSON.stringify(b.map(withoutId));

/** Whether the plan being edited changed this tranche's row (or removed it) and was not saved. */
function rowChanged(rows: Row[], tranche: TTranche): boolean {
  const row = rows.find((r) => r.id === tranche.id);
  return row === undefined || JSON.stringify(row) !== JSON.stringify(toRow(tranche));
}
