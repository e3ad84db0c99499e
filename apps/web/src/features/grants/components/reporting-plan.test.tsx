import type { TCallType, TReportPlanItem } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { reportKeys } from '../api/grant-reports';
import { ReportingPlan } from './reporting-plan';

const ids = {
  call: '00000000-0000-4000-8000-000000000001',
  item: '00000000-0000-4000-8000-000000000002',
  form: '00000000-0000-4000-8000-000000000003',
  formCall: '00000000-0000-4000-8000-000000000004',
  newForm: '00000000-0000-4000-8000-000000000005',
};
const interim: TReportPlanItem = {
  id: ids.item,
  callId: ids.call,
  position: 0,
  name: 'Interim report',
  dueAfterMonths: 6,
  dueAt: null,
  callTypeId: ids.form,
  formCallId: ids.formCall,
};
const formType: TCallType = { id: ids.form, name: 'Interim form', description: '', steps: [] };

type Route = (url: string, init: RequestInit) => Response | undefined;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The plan on cached data; requests go to `route`, recorded. */
function renderPlan(plan: TReportPlanItem[], route: Route, callTypes: TCallType[] = [formType]) {
  const fetchStub = vi.fn(async (url: string, init: RequestInit) => route(String(url), init) ?? json(404, {}));
  vi.stubGlobal('fetch', fetchStub);
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  client.setQueryData(reportKeys.plan(ids.call), plan);
  client.setQueryData(['grants', 'call-types'], callTypes);
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <MemoryRouter>
          <ReportingPlan callId={ids.call} />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return fetchStub;
}
const sent = (stub: ReturnType<typeof vi.fn>, path: string) =>
  stub.mock.calls
    .filter(([url]) => String(url).includes(path))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('the reporting plan', () => {
  it('offers the named forms by name, an untitled one only where a report already uses it, no application form', async () => {
    const untitled = (id: string): TCallType => ({ id, name: ' ', description: '', steps: [] });
    renderPlan([{ ...interim, callTypeId: ids.newForm }], () => undefined, [
      formType,
      untitled(ids.newForm),
      untitled(ids.formCall),
      { ...formType, id: ids.item, name: 'Annual form' },
      // A call's application: the server refuses it as a report's form.
      { ...formType, id: '00000000-0000-4000-8000-0000000000aa', name: 'Bando Futuro', applicationForm: true },
    ]);
    const listbox = await screen.findByRole('listbox', { name: 'Report 1: form', hidden: true });
    const options = within(listbox).getAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['Annual form', 'Interim form', 'Untitled form']);
  });

  it('says what is missing and sends nothing while an item is incomplete', async () => {
    const stub = renderPlan([], () => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Add a report' }));
    const months = screen.getByLabelText('Report 1: months after the start');
    fireEvent.change(months, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the reporting plan' }));
    expect(await screen.findByText('Some reports are incomplete: see the fields marked above.')).toBeTruthy();
    expect(screen.getByText('Required')).toBeTruthy();
    expect(screen.getByText('Choose the report’s form.')).toBeTruthy();
    expect(screen.getByText('Give a whole number of months from 1 to 120.')).toBeTruthy();
    expect(stub).not.toHaveBeenCalled();
    // The incomplete item gone, so is the banner (it stayed until the next Save).
    fireEvent.click(screen.getByRole('button', { name: 'Remove report 1' }));
    expect(screen.queryByText('Some reports are incomplete: see the fields marked above.')).toBeNull();
  });

  it('sends the kept item with its id and one due, and a new one asking for its new form, made with the plan', async () => {
    const stub = renderPlan([interim], (url, init) => {
      if (url.includes('Grant/SaveReportingPlan') && init.method === 'PUT') return json(200, [interim]);
      return undefined;
    });
    // The saved item links to its form's questions, with the way back to this call.
    const link = screen.getByRole('link', { name: 'Edit the form’s questions: Interim report' });
    expect(link.getAttribute('href')).toBe(`/admin/report-forms/${ids.formCall}?callId=${ids.call}`);

    const first = screen.getByRole('group', { name: 'Report 1' });
    fireEvent.click(within(first).getByLabelText('On a fixed date'));
    fireEvent.change(within(first).getByLabelText('Report 1: due date'), { target: { value: '2027-06-30' } });

    fireEvent.click(screen.getByRole('button', { name: 'Add a report' }));
    fireEvent.change(screen.getByLabelText(/Report 2: name/), { target: { value: 'Final report' } });
    fireEvent.change(screen.getByLabelText('Report 2: months after the start'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'New form for report 2' }));
    // Nothing is made at the click: the form comes with the plan, or not at all. The keyboard
    // goes to the way back, which the button pressed made room for.
    expect(screen.getByText(/A new, empty form named “Final report” will be made when you save the plan/)).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Choose an existing form instead, for report 2' }),
      ),
    );
    expect(sent(stub, 'Call/CreateCallType')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Save the reporting plan' }));
    await waitFor(() => expect(sent(stub, 'Grant/SaveReportingPlan')).toHaveLength(1));
    expect(sent(stub, 'Grant/SaveReportingPlan')[0]).toEqual({
      callId: ids.call,
      reports: [
        { id: ids.item, name: 'Interim report', dueAfterMonths: null, dueAt: '2027-06-30', callTypeId: ids.form },
        { name: 'Final report', dueAfterMonths: 12, dueAt: null, newForm: true },
      ],
    });
  });

  it('explains a refused removal (409) and shows a field error from the server (400) on its field', async () => {
    let answer = 409;
    renderPlan([interim], (url) => {
      if (!url.includes('Grant/SaveReportingPlan')) return undefined;
      if (answer === 409) {
        return json(409, {
          type: '/problems/conflict',
          title: 'Conflict',
          status: 409,
          messageKey: 'errors.grantReports.planItemInUse',
        });
      }
      return json(400, {
        type: '/problems/validation',
        title: 'Bad',
        status: 400,
        messageKey: 'errors.validation',
        errors: [{ path: 'reports.0.dueAfterMonths', messageKey: 'errors.grantReports.dueRequired' }],
      });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove report 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save the reporting plan' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A report cannot be removed once grantees have started it or a tranche waits for its approval.',
    );

    answer = 400;
    fireEvent.click(screen.getByRole('button', { name: 'Add a report' }));
    fireEvent.change(screen.getByLabelText(/Report 1: name/), { target: { value: 'Again' } });
    fireEvent.click(screen.getByRole('button', { name: 'New form for report 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save the reporting plan' }));
    const months = screen.getByLabelText('Report 1: months after the start');
    await waitFor(() => expect(months.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Give either the months after the grant starts or a date, not both.')).toBeTruthy();
    // The field error is on its field, not repeated as a general alert.
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
