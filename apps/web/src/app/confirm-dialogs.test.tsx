import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

type ConfirmDialogModule = typeof import('../lib/confirm-dialog');
let dialogsUnavailable: ConfirmDialogModule['dialogsUnavailable'];
let openConfirmDialog: ConfirmDialogModule['openConfirmDialog'];
let Providers: typeof import('./providers')['Providers'];

/**
 * The dialogs' code is fetched after the first paint (app/providers.tsx mounts them, lib/confirm-dialog.tsx
 * opens them), and no dialog asked for meanwhile is lost.
 */
describe('confirmation dialogs', () => {
  // Web test files share a worker's modules (vitest.config.ts), and the dialogs' state lives in
  // its module: a file that ran earlier (one that falls back to the browser's box on purpose)
  // would decide this one. Fresh copies of the module and of the providers that read it.
  beforeAll(async () => {
    vi.resetModules();
    ({ dialogsUnavailable, openConfirmDialog } = await import('../lib/confirm-dialog'));
    ({ Providers } = await import('./providers'));
  }, 60_000);
  afterEach(() => vi.unstubAllGlobals());
  // Nor does this file's own fallback (the second test) reach the files after it.
  afterAll(() => vi.resetModules());

  it('a dialog asked for before its provider is there opens once it is', async () => {
    let fellBack = false;
    vi.stubGlobal('confirm', () => {
      fellBack = true;
      return false;
    });
    render(
      <Providers queryClient={new QueryClient()}>
        <p>page</p>
      </Providers>,
    );
    // At once, before the lazy provider could have arrived (it is not even asked for until idle).
    expect(screen.queryByRole('dialog')).toBeNull();
    openConfirmDialog({ title: 'Delete it?', labels: { confirm: 'Delete', cancel: 'Keep' } });
    expect(await screen.findByRole('dialog', { name: 'Delete it?' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Keep' })).toBeTruthy();
    expect(fellBack).toBe(false);
  }, 20_000);

  it('when the dialogs cannot be fetched, the browser asks instead and the answer is acted on', () => {
    const asked: string[] = [];
    const answers = [true, false];
    vi.stubGlobal('confirm', (question?: string) => {
      asked.push(question ?? '');
      return answers.shift() ?? false;
    });
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
