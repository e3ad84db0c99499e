import type { TSubmissionListItem } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n/i18n';
import { SubmissionStatus, SubmissionStatusBadge } from './status-badge';

const submission = (patch: Partial<TSubmissionListItem>): TSubmissionListItem => ({
  id: '00000000-0000-4000-8000-000000000001',
  callId: '00000000-0000-4000-8000-000000000002',
  callName: 'Bando',
  organizationId: '00000000-0000-4000-8000-000000000003',
  organizationName: 'Aurora',
  userEmail: 'anna@aurora.example',
  userName: 'Anna Neri',
  closed: false,
  createdAt: '2027-01-10T10:00:00.000Z',
  updatedAt: '2027-01-10T10:00:00.000Z',
  closedAt: null,
  stage: 1,
  stageClosingAt: null,
  stageClosedAt: null,
  twoStage: false,
  outcome: null,
  changesDueAt: null,
  ...patch,
});

const statusOf = (s: TSubmissionListItem) => {
  const { unmount } = render(
    <MantineProvider>
      <SubmissionStatusBadge submission={s} />
    </MantineProvider>,
  );
  const text = screen.getByText(/./).textContent;
  unmount();
  return text;
};

describe('SubmissionStatusBadge', () => {
  beforeAll(async () => {
    await initI18n('it');
  });

  it('says a second stage under way is not sent yet, and says "Submitted" once it is', () => {
    const sent = '2027-01-12T10:00:00.000Z';
    expect(statusOf(submission({}))).toBe('In compilazione');
    expect(statusOf(submission({ closed: true, closedAt: sent }))).toBe('Inviata');
    const invited = { closed: true, closedAt: sent, stage: 2 as const, stageClosingAt: '2027-03-01T10:00:00.000Z' };
    expect(statusOf(submission(invited))).toBe('Fase 1 inviata');
    expect(statusOf(submission({ ...invited, stageClosedAt: '2027-02-20T10:00:00.000Z' }))).toBe('Inviata');
  });

  it('names a request for changes open on a sent application, with its due date', () => {
    const date = (iso: string | null) => `il giorno ${iso}`;
    const sent = { closed: true, closedAt: '2027-01-12T10:00:00.000Z' };
    const cell = (s: TSubmissionListItem) => (
      <MantineProvider>
        <div data-testid="cell">
          <SubmissionStatus submission={s} date={date} />
        </div>
      </MantineProvider>
    );
    const { rerender } = render(cell(submission({ ...sent, changesDueAt: '2027-02-01T10:00:00.000Z' })));
    expect(screen.getByTestId('cell').textContent).toBe(
      'InviataModifiche richiesteEntro il il giorno 2027-02-01T10:00:00.000Z',
    );
    rerender(cell(submission(sent)));
    expect(screen.getByTestId('cell').textContent).toBe('Inviata');
  });
});
