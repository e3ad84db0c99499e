import {
  DEFAULT_SROI_PARAMS,
  type TActualsForecast,
  type TActualsForecastResponse,
  type TReviewWorkspace,
  type TUserStep,
} from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { serverKeepingAnswers } from '../../step-kit/answers-server-stub';
import { stepProblems } from '..';
import { ImpactActualsReview } from './impact-actuals-review';
import { ImpactActualsStep } from './impact-actuals-step';

const step: TUserStep = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Risultati',
  description: '',
  content: '',
  sort: 0,
  stepTypeId: '00000000-0000-4000-8000-000000000002',
  stepType: { name: 'impactActuals' },
  subSteps: [],
  stage: 1,
};
const submissionId = '00000000-0000-4000-8000-000000000003';
const forecast: TActualsForecast = {
  budget: 100_000,
  params: DEFAULT_SROI_PARAMS,
  indicators: [
    {
      key: '0-0',
      outcomeName: 'Jobs',
      stakeholderName: 'Youth',
      indicatorName: 'People hired',
      proxyName: 'Wage',
      targetValue: 50,
      proxyValue: 1000,
    },
    {
      key: '0-1',
      outcomeName: 'Jobs',
      stakeholderName: 'Youth',
      indicatorName: 'People trained',
      proxyName: 'Course',
      targetValue: 20,
      proxyValue: 500,
    },
  ],
};

function show(response: Omit<TActualsForecastResponse, 'currency'> & { currency?: string }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['impactActuals', 'forecast', submissionId, step.id], { currency: 'EUR', ...response });
  const contents: string[] = [];
  let flush: () => Promise<boolean> = async () => true;
  const view = render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <main>
          <ImpactActualsStep
            step={step}
            submissionId={submissionId}
            result={undefined}
            readOnly={false}
            onContent={(c) => {
              contents.push(c);
            }}
            registerFlush={(f) => {
              flush = f;
            }}
          />
        </main>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, contents, flush: () => flush() };
}

async function violations(container: HTMLElement) {
  // jsdom lays nothing out: contrast is the journeys' to check.
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

/** A paragraph whose whole text matches (a framework's name in it is an element of its own). */
const inParagraph = (pattern: RegExp) => (_: string, element: Element | null) =>
  element?.tagName === 'P' && pattern.test(element.textContent ?? '');

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

describe("a report's impact actuals in the wizard", () => {
  it('leaves the names of an outcome the applicant wrote unmarked: they are not the framework’s', () => {
    const [first] = forecast.indicators;
    if (!first) throw new Error('no indicator');
    const own = { ...first, key: '1-0', outcomeName: 'Quartiere', indicatorName: 'Vicini', sdg: null };
    show({ status: 'ok', forecast: { ...forecast, indicators: [own] }, forecastSroi: null });
    expect(screen.getByRole('heading', { name: 'Vicini' }).querySelector('[lang]')).toBeNull();
    expect(screen.getByText('Quartiere').getAttribute('lang')).toBeNull();
    // Its stakeholder was picked from the framework.
    expect(screen.getByText('Youth').getAttribute('lang')).toBe('it');
  });

  it('lists each indicator with its target read only, a labelled value, note and evidence; axe finds nothing', async () => {
    const { container, contents } = show({ status: 'ok', forecast, forecastSroi: { low: 0.5, central: 1.7, high: 2 } });
    expect(screen.getByText(/Yearly target in the application: 50 ·/)).toBeTruthy();
    expect(screen.getByText(inParagraph(/“Wage”: €1,000.00 per unit/))).toBeTruthy();
    // The framework's names are in its language (Italian) on this English page, and say so.
    expect(screen.getByText('Wage').getAttribute('lang')).toBe('it');
    expect(screen.getByRole('heading', { name: 'People hired' }).querySelector('[lang="it"]')).toBeTruthy();
    expect(screen.getAllByText('Youth').map((e) => e.getAttribute('lang'))).toEqual(['it', 'it']);
    expect(screen.getByText(/Yearly target in the application: 20 ·/)).toBeTruthy();
    expect(screen.getByLabelText(/Value achieved in the period: People hired/)).toBeTruthy();
    expect(screen.getByLabelText('Note on People trained')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Choose the file/i })).toHaveLength(2);
    expect(screen.getByText('1.70')).toBeTruthy();
    // Submit stays blocked until every indicator has a value.
    expect(stepProblems(step, contents.at(-1))).toEqual(['errors.impactActuals.valueRequired']);
    fireEvent.change(screen.getByLabelText(/Value achieved in the period: People hired/), { target: { value: '40' } });
    fireEvent.change(screen.getByLabelText(/Value achieved in the period: People trained/), {
      target: { value: '30' },
    });
    expect(JSON.parse(contents.at(-1) ?? '{}').values.map((v: { value: number }) => v.value)).toEqual([40, 30]);
    expect(stepProblems(step, contents.at(-1))).toEqual([]);
    expect(await violations(container)).toEqual([]);
  });

  it('reads a value as an Italian writes it: "2,5" is two and a half, "1.250" twelve hundred and fifty', async () => {
    await initI18n('it');
    try {
      const { container, contents } = show({ status: 'ok', forecast, forecastSroi: null });
      const view = within(container);
      const values = () => JSON.parse(contents.at(-1) ?? '{}').values.map((v: { value: number }) => v.value);
      // The comma is the decimal mark; a unit pasted with it is not guessed away ("2,5k" is no 2,5).
      const hired = view.getByLabelText(/Valore raggiunto nel periodo: People hired/);
      fireEvent.change(hired, { target: { value: '2,5t' } });
      expect(values()[0]).toBeNull();
      expect(hired.getAttribute('aria-invalid')).toBe('true');
      fireEvent.change(hired, { target: { value: '2,5' } });
      expect(values()[0]).toBe(2.5);
      fireEvent.change(view.getByLabelText(/Valore raggiunto nel periodo: People trained/), {
        target: { value: '1.250' },
      });
      expect(values()).toEqual([2.5, 1250]);
    } finally {
      await initI18n('en');
    }
  });

  it('a value out of range is saved empty and shown with its error; the rest typed meanwhile is saved', async () => {
    window.localStorage.clear();
    const sent = serverKeepingAnswers(submissionId, step.id);
    const { container, flush, contents } = show({ status: 'ok', forecast, forecastSroi: null });
    const view = within(container);
    fireEvent.change(view.getByLabelText(/Value achieved in the period: People trained/), { target: { value: '30' } });
    fireEvent.change(view.getByLabelText(/Value achieved in the period: People hired/), { target: { value: '-5' } });
    fireEvent.change(view.getByLabelText('Note on People trained'), { target: { value: 'Two courses held' } });
    expect(view.getByText('The value must be zero or more.')).toBeTruthy();
    // It holds Next and Submit with its own words (it went to the server, which refused it after
    // emptying the field), and the actual SROI does not count it.
    expect(stepProblems(step, contents.at(-1))).toEqual(['errors.impact.negativeNumber']);
    expect(view.getByTestId('actuals-ratios').textContent).toContain('computed once every indicator has a value');
    await act(async () => {
      await flush();
    });
    // (An earlier test's step, gone, may make its last save meanwhile: looked for, not taken last.)
    expect(sent.map((content) => JSON.parse(content).values)).toContainEqual([
      { key: '0-0', value: null, note: '' },
      { key: '0-1', value: 30, note: 'Two courses held' },
    ]);
  });

  it('says clearly when the submission is not a report, and the step cannot be submitted', async () => {
    const { container, contents } = show({ status: 'notAReport', forecast: null, forecastSroi: null });
    expect(screen.getByText(/This form is not a report of a grant/)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(stepProblems(step, contents.at(-1))).toEqual(['errors.impactActuals.notAReport']);
    expect(await violations(container)).toEqual([]);
  });

  it('in a report whose application chose no indicators, says there is nothing to fill in and holds nothing', async () => {
    const { contents } = show({ status: 'noImpactAnswer', forecast: null, forecastSroi: null });
    expect(screen.getByText(/there is nothing to fill in here/)).toBeTruthy();
    await waitFor(() => expect(contents.length).toBeGreaterThan(0));
    expect(stepProblems(step, contents.at(-1))).toEqual([]);
  });

  it('the reviewer sees forecast against actual per indicator and both ratios', () => {
    render(
      <MantineProvider>
        <ImpactActualsReview
          section={{
            stepId: step.id,
            sectionName: step.name,
            stepType: 'impactActuals',
            questions: '',
            answers: JSON.stringify({
              values: [
                { key: '0-0', value: 40, note: 'Open-ended contracts' },
                { key: '0-1', value: 30, note: '' },
              ],
              forecast,
              forecastSroi: { low: 0.5, central: 1.7, high: 2 },
              actualSroi: { low: 0.4, central: 1.55, high: 1.8 },
            }),
          }}
          workspace={{} as TReviewWorkspace}
          downloadFile={() => {}}
        />
      </MantineProvider>,
    );
    expect(screen.getByText('Open-ended contracts')).toBeTruthy();
    // Its box scrolls sideways on a phone, and a keyboard can scroll it: named and focusable.
    const box = screen.getByRole('region', { name: 'Target in the application and value achieved, per indicator' });
    expect(box.tabIndex).toBe(0);
    expect(screen.getByText('1.70')).toBeTruthy();
    expect(screen.getByText('1.55')).toBeTruthy();
  });

  it('writes the proxies in the grant’s currency', () => {
    show({ status: 'ok', forecast, forecastSroi: null, currency: 'GBP' });
    expect(screen.getByText(inParagraph(/“Wage”: £1,000.00 per unit/))).toBeTruthy();
  });
});
