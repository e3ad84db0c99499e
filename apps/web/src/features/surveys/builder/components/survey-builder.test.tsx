import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../../lib/i18n/i18n';
import nps from '../fixtures/nps.json';
import { SurveyBuilder } from './survey-builder';

vi.mock('../../../step-kit/survey-form', () => ({ default: () => null }));

const PASTED = `${JSON.stringify(nps, null, 4)}\n`;

function Harness({ onText }: { onText: (text: string) => void }) {
  const [text, setText] = useState(PASTED);
  return (
    <MantineProvider>
      <SurveyBuilder
        value={text}
        onChange={(next) => {
          setText(next);
          onText(next);
        }}
        quiz={false}
        preview="tab"
      />
    </MantineProvider>
  );
}

describe('the survey builder', () => {
  beforeAll(async () => {
    await initI18n('en');
    // jsdom has no font loading; Mantine's growing text box (the JSON tab) listens to it.
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
      });
  });

  it('deletes a card with an announcement; undo brings back the exact text; the JSON tab shows it', async () => {
    const texts: string[] = [];
    render(<Harness onText={(t) => texts.push(t)} />);
    const title = 'Please let us know why you had such a disappointing experience with our product';
    const short = `${title.slice(0, 57)}…`;
    fireEvent.click(await screen.findByRole('button', { name: `Delete “${short}”` }));
    expect(screen.getByTestId('builder-announcer').textContent).toBe(`“${short}” deleted. Undo brings it back.`);
    expect(texts.at(-1)).not.toContain('disappointing_experience');
    expect(texts.at(-1)).toContain('"otherText": "Other features:"');

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(texts.at(-1)).toBe(PASTED);
    fireEvent.click(screen.getByRole('button', { name: 'Redo' }));
    expect(texts.at(-1)).not.toContain('disappointing_experience');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));

    fireEvent.click(screen.getByRole('tab', { name: 'JSON' }));
    expect((screen.getByTestId('survey-json') as HTMLTextAreaElement).value).toBe(PASTED);
  });

  it('moves a question down with its button, announced, and keeps focus on it', async () => {
    const texts: string[] = [];
    render(<Harness onText={(t) => texts.push(t)} />);
    const down = await screen.findByRole('button', { name: /^Move down “On a scale of zero/ });
    fireEvent.click(down);
    expect(screen.getByTestId('builder-announcer').textContent).toMatch(/moved to position 2 on page 1\.$/);
    const names = JSON.parse(texts.at(-1) ?? '{}').pages[0].elements.map((e: { name: string }) => e.name);
    expect(names.slice(0, 2)).toEqual(['promoter_features', 'nps_score']);
    await vi.waitFor(() => expect(document.activeElement?.id).toBe('q-nps_score-down'));
  });
});
