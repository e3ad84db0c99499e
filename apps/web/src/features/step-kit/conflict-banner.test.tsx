import type { TStepResult } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n/i18n';
import { signInForTest } from '../../lib/test-session';
import { ConflictBanner } from './conflict-banner';
import { SavedBy } from './saved-by';

const rita = '00000000-0000-4000-8000-0000000000aa';
const newer = (by: TStepResult['updatedBy']): TStepResult => ({
  id: '00000000-0000-4000-8000-000000000001',
  callSubmissionId: '00000000-0000-4000-8000-000000000002',
  stepId: '00000000-0000-4000-8000-000000000003',
  content: 'Their text',
  score: null,
  version: 3,
  updatedAt: '2027-01-05T10:30:00.000Z',
  updatedBy: by,
});
const show = (by: TStepResult['updatedBy']) =>
  render(
    <MantineProvider>
      <ConflictBanner
        onLoadNewer={() => {}}
        onKeepMine={() => {}}
        newer={newer(by)}
        compare={{ mine: 'My text', theirs: 'Their text' }}
      />
    </MantineProvider>,
  );

beforeAll(async () => {
  await initI18n('en');
  signInForTest(rita);
});

describe('the conflict banner', () => {
  it('says "you" when the newer version is the reader’s own, from another tab or device', () => {
    show({ firstName: 'Rita', lastName: 'Rossi', id: rita });
    expect(screen.getByTestId('conflict-banner').textContent).toContain('You saved a newer version at');
    expect(screen.getByText('Saved from your other tab or device')).toBeTruthy();
    expect(screen.queryByText(/Rita Rossi/)).toBeNull();
  });

  it('names a teammate who saved it', () => {
    show({ firstName: 'Giulia', lastName: 'Verdi', id: '00000000-0000-4000-8000-0000000000bb' });
    expect(screen.getByTestId('conflict-banner').textContent).toContain('Giulia Verdi saved a newer version at');
  });

  it('“Saved by” says you for the reader’s own save, and names a teammate', () => {
    const at = '2027-01-05T10:30:00.000Z';
    const inPage = (author: Parameters<typeof SavedBy>[0]['author']) =>
      render(
        <MantineProvider>
          <SavedBy author={author} at={at} />
        </MantineProvider>,
      );
    const mine = inPage({ firstName: 'Rita', lastName: 'Rossi', id: rita });
    expect(screen.getByTestId('saved-by').textContent).toMatch(/^Saved by you at /);
    mine.unmount();
    inPage({ firstName: 'Giulia', lastName: 'Verdi', id: '00000000-0000-4000-8000-0000000000bb' });
    expect(screen.getByTestId('saved-by').textContent).toMatch(/^Saved by Giulia Verdi at /);
  });
});
