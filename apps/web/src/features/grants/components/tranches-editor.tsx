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
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountSeparators } from '../../../lib/number-formats';
import { fieldErrorText, problemText } from '../../../lib/problem-text';
import { useReportingPlan } from '../api/grant-reports';
import { useSaveTranches, useTranches } from '../api/grants';
import { MarkPaid } from './mark-paid';
import { formatMoney } from './money';
import { TrancheList } from './tranche-list';

type Row = { amount: number | string; condition: TTrancheCondition; dueAt: string; reportPlanId: string | null };

const toRow = (tr: TTranche): Row => ({
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
  const [paidHere, setPaidHere] = useState(false);
  if (tranches.isPending || plan.isPending) return <Loader aria-label={t('grants.loading')} />;
  if (tranches.isError) return <Alert color="red">{problemText(t, tranches.error)}</Alert>;
  if (plan.isError) return <Alert color="red">{problemText(t, plan.error)}</Alert>;
  // Remounted when a payment is recorded, so the list being edited never holds a paid tranche.
  const paidIds = tranches.data
    .filter((tr) => tr.status === 'paid')
    .map((tr) => tr.id)
    .join();
  return (
    <Editor
      key={paidIds}
      grant={grant}
      tranches={tranches.data}
      plan={plan.data}
      focusList={paidHere}
      onPaid={() => setPaidHere(true)}
      onDirty={onDirty}
    />
  );
}

function Editor({
  grant,
  tranches,
  plan,
  focusList,
  onPaid,
  onDirty,
}: {
  grant: TGrant;
  tranches: TTranche[];
  plan: TReportPlanItem[];
  focusList: boolean;
  onPaid: () => void;
  /** Whether the rows differ from the saved plan: the dialog asks before it drops them. */
  onDirty: ((dirty: boolean) => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusList) list.current?.querySelector<HTMLElement>('[role="region"]')?.focus();
  }, [focusList]);
  const save = useSaveTranches(grant.id);
  const paid = tranches.filter((tr) => tr.status === 'paid');
  const [rows, setRows] = useState<Row[]>(() => tranches.filter((tr) => tr.status !== 'paid').map(toRow));
  const saved = JSON.stringify(tranches.filter((tr) => tr.status !== 'paid').map(toRow));
  const dirty = JSON.stringify(rows) !== saved;
  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);
  const reportNames = Object.fromEntries(plan.map((item) => [item.id, item.name]));
  const editable = grant.status !== 'declined' && grant.status !== 'closed';
  const planned = sumAmounts([...paid.map((p) => p.amount), ...rows.map((r) => Number(r.amount) || 0)]);
  const setRow = (i: number, patch: Partial<Row>) =>
    setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));
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
              tranche.status === 'payable' ? <MarkPaid grantId={grant.id} tranche={tranche} onPaid={onPaid} /> : null
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
                onSuccess: (saved) => setRows(saved.filter((tr) => tr.status !== 'paid').map(toRow)),
              },
            );
          }}
        >
          <Title order={3} size="h5">
            {t('grants.tranches.plan')}
          </Title>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; their order is their identity
            <Group key={i} align="flex-end" wrap="nowrap">
              <NumberInput
                label={t('grants.tranches.amountOf', {
                  n: paid.length + i + 1,
                  currency: currencySymbol(grant.currency, i18n.language),
                })}
                value={row.amount}
                onChange={(amount) => setRow(i, { amount })}
                min={0}
                decimalScale={2}
                {...amountSeparators(i18n.language)}
              />
              <Select
                label={t('grants.tranches.conditionOf', { n: paid.length + i + 1 })}
                data={conditions}
                value={row.condition}
                allowDeselect={false}
                onChange={(value) => value && setRow(i, { condition: value as TTrancheCondition })}
              />
              {row.condition === 'onDate' && (
                <TextInput
                  type="date"
                  label={t('grants.tranches.dueOf', { n: paid.length + i + 1 })}
                  value={row.dueAt}
                  onChange={(e) => setRow(i, { dueAt: e.currentTarget.value })}
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
                onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
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
                setRows((all) => [...all, { amount: '', condition: 'onAcceptance', dueAt: '', reportPlanId: null }])
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
