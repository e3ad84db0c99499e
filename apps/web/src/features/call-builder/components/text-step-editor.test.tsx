import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { TextStepEditor } from './text-step-editor';

beforeAll(async () => {
  await initI18n('en');
});

let latest = '';
function Harness({ initial }: { initial: object }) {
  const [content, setContent] = useState(JSON.stringify(initial));
  latest = content;
  return (
    <MantineProvider>
      <TextStepEditor content={content} onChange={setContent} showErrors />
    </MantineProvider>
  );
}

describe("the call editor's text step", () => {
  it('turns a one-question step into several: a short question becomes the first one’s label (not repeated in the introduction), keeping the answers’ id', {
    timeout: 30_000,
  }, () => {
    render(<Harness initial={{ question: '<p>Describe the <b>project</b></p>', maxLength: 300 }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    expect(JSON.parse(latest)).toEqual({
      question: '',
      questions: [
        { id: 'answer', label: 'Describe the project', required: true, maxLength: 300 },
        { id: 'q2', label: '', required: true },
      ],
    });
    // The new question's label is required: it says so until written.
    const labels = screen.getAllByRole('textbox', { name: /Label/ }) as HTMLInputElement[];
    expect(labels).toHaveLength(2);
    expect(labels[1]?.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(labels[1] as HTMLInputElement, { target: { value: 'Duration' } });
    expect(labels[1]?.getAttribute('aria-invalid')).not.toBe('true');
    // Optional from now on.
    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Required' })[1] as HTMLElement);
    expect(JSON.parse(latest).questions[1]).toEqual({ id: 'q2', label: 'Duration', required: false });
  });

  it('keeps a long question as the introduction, the first question waiting for its label', () => {
    const long = '<p>Describe the project.</p><ul><li>Who benefits</li><li>Where</li></ul>';
    render(<Harness initial={{ question: long }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    expect(JSON.parse(latest)).toEqual({
      question: long,
      questions: [
        { id: 'answer', label: '', required: true },
        { id: 'q2', label: '', required: true },
      ],
    });
  });

  it('moves a question with its buttons and says where it went; deletes one, never the last', {
    timeout: 30_000,
  }, () => {
    render(
      <Harness
        initial={{
          questions: [
            { id: 'a', label: 'Title', required: true },
            { id: 'b', label: 'Duration', required: false },
          ],
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move question 1 down' }));
    expect(JSON.parse(latest).questions.map((q: { id: string }) => q.id)).toEqual(['b', 'a']);
    expect(screen.getByText('“Title” is now question 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete question 1' }));
    expect(JSON.parse(latest).questions.map((q: { id: string }) => q.id)).toEqual(['a']);
    expect((screen.getByRole('button', { name: 'Delete question 1' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
