import type { TStepHistory } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { StepHistoryPanel } from './step-history-panel';

const answer = (text: string) => JSON.stringify({ answer: text });
const history = (canRestore: boolean): TStepHistory => ({
  submissionId: '00000000-0000-4000-8000-000000000001',
  stepId: '00000000-0000-4000-8000-000000000002',
  currentVersion: 5,
  canRestore,
  versions: [
    {
      version: 5,
      savedAt: '2026-03-02T10:05:00Z',
      author: { firstName: 'Bruno', lastName: 'Sala' },
      content: answer('Orti urbani per tre quartieri'),
      restoredFrom: null,
    },
    {
      version: 2,
      savedAt: '2026-03-01T09:00:00Z',
      author: { firstName: 'Anna', lastName: 'Neri' },
      content: answer('Orti urbani per due quartieri'),
      restoredFrom: null,
    },
  ],
  milestones: [{ closedAt: '2026-03-01T12:00:00Z', closedBy: { firstName: 'Anna', lastName: 'Neri' }, version: 2 }],
});

function renderPanel(canRestore: boolean, onRestore = vi.fn(async () => {})) {
  render(
    <MantineProvider>
      <StepHistoryPanel history={history(canRestore)} onRestore={onRestore} />
    </MantineProvider>,
  );
  return onRestore;
}

beforeAll(async () => {
  await initI18n('en');
});

describe('the step history panel', () => {
  it('lists the versions with their authors and the Submit as a milestone, newest first', () => {
    renderPanel(false);
    const items = within(screen.getByRole('list', { name: 'Saved versions, newest first' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^Version 5Bruno Sala · .*2026.*Current$/),
      expect.stringMatching(/^Submitted by Anna Neri on .*2026.* \(version 2\)$/),
      expect.stringMatching(/^Version 2Anna Neri · /),
    ]);
    // A viewer may not restore: no button offers it.
    expect(screen.queryByRole('button', { name: /Restore/ })).toBeNull();
  });

  it('compares two ticked versions word by word, the changes named for screen readers', () => {
    renderPanel(false);
    expect(screen.getByText('Tick two versions to see what changed between them.')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /Version 5/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Version 2/ }));
    expect(screen.getByRole('heading', { name: 'Changes from version 2 to version 5' })).toBeTruthy();
    const diff = screen.getByTestId('version-diff');
    expect(diff.textContent).toBe('Orti urbani per [removed: due][added: tre] quartieri');
    expect(diff.querySelector('del')?.textContent).toContain('due');
    expect(diff.querySelector('ins')?.textContent).toContain('tre');
  });

  it('restores a version only after the confirmation', async () => {
    const onRestore = renderPanel(true);
    // The current version offers no restore; the older one does.
    expect(screen.queryByRole('button', { name: 'Restore version 5' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Restore version 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore version 2?' });
    expect(onRestore).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await vi.waitFor(() => expect(onRestore).toHaveBeenCalledWith(2));
  });
});
