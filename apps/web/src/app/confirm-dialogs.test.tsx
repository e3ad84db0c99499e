import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dialogsUnavailable, openConfirmDialog } from '../lib/confirm-dialog';
import { Providers } from './providers';

/**
 * The dialogs' code is fetched after the first paint (app/providers.tsx mounts them, lib/confirm-dialog.tsx
 * opens them), and no dialog asked for meanwhile is lost.
 */
describe('confirmation dialogs', () => {
  it('a dialog asked for before its provider is there opens once it is', async () => {
    render(
      <Providers queryClient={new QueryClient()}>
        <p>page</p>
      </Providers>,
    );
    // At once, before the lazy provider could have arrived (it is not even asked for until idle).
    expect(screen.queryByRole('dialog')).toBeNull();
    openConfirmDialog({ title: 'Delete it?', labels: { confirm: 'Delete', cancel: 'Keep' } });
    expect(await screen.findByRole('dialog', { name: 'Delete it?' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Keep' })).toBeTruthy();
    // Fetching and transforming the dialogs' code takes seconds on a busy machine.
  }, 30_000);

  it('when the dialogs cannot be fetched, the browser asks instead and the answer is acted on', () => {
    const asked: string[] = [];
    const answers = [true, false];
    window.confirm = (question?: string) => {
      asked.push(question ?? '');
      return answers.shift() ?? false;
    };
    dialogsUnavailable();
    const outcomes: string[] = [];
    const ask = () =>
      openConfirmDialog({
        title: 'Delete it?',
        labels: { confirm: 'Delete', cancel: 'Keep' },
        onConfirm: () => outcomes.push('confirmed'),
        onCancel: () => outcomes.push('cancelled'),
      });
    ask();
    ask();
    expect(asked).toEqual(['Delete it?', 'Delete it?']);
    expect(outcomes).toEqual(['confirmed', 'cancelled']);
  });
});
