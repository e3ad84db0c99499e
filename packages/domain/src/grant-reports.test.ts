import { describe, expect, it } from 'vitest';
import { reportDueDay, reportStatus, ZReportPlanItemInput } from './grant-reports';

const callTypeId = '00000000-0000-4000-8000-000000000001';

describe('reporting plan', () => {
  it('needs exactly one of months after the start and a fixed day', () => {
    expect(ZReportPlanItemInput.safeParse({ name: 'Interim', dueAfterMonths: 6, callTypeId }).success).toBe(true);
    expect(ZReportPlanItemInput.safeParse({ name: 'Final', dueAt: '2027-06-30', callTypeId }).success).toBe(true);
    expect(
      ZReportPlanItemInput.safeParse({ name: 'Both', dueAfterMonths: 6, dueAt: '2027-06-30', callTypeId }).success,
    ).toBe(false);
    expect(ZReportPlanItemInput.safeParse({ name: 'Neither', callTypeId }).success).toBe(false);
    // Each told by its own words: a day left empty is not "both".
    const said = (input: object) => ZReportPlanItemInput.safeParse(input).error?.issues.map((i) => i.message);
    expect(said({ name: 'Neither', dueAt: null, callTypeId })).toEqual(['errors.grantReports.dueMissing']);
    expect(said({ name: 'Both', dueAfterMonths: 6, dueAt: '2027-06-30', callTypeId })).toEqual([
      'errors.grantReports.dueRequired',
    ]);
    expect(ZReportPlanItemInput.safeParse({ name: ' ', dueAfterMonths: 6, callTypeId }).success).toBe(false);
  });

  it('counts months from the start and keeps to the end of a shorter month', () => {
    expect(reportDueDay({ dueAfterMonths: 6, dueAt: null }, '2027-01-15')).toBe('2027-07-15');
    expect(reportDueDay({ dueAfterMonths: 12, dueAt: null }, '2026-11-28')).toBe('2027-11-28');
    expect(reportDueDay({ dueAfterMonths: 1, dueAt: null }, '2027-01-31')).toBe('2027-02-28');
    expect(reportDueDay({ dueAfterMonths: 1, dueAt: null }, '2028-01-31')).toBe('2028-02-29');
    expect(reportDueDay({ dueAfterMonths: null, dueAt: '2027-03-01' }, '2026-01-01')).toBe('2027-03-01');
  });

  it('says where a report stands', () => {
    const base = { dueAt: '2027-07-15', submittedAt: null, approvedAt: null, changesRequested: false };
    expect(reportStatus(base, '2027-07-15')).toBe('due');
    expect(reportStatus(base, '2027-07-16')).toBe('overdue');
    expect(reportStatus({ ...base, submittedAt: '2027-07-20T10:00:00Z' }, '2027-07-30')).toBe('submitted');
    expect(reportStatus({ ...base, submittedAt: '2027-07-20T10:00:00Z', changesRequested: true }, '2027-07-30')).toBe(
      'changesRequested',
    );
    expect(reportStatus({ ...base, submittedAt: 'x', approvedAt: '2027-08-01T00:00:00Z' }, '2027-08-02')).toBe(
      'approved',
    );
    // Its grant closed: a report not sent is no longer asked for, one sent stays as it stands.
    expect(reportStatus(base, '2027-07-16', true)).toBe('notRequired');
    expect(reportStatus({ ...base, submittedAt: '2027-07-20T10:00:00Z' }, '2027-07-30', true)).toBe('submitted');
  });
});
