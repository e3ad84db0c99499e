import { MAX_PLANNED_REPORTS, type TReportPlanItem } from '@impact/domain';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateField } from '../../../components/date-field';
import { ApiError } from '../../../lib/api-client';
import { fieldErrorText, problemText } from '../../../lib/problem-text';
import { useFocusAfterRender } from '../../../lib/use-focus-after-render';
import { useCallTypes } from '../api/call-types';
import { useReportingPlan, useSaveReportingPlan } from '../api/grant-reports';
import { emptyRow, itemToRow, type PlanRow, type RowProblems, rowProblems, rowToInput } from './report-plan-rows';

/** Where a report form's questions are edited (its hidden call's steps), with the way back. */
export const reportFormPath = (formCallId: string, callId: string) =>
  `/admin/report-forms/${formCallId}?callId=${callId}`;

/**
 * The Grants tab's reporting plan (decision 0044): the reports every grant of the call owes, each
 * due some months after the grant starts or on a fixed day, each filled in with a form (a call
 * type) whose questions are edited on the item's hidden call once saved.
 */
export function ReportingPlan({ callId }: { callId: string }) {
  const { t } = useTranslation();
  const plan = useReportingPlan(callId);
  if (plan.isPending) return <Loader aria-label={t('grantReports.loading')} />;
  if (plan.isError) return <Alert color="red">{problemText(t, plan.error)}</Alert>;
  return <PlanEditor callId={callId} saved={plan.data} />;
}

function PlanEditor({ callId, saved }: { callId: string; saved: TReportPlanItem[] }) {
  const { t } = useTranslation();
  const save = useSaveReportingPlan(callId);
  const callTypes = useCallTypes();
  const [rows, setRows] = useState<PlanRow[]>(() => saved.map(itemToRow));
  const [showProblems, setShowProblems] = useState(false);
  const { root, focusSoon } = useFocusAfterRender<HTMLDivElement>();
  const problems = rows.map(rowProblems);
  const setRow = (i: number, patch: Partial<PlanRow>) =>
    setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  // Each new call makes an untitled form of its own (SPEC 2): offered only where a row already uses
  // one, else the list fills with identical "Untitled form" entries; a call's application form is
  // never a report's (the server refuses it). By name, as a person looks for one.
  const inUse = new Set(rows.map((r) => r.callTypeId));
  const forms = (callTypes.data ?? [])
    .filter((ct) => (ct.name.trim() !== '' && !ct.applicationForm) || inUse.has(ct.id))
    .map((ct) => ({ value: ct.id, label: ct.name.trim() || t('grantReports.plan.untitledForm') }))
    .sort((a, b) => a.label.localeCompare(b.label));

  // A problem found here first; else the server's for that field of that item.
  const errorOf = (i: number, field: keyof RowProblems) => {
    const key = showProblems ? problems[i]?.[field] : undefined;
    return key ? t(key) : fieldErrorText(t, save.error, `reports.${i}.${field}`);
  };
  const hasFieldErrors = save.error instanceof ApiError && (save.error.problem.errors?.length ?? 0) > 0;
  // A 409 says an item cannot go (its reports were started, or a tranche waits for it).
  const generalError =
    save.error && !hasFieldErrors
      ? save.error instanceof ApiError && save.error.status === 409 && !i18nHas(t, save.error.problem.messageKey)
        ? t('errors.grantReports.planItemInUse')
        : problemText(t, save.error)
      : null;

  const submit = () => {
    if (problems.some((p) => Object.keys(p).length > 0)) return setShowProblems(true);
    setShowProblems(false);
    save.mutate(
      { callId, reports: rows.map(rowToInput) },
      {
        onSuccess: (items) => {
          setRows(items.map(itemToRow));
          notifications.show({ color: 'teal', message: t('grantReports.plan.saved') });
        },
      },
    );
  };

  // The form is made with the plan, when it is saved: asked for and then not saved, it leaves nothing.
  const newForm = (i: number) => {
    setRow(i, { newForm: true, callTypeId: null });
    // The button pressed is replaced by the notice and its way back: the keyboard goes there.
    focusSoon(`[data-plan-choose="${i}"]`);
  };
  const chooseForm = (i: number) => {
    setRow(i, { newForm: false });
    focusSoon(`[data-plan-form="${i}"]`);
  };

  return (
    <Stack
      ref={root}
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Title order={3} size="h4">
        {t('grantReports.plan.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('grantReports.plan.intro')}
      </Text>
      {rows.length === 0 && <Text size="sm">{t('grantReports.plan.empty')}</Text>}
      {rows.map((row, i) => {
        const n = i + 1;
        return (
          <Paper
            key={row.id ?? `new-${i}`}
            withBorder
            p="md"
            radius="md"
            component="fieldset"
            aria-label={t('grantReports.plan.itemN', { n })}
          >
            <Stack gap="xs">
              <Group align="flex-end" wrap="wrap">
                <TextInput
                  label={t('grantReports.plan.nameOf', { n })}
                  value={row.name}
                  onChange={(e) => setRow(i, { name: e.currentTarget.value })}
                  error={errorOf(i, 'name')}
                  withAsterisk
                  style={{ flex: 1, minWidth: 220 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t('grantReports.plan.remove', { n })}
                  onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
              <Radio.Group
                label={t('grantReports.plan.dueOf', { n })}
                value={row.due}
                onChange={(due) => setRow(i, { due: due === 'date' ? 'date' : 'months' })}
              >
                <Group mt={4}>
                  <Radio value="months" label={t('grantReports.plan.dueMonths')} />
                  <Radio value="date" label={t('grantReports.plan.dueDate')} />
                </Group>
              </Radio.Group>
              {row.due === 'months' ? (
                <NumberInput
                  label={t('grantReports.plan.monthsOf', { n })}
                  value={row.dueAfterMonths}
                  onChange={(dueAfterMonths) => setRow(i, { dueAfterMonths })}
                  min={1}
                  max={120}
                  allowDecimal={false}
                  error={errorOf(i, 'dueAfterMonths')}
                  w={240}
                />
              ) : (
                <DateField
                  label={t('grantReports.plan.dateOf', { n })}
                  value={row.dueAt}
                  onChange={(dueAt) => setRow(i, { dueAt })}
                  error={errorOf(i, 'dueAt') ?? fieldErrorText(t, save.error, `reports.${i}.dueAfterMonths`)}
                  w={240}
                />
              )}
              {row.newForm ? (
                <Group align="center" wrap="wrap" gap="sm">
                  <Text size="sm" id={`plan-new-form-${i}`}>
                    {t('grantReports.plan.newFormOnSave', {
                      name: row.name.trim() || t('grantReports.plan.itemN', { n }),
                    })}
                  </Text>
                  <Button
                    variant="subtle"
                    size="xs"
                    onClick={() => chooseForm(i)}
                    data-plan-choose={i}
                    aria-label={t('grantReports.plan.chooseFormFor', { n })}
                    aria-describedby={`plan-new-form-${i}`}
                  >
                    {t('grantReports.plan.chooseForm')}
                  </Button>
                </Group>
              ) : (
                <Group align="flex-end" wrap="wrap">
                  <Select
                    data-plan-form={i}
                    label={t('grantReports.plan.formOf', { n })}
                    placeholder={t('grantReports.plan.pickForm')}
                    data={forms}
                    value={row.callTypeId}
                    onChange={(callTypeId) => setRow(i, { callTypeId })}
                    searchable
                    error={errorOf(i, 'callTypeId')}
                    disabled={callTypes.isPending}
                    style={{ flex: 1, minWidth: 220 }}
                  />
                  <Button
                    variant="default"
                    onClick={() => newForm(i)}
                    aria-label={t('grantReports.plan.newFormFor', { n })}
                  >
                    {t('grantReports.plan.newForm')}
                  </Button>
                </Group>
              )}
              {row.formCallId && (
                <Anchor component={Link} to={reportFormPath(row.formCallId, callId)} size="sm">
                  {t('grantReports.plan.editForm', { name: row.name })}
                </Anchor>
              )}
            </Stack>
          </Paper>
        );
      })}
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={rows.length >= MAX_PLANNED_REPORTS}
          onClick={() => setRows((all) => [...all, emptyRow()])}
        >
          {t('grantReports.plan.add')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t('grantReports.plan.save')}
        </Button>
      </Group>
      {/* Gone once the items are mended, not only at the next Save. */}
      {showProblems && problems.some((p) => Object.keys(p).length > 0) && (
        <Alert color="red" role="alert">
          {t('grantReports.plan.fixProblems')}
        </Alert>
      )}
      {generalError && (
        <Alert color="red" role="alert">
          {generalError}
        </Alert>
      )}
    </Stack>
  );
}

/** Whether a server's message key has a text here (a new conflict may not, yet). */
const i18nHas = (t: ReturnType<typeof useTranslation>['t'], key: string) => t(key) !== key;
