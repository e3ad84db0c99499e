import {
  REPORT_DUE_MONTHS_MAX,
  REPORT_NAME_MAX_LENGTH,
  type TReportPlanItem,
  type TReportPlanItemInput,
} from '@impact/domain';

/** One item of the reporting plan as edited: due after months or on a day, the form a call type. */
export type PlanRow = {
  id?: string;
  name: string;
  due: 'months' | 'date';
  dueAfterMonths: number | string;
  dueAt: string;
  callTypeId: string | null;
  /** Instead of a form chosen: a new one, named after the report, made when the plan is saved. */
  newForm?: boolean;
  /** The saved item's hidden call whose steps are the form's questions. */
  formCallId?: string;
};

export const emptyRow = (): PlanRow => ({ name: '', due: 'months', dueAfterMonths: 6, dueAt: '', callTypeId: null });

export function itemToRow(item: TReportPlanItem): PlanRow {
  return {
    id: item.id,
    name: item.name,
    due: item.dueAt ? 'date' : 'months',
    dueAfterMonths: item.dueAfterMonths ?? 6,
    dueAt: item.dueAt ?? '',
    callTypeId: item.callTypeId,
    formCallId: item.formCallId,
  };
}

export type RowProblems = Partial<Record<'name' | 'dueAfterMonths' | 'dueAt' | 'callTypeId', string>>;

/** The same rules the server checks (ZReportPlanItemInput), as translation keys, before sending. */
export function rowProblems(row: PlanRow): RowProblems {
  const problems: RowProblems = {};
  const name = row.name.trim();
  if (!name) problems.name = 'errors.field.required';
  else if (name.length > REPORT_NAME_MAX_LENGTH) problems.name = 'errors.field.tooLong';
  if (row.due === 'months') {
    const months = Number(row.dueAfterMonths);
    if (row.dueAfterMonths === '' || !Number.isInteger(months) || months < 1 || months > REPORT_DUE_MONTHS_MAX) {
      problems.dueAfterMonths = 'errors.grantReports.monthsRange';
    }
  } else if (!/^\d{4}-\d{2}-\d{2}$/.test(row.dueAt)) problems.dueAt = 'errors.grantReports.dueRequired';
  if (!row.callTypeId && !row.newForm) problems.callTypeId = 'errors.grantReports.formRequired';
  return problems;
}

/** The request's item: exactly one of the two dues, the kept item with its id. */
export function rowToInput(row: PlanRow): TReportPlanItemInput {
  return {
    ...(row.id ? { id: row.id } : {}),
    name: row.name.trim(),
    dueAfterMonths: row.due === 'months' ? Number(row.dueAfterMonths) : null,
    dueAt: row.due === 'date' ? row.dueAt : null,
    ...(row.newForm ? { newForm: true as const } : { callTypeId: row.callTypeId ?? '' }),
  };
}
