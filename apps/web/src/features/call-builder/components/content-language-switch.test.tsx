import type { TCall, TCallType } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { callBuilderKeys } from '../api/keys';
import { CallEditorPage } from '../pages/call-editor-page';

const callId = '00000000-0000-4000-8000-000000000001';
const callTypeId = '00000000-0000-4000-8000-000000000002';
const textTypeId = '00000000-0000-4000-8000-000000000003';
const stepId = '00000000-0000-4000-8000-000000000004';
const at = '2026-02-01T00:00:00.000Z';
const call = {
  id: callId,
  name: 'Bando Verde',
  description: '<p>Descrizione</p>',
  openingAt: at,
  closingAt: '2026-04-01T00:00:00.000Z',
  callLockEnd: null,
  callTypeId,
  isUserFilterEnable: false,
  userFilterEmail: '',
  powerBIReportID: null,
  powerBIWorkspaceID: null,
  userPowerBIReportID: null,
  userPowerBIWorkspaceID: null,
  steps: [
    {
      id: stepId,
      name: 'Progetto',
      description: '',
      content: JSON.stringify({ question: '<p>Perché?</p>' }),
      sort: 0,
      stepTypeId: textTypeId,
      stepType: { name: 'text' },
      expectedAnswers: null,
      subSteps: [],
      stage: 1,
      translations: { en: { name: 'Project' } },
    },
  ],
  submissionId: '00000000-0000-4000-8000-000000000009',
  submissionClosed: false,
  customFile: null,
  draft: false,
  translations: { en: { name: 'Green Call' } },
  createdAt: at,
  updatedAt: at,
} satisfies TCall;
const callType: TCallType = { id: callTypeId, name: '', description: '', steps: call.steps };

beforeAll(async () => {
  await initI18n('en');
});

function renderEditor() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
  const client = new QueryClient();
  client.setQueryData(callBuilderKeys.call(callId), call);
  client.setQueryData([...callBuilderKeys.callTypes(), callTypeId], callType);
  client.setQueryData(callBuilderKeys.stepTypes(), [{ id: textTypeId, name: 'text' }]);
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <RouterProvider
          router={createMemoryRouter(
            [
              {
                path: '/admin/calls/:callId',
                element: (
                  <CallEditorPage
                    CustomFileTab={() => null}
                    ReviewTab={() => null}
                    GrantsTab={() => null}
                    RemindersTab={() => null}
                  />
                ),
              },
            ],
            { initialEntries: [`/admin/calls/${callId}`] },
          )}
        />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe("the call editor's language switch", () => {
  // The whole editor with its rich-text fields: slow to mount on a busy machine.
  it('marks what each language lacks and edits one language at a time, the default as placeholder', {
    timeout: 30_000,
  }, async () => {
    renderEditor();
    const switchGroup = await screen.findByRole('radiogroup', { name: 'Language of the texts' });
    // English lacks the description and the text step's question; French everything written.
    expect(within(switchGroup).getByTestId('missing-en').textContent).toBe('2 missing');
    expect(within(switchGroup).getByTestId('missing-fr').textContent).toBe('4 missing');
    expect(within(switchGroup).queryByTestId('missing-it')).toBeNull();

    const name = () => screen.getByRole('textbox', { name: /Call name/ }) as HTMLInputElement;
    expect(name().value).toBe('Bando Verde');
    fireEvent.click(within(switchGroup).getByRole('radio', { name: /English/ }));
    expect(name().value).toBe('Green Call');
    expect(name().placeholder).toBe('Bando Verde');

    // Emptied, the English name is missing too (applicants would read the Italian one).
    fireEvent.change(name(), { target: { value: '' } });
    expect(within(switchGroup).getByTestId('missing-en').textContent).toBe('3 missing');

    fireEvent.click(within(switchGroup).getByRole('radio', { name: /Français/ }));
    expect(name().value).toBe('');
    fireEvent.change(name(), { target: { value: 'Appel vert' } });
    expect(within(switchGroup).getByTestId('missing-fr').textContent).toBe('3 missing');
    // The default language's field is untouched by the others.
    fireEvent.click(within(switchGroup).getByRole('radio', { name: /Italiano/ }));
    expect(name().value).toBe('Bando Verde');
    vi.unstubAllGlobals();
  });
});
